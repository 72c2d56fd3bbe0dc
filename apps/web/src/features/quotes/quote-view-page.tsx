import type { Quote } from '@fieldbook/domain';
import { Anchor, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { displayDate, displayDateTime } from '../../lib/date-display';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { quoteQueryOptions } from './api/get-quote';
import { QuoteEmails } from './email-quote-dialog';
import { useQuoteActions } from './quote-actions';
import { QuoteLines } from './quote-lines';
import { QuoteStatusBadges } from './quote-status';

/** Home › Sales › Quotes › the quote. */
const quoteCrumbs = (title: string): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Sales', to: paths.sales.root },
  { label: 'Quotes', to: paths.sales.quotesSearch },
  { label: title },
];

/**
 * sales/quotes/{id}: the quote, its lines (by option when it has options) and totals, its terms, the customer's
 * answer when given online, and the actions its status allows. The loader fetches it afresh.
 */
export function QuoteViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={quoteCrumbs('Quote')} />
      <PageHeading>Quote</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(quoteQueryOptions(id))} header={loading}>
      {(quote) => <QuoteViewer quote={quote} />}
    </QueryBoundary>
  );
}

/** What the customer said on the quote's public page, if they answered there. */
function useOnlineAnswer(quote: Quote): string | null {
  const timeZone = useTimeZone();
  if (quote.acceptedName && quote.acceptedAt)
    return `Accepted by ${quote.acceptedName} on ${displayDateTime(quote.acceptedAt, timeZone)}`;
  if (quote.status === 'CLOSED_DECLINED' && quote.declinedReason) return `Declined: ${quote.declinedReason}`;
  return null;
}

function QuoteViewer({ quote }: { quote: Quote }) {
  const actions = useQuoteActions(quote);
  const answer = useOnlineAnswer(quote);
  const title = `Quote ${quote.number}`;
  return (
    <RecordViewer
      title={title}
      breadcrumbs={quoteCrumbs(title)}
      buttons={actions.buttons}
      menu={actions.menu}
      actionError={actions.error}
      actionNote={actions.note}
    >
      <RecordDetails
        rows={[
          { label: 'Status', value: <QuoteStatusBadges quote={quote} /> },
          { label: 'Answered online', optional: true, value: answer },
          {
            label: 'Customer',
            value: (
              <Anchor component={Link} to={paths.customers.view.href(quote.customer.id)}>
                {quote.customer.name}
              </Anchor>
            ),
          },
          {
            label: 'Location',
            value: quote.location && (
              <Anchor component={Link} to={paths.locations.view.href(quote.location.id)}>
                {quote.location.name}
              </Anchor>
            ),
          },
          { label: 'Reference', value: quote.reference },
          { label: 'Date', value: displayDate(quote.date) },
          { label: 'Valid until', value: displayDate(quote.expiry) },
          { label: 'Title', value: quote.title },
          { label: 'Description', optional: true, value: quote.description },
          {
            label: 'Amounts',
            value: quote.amountsEnteredIncludeTax ? 'Amounts include tax' : 'Amounts exclude tax',
          },
          {
            label: 'Job',
            optional: true,
            value: quote.job && (
              <Anchor component={Link} to={paths.jobs.view.href(quote.job.id)}>
                Job {quote.job.number}
              </Anchor>
            ),
          },
          {
            label: 'Invoice',
            optional: true,
            value: quote.invoice && (
              <Anchor component={Link} to={paths.sales.invoice.href(quote.invoice.id)}>
                Invoice {quote.invoice.number}
              </Anchor>
            ),
          },
        ]}
      />
      <QuoteLines quote={quote} />
      <Title order={2} size="h3" mb="sm">
        Terms
      </Title>
      <Text mb="xl" style={{ whiteSpace: 'pre-line' }}>
        {quote.terms ?? 'No terms.'}
      </Text>
      <QuoteEmails quoteId={quote.id} />
      {actions.dialog}
    </RecordViewer>
  );
}
