import '../../app/mantine-styles.css';
import '../../app/touch-and-focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from '../../app/theme-provider';
import { quoteAnswerApi } from './quote-answer-api';
import { QuotePage } from './quote-page';

/** Where a quote's public page is: `/q/{token}`, the link a quote email gives. */
export const QUOTE_PAGE = /^\/q\/([^/]+)\/?$/;

/**
 * Renders a quote's public page on its own: no sign-in, no app shell, none of the signed-in app's code. The page
 * is not for search engines (the server says so too, `X-Robots-Tag`).
 */
export function renderQuotePage(apiBaseUrl: string, token: string): void {
  const robots = document.createElement('meta');
  robots.name = 'robots';
  robots.content = 'noindex, nofollow';
  document.head.append(robots);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <QuotePage api={quoteAnswerApi(apiBaseUrl, token)} />
      </ThemeProvider>
    </StrictMode>,
  );
}
