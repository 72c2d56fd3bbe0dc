import type { PublicQuote } from '@fieldbook/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { stubFetch } from '../../testing/stub-fetch';
import { quoteAnswerApi } from './quote-answer-api';
import { QuotePage } from './quote-page';

const fetchMock = stubFetch();
const TOKEN = 'Xq3v8JrV0m2Yk1b9Lw6Tz4Ns7Pc5Hd0A';

const quote = (more: Partial<PublicQuote> = {}): PublicQuote => ({
  organisation: { name: 'Harbourside Plumbing & Gas', hasLogo: true },
  state: 'OPEN',
  customer: "O'Brien & Sons Plumbing",
  location: '12 Smith St, Richmond VIC 3121',
  number: 12,
  reference: 'PO 7781',
  date: '2026-11-23',
  expiry: '2026-12-23',
  title: 'Replace the hot water system',
  description: 'Tank leaking at the base.',
  terms: 'A 30% deposit secures the booking.',
  amountsEnteredIncludeTax: false,
  options: [
    { name: 'Option A: repair', subtotal: '320.00', tax: '32.00', total: '352.00' },
    { name: 'Option B: replace', subtotal: '2620.00', tax: '262.00', total: '2882.00' },
  ],
  acceptedOption: null,
  subtotal: '320.00',
  tax: '32.00',
  total: '352.00',
  acceptedName: null,
  acceptedAt: null,
  declinedReason: null,
  lineItems: [
    { description: 'Call-out fee', quantity: null, price: null, amount: '120.00', tax: 'GST', option: null },
    {
      description: 'Repair the valve',
      quantity: null,
      price: null,
      amount: '200.00',
      tax: 'GST',
      option: 'Option A: repair',
    },
    {
      description: 'Heat pump, installed',
      quantity: '1',
      price: '2500.00',
      amount: '2500.00',
      tax: 'GST',
      option: 'Option B: replace',
    },
  ],
  ...more,
});

function renderPage() {
  return render(
    <MantineProvider theme={theme} env="test">
      <QuotePage api={quoteAnswerApi('http://localhost:3000/api', TOKEN)} />
    </MantineProvider>,
  );
}

const requestOf = (call: number) => {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  return {
    url: String(url),
    method: init?.method,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
};

describe("a quote's public page", () => {
  it('shows the organisation, the quote and each option with its total, and no sign-in', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(quote()));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quote 12: Replace the hot water system' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Harbourside Plumbing & Gas')).toBeInTheDocument();
    expect(screen.getByText("O'Brien & Sons Plumbing")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Included in every option' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Option B: replace' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Option B: replace: $2,882.00' })).toBeInTheDocument();
    expect(screen.getByText('A 30% deposit secures the booking.')).toBeInTheDocument();
    expect(screen.getByText('1 × $2,500.00 · GST')).toBeInTheDocument();
    expect(requestOf(0)).toMatchObject({
      url: `http://localhost:3000/api/public/quotes/${TOKEN}`,
      method: 'GET',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({});
    const pdf = screen.getByRole('link', { name: 'Download the quote (PDF)' });
    expect(pdf).toHaveAttribute('href', `http://localhost:3000/api/public/quotes/${TOKEN}/pdf`);
    expect(pdf).toHaveAttribute('download', 'quote-12.pdf');
  });

  it('accepts option B by name, then says it is accepted', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(Response.json(quote()));
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Option B: replace: $2,882.00' }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), "Siobhan O'Reilly");
    await user.click(screen.getByRole('checkbox', { name: 'I accept this quote and its terms' }));
    fetchMock.mockResolvedValueOnce(
      Response.json(
        quote({
          state: 'ACCEPTED',
          acceptedName: "Siobhan O'Reilly",
          acceptedOption: 'Option B: replace',
          acceptedAt: '2026-11-24T03:40:51.902Z',
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    const status = await screen.findByRole('status');
    expect(
      within(status).getByText(/Siobhan O'Reilly accepted this quote \(Option B: replace\)/),
    ).toBeInTheDocument();
    expect(requestOf(1)).toEqual({
      url: `http://localhost:3000/api/public/quotes/${TOKEN}/accept`,
      method: 'POST',
      body: { name: "Siobhan O'Reilly", acceptTerms: true, option: 'Option B: replace' },
    });
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
    // The form is gone: the focus goes to what the quote now says.
    expect(status).toHaveFocus();
  });

  it("shows the server's field errors under their fields, and keeps what was typed", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(Response.json(quote()));
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Siobhan');
    fetchMock.mockResolvedValueOnce(
      Response.json(
        {
          error: 'VALIDATION_FAILED',
          message: 'Some of what was entered needs a change.',
          fieldErrors: [
            { field: 'acceptTerms', message: 'Tick the box to accept the terms.' },
            { field: 'option', message: 'Choose one of the options.' },
          ],
        },
        { status: 400 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Tick the box to accept the terms.')).toBeInTheDocument();
    expect(screen.getByText('Choose one of the options.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Siobhan');
    // The focus goes to the first field refused.
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: /^Option A/ })).toHaveFocus());
  });

  it('declines with a reason; with the network cut it says nothing was sent and keeps the reason', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(Response.json(quote()));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Decline…' }));
    const reason = screen.getByRole('textbox', { name: 'Why are you declining? (optional)' });
    expect(reason).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Decline…' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Decline…' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Why are you declining? (optional)' }),
      'Too dear & too late',
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Decline quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The quote could not be reached. Check your connection, then try again. Your answer was not sent; what you typed is still here.',
    );
    expect(screen.getByRole('textbox', { name: 'Why are you declining? (optional)' })).toHaveValue(
      'Too dear & too late',
    );
    fetchMock.mockResolvedValueOnce(
      Response.json(quote({ state: 'DECLINED', declinedReason: 'Too dear & too late' })),
    );
    await user.click(screen.getByRole('button', { name: 'Decline quote' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This quote was declined: “Too dear & too late”',
    );
    expect(requestOf(2).body).toEqual({ reason: 'Too dear & too late' });
  });

  it.each([
    ['EXPIRED', 'This quote expired on 23 Dec 2026, so it can no longer be accepted.', true],
    ['WITHDRAWN', 'Harbourside Plumbing & Gas has withdrawn this quote', false],
  ] as const)('says plainly when the quote is %s, and offers no answer', async (state, text, pdf) => {
    fetchMock.mockResolvedValueOnce(Response.json(quote({ state })));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /^Quote 12/ });
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
    // An expired quote's PDF is still the record of what was offered; a withdrawn one's is refused.
    expect(screen.queryByRole('link', { name: 'Download the quote (PDF)' }) !== null).toBe(pdf);
  });

  it('says when the link is not valid', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { error: 'NOT_FOUND', message: 'This link is not valid.', fieldErrors: [] },
        { status: 404 },
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid.');
  });
});
