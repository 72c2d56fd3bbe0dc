import { PAGE_SIZES } from '@fieldbook/domain';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { quotesQueryOptions } from './api/get-quotes';
import { quoteColumns } from './quote-columns';

/** sales/quotes/search: every quote, newest number first; q, p and s live in the URL. */
export function QuoteSearchPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: 'Quotes' }]} />
      <ListScreen
        title="Quotes"
        path={paths.sales.quotesSearch}
        list={useListQuery(quotesQueryOptions, PAGE_SIZES.quotes)}
        searchPlaceholder="Quote number, title, reference or customer"
        newRecord={{ label: 'New quote', to: paths.sales.newQuote }}
        columns={quoteColumns}
        noun={['quote', 'quotes']}
        emptyText="No quotes found."
      />
    </>
  );
}
