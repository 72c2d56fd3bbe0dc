import { PAGE_SIZES } from '@fieldbook/domain';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { invoicesQueryOptions } from './api/get-invoices';
import { invoiceColumns } from './invoice-columns';

/** sales/invoices/search: every invoice, newest number first; q, p and s live in the URL. */
export function InvoiceSearchPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: 'Invoices' }]} />
      <ListScreen
        title="Invoices"
        path={paths.sales.invoicesSearch}
        list={useListQuery(invoicesQueryOptions, PAGE_SIZES.invoices)}
        searchPlaceholder="Invoice number, reference or customer"
        newRecord={{ label: 'New invoice', to: paths.sales.newInvoice }}
        columns={invoiceColumns}
        noun={['invoice', 'invoices']}
        emptyText="No invoices found."
      />
    </>
  );
}
