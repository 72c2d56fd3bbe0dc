import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from './theme';

/**
 * The stylesheets `MantineProvider` writes into the page for the app's theme (its CSS variables and Mantine's
 * global classes), one rule a line: `theme-variables.css`, which `ThemeProvider` relies on instead, is this (a
 * file snapshot, `theme-provider.test.tsx`; `npx vitest run --project web -u` writes it again after a change to
 * `theme.ts` or a Mantine upgrade). For the tests only: not part of the app.
 */
export function themeCss(): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver }, createElement('div')),
  );
  const sheets = [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
  const rules = sheets
    .join('\n')
    .replace(/\}/g, '}\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return `/* What MantineProvider writes into the page for src/app/theme.ts (theme-css.ts; a test checks it). */\n${rules.join('\n')}\n`;
}
