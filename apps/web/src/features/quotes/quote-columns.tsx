import type { Quote } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../components/list/record-table';
import { displayDate } from '../../lib/date-display';
import { displayMoney } from '../../lib/money-display';
import { paths } from '../../lib/paths';
import { QuoteStatusBadges } from './quote-status';

const numberColumn: Column<Quote> = {
  header: 'Number',
  names: true,
  cell: (quote) => (
    <Anchor component={Link} to={paths.sales.quote.href(quote.id)}>
      {quote.number}
    </Anchor>
  ),
};
const titleColumn: Column<Quote> = { header: 'Title', cell: (quote) => quote.title };
const dateColumn: Column<Quote> = { header: 'Date', cell: (quote) => displayDate(quote.date) };
const expiryColumn: Column<Quote> = { header: 'Valid until', cell: (quote) => displayDate(quote.expiry) };
/** The quote's total: the accepted option's, or the first option's until one is accepted. */
const totalColumn: Column<Quote> = {
  header: 'Total',
  cell: (quote) => displayMoney(quote.total),
  align: 'right',
};
const statusColumn: Column<Quote> = {
  header: 'Status',
  cell: (quote) => <QuoteStatusBadges quote={quote} />,
};

/** The columns of the quotes list. */
export const quoteColumns: Column<Quote>[] = [
  numberColumn,
  { header: 'Customer', cell: (quote) => quote.customer.name },
  titleColumn,
  dateColumn,
  expiryColumn,
  totalColumn,
  statusColumn,
];

/** The customer viewer's Quotes table: the customer is the page's. */
export const customerQuoteColumns: Column<Quote>[] = [
  numberColumn,
  titleColumn,
  dateColumn,
  expiryColumn,
  totalColumn,
  statusColumn,
];
