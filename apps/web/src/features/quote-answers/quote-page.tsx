import type { PublicQuote } from '@fieldbook/domain';
import { Alert, Badge, Button, Group, Text, Title } from '@mantine/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { LineItems } from '../../components/line-items';
import type { Column } from '../../components/list/record-table';
import { PageColumn } from '../../components/page-column';
import { RecordDetails } from '../../components/record-details';
import { displayDate, displayDateTime } from '../../lib/date-display';
import { displayMoney, displayPrice } from '../../lib/money-display';
import {
  type AnswerError,
  asAnswerError,
  type QuoteAnswerApi,
  type QuoteAnswerProps,
} from './quote-answer-api';
import { AnswerForms } from './quote-answer-forms';

type Line = PublicQuote['lineItems'][number];

/** What a line is, with its quantity and price and its tax under it: two columns fit a phone without scrolling. */
function lineText(line: Line) {
  const details = [
    line.quantity !== null && line.price !== null ? `${line.quantity} × ${displayPrice(line.price)}` : null,
    line.tax,
  ].filter(Boolean);
  return (
    <>
      {line.description}
      {details.length > 0 && (
        <Text size="sm" c="dimmed">
          {details.join(' · ')}
        </Text>
      )}
    </>
  );
}

const columns: Column<Line>[] = [
  { header: 'Description', cell: lineText },
  { header: 'Amount', cell: (line) => displayMoney(line.amount), align: 'right' },
];

/** The reader's own time zone: the page knows nothing of the organisation's. */
const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; error: AnswerError }
  | { status: 'ready'; quote: PublicQuote };

/**
 * A quote's public page (`/q/{token}`), for the customer the quote was emailed to: the organisation's name and
 * logo, the quote with its lines and options, and Accept or Decline while it is open. It shows nothing else of
 * the organisation, and says plainly when the quote has expired, was answered or was withdrawn.
 */
export function QuotePage({ api }: { api: QuoteAnswerApi }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    api.read().then(
      (quote) => setLoaded({ status: 'ready', quote }),
      (error: unknown) => setLoaded({ status: 'failed', error: asAnswerError(error) }),
    );
  }, [api]);
  useEffect(load, [load]);

  useEffect(() => {
    if (loaded.status === 'ready')
      document.title = `Quote ${loaded.quote.number} from ${loaded.quote.organisation.name}`;
  }, [loaded]);

  if (loaded.status === 'loading')
    return (
      <PageColumn>
        <Text role="status">Loading the quote…</Text>
      </PageColumn>
    );
  if (loaded.status === 'failed')
    return (
      <PageColumn>
        <Title order={1} mb="md">
          {loaded.error.status === 404 ? 'Quote not found' : 'The quote could not be loaded'}
        </Title>
        <Alert color="red" role="alert" mb="md">
          {loaded.error.message}
        </Alert>
        {loaded.error.status !== 404 && <Button onClick={load}>Try again</Button>}
      </PageColumn>
    );
  return (
    <QuoteShown
      api={api}
      quote={loaded.quote}
      onAnswered={(quote) => setLoaded({ status: 'ready', quote })}
    />
  );
}

function QuoteShown({ api, quote, onAnswered }: QuoteAnswerProps) {
  const { organisation } = quote;
  const common = quote.lineItems.filter((line) => line.option === null);
  // Answered here: the answer's form goes, and the focus goes to what the quote now says.
  const notice = useRef<HTMLDivElement>(null);
  const shownState = useRef(quote.state);
  useEffect(() => {
    if (shownState.current === quote.state) return;
    shownState.current = quote.state;
    notice.current?.focus();
  }, [quote.state]);
  return (
    <PageColumn>
      <Group gap="md" mb="lg" wrap="nowrap">
        {organisation.hasLogo && (
          <img src={api.logoUrl} alt="" style={{ maxHeight: 56, maxWidth: 160, objectFit: 'contain' }} />
        )}
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {organisation.name}
        </Text>
      </Group>
      <Title order={1} mb="md" style={{ overflowWrap: 'anywhere' }}>
        Quote {quote.number}: {quote.title}
      </Title>
      <StateNotice quote={quote} noticeRef={notice} />
      <RecordDetails
        rows={[
          { label: 'For', value: quote.customer },
          ...(quote.location ? [{ label: 'Site', value: quote.location }] : []),
          ...(quote.reference ? [{ label: 'Reference', value: quote.reference }] : []),
          { label: 'Date', value: displayDate(quote.date) },
          { label: 'Valid until', value: displayDate(quote.expiry) },
        ]}
      />
      {/* A withdrawn quote's PDF is refused: the business may be changing it. */}
      {quote.state !== 'WITHDRAWN' && (
        <Button
          component="a"
          href={api.pdfUrl}
          download={`quote-${quote.number}.pdf`}
          variant="default"
          mb="lg"
        >
          Download the quote (PDF)
        </Button>
      )}
      {quote.description && (
        <Text mb="lg" style={{ whiteSpace: 'pre-wrap' }}>
          {quote.description}
        </Text>
      )}
      <Text size="sm" c="dimmed" mb="sm">
        {quote.amountsEnteredIncludeTax ? 'Amounts include tax.' : 'Amounts exclude tax.'}
      </Text>
      {quote.options.length === 0 ? (
        <LineItems lines={quote.lineItems} columns={columns} totals={quote} />
      ) : (
        <>
          {common.length > 0 && (
            <LineItems lines={common} columns={columns} title="Included in every option" />
          )}
          {quote.options.map((option) => (
            <LineItems
              key={option.name}
              title={option.name}
              lines={quote.lineItems.filter((line) => line.option === option.name)}
              columns={columns}
              totals={option}
              mark={
                quote.state === 'ACCEPTED' && quote.acceptedOption === option.name ? (
                  <Badge color="teal.9" size="sm" radius="sm" style={{ verticalAlign: 'middle' }}>
                    Accepted
                  </Badge>
                ) : undefined
              }
            />
          ))}
        </>
      )}
      {quote.terms && (
        <>
          <Title order={2} size="h3" mb="sm">
            Terms
          </Title>
          <Text mb="xl" style={{ whiteSpace: 'pre-wrap' }}>
            {quote.terms}
          </Text>
        </>
      )}
      {quote.state === 'OPEN' && <AnswerForms api={api} quote={quote} onAnswered={onAnswered} />}
    </PageColumn>
  );
}

/** What the page says of a quote that can no longer be answered (or has just been). */
function StateNotice({
  quote,
  noticeRef,
}: {
  quote: PublicQuote;
  noticeRef?: RefObject<HTMLDivElement | null>;
}) {
  const name = quote.organisation.name;
  const notice = (() => {
    switch (quote.state) {
      case 'ACCEPTED':
        return {
          color: 'green',
          title: 'Accepted',
          text: `${quote.acceptedName ? `${quote.acceptedName} accepted` : 'You accepted'} this quote${
            quote.acceptedOption ? ` (${quote.acceptedOption})` : ''
          }${quote.acceptedAt ? ` on ${displayDateTime(quote.acceptedAt, readerZone())}` : ''}. ${name} has been told and will be in touch.`,
        };
      case 'DECLINED':
        return {
          color: 'gray',
          title: 'Declined',
          text: `This quote was declined${quote.declinedReason ? `: “${quote.declinedReason}”` : '.'} ${name} has been told.`,
        };
      case 'EXPIRED':
        return {
          color: 'yellow',
          title: 'Expired',
          text: `This quote expired on ${displayDate(quote.expiry)}, so it can no longer be accepted. Ask ${name} for a new one.`,
        };
      case 'WITHDRAWN':
        return {
          color: 'yellow',
          title: 'Withdrawn',
          text: `${name} has withdrawn this quote, so it can no longer be answered. Ask them for the latest one.`,
        };
      default:
        return null;
    }
  })();
  if (!notice) return null;
  return (
    <Alert color={notice.color} role="status" mb="lg" variant="light" ref={noticeRef} tabIndex={-1}>
      {/* The title as text of the body: Alert's own title takes the colour's shade 6, under 4.5:1 on its tint. */}
      <Text fw={700} c="dark.9">
        {notice.title}
      </Text>
      <Text c="dark.9">{notice.text}</Text>
    </Alert>
  );
}
