import { PAGE_SIZES } from '@fieldbook/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import { useListQuery } from '../../components/list/use-list-params';
import { TAP_TARGET } from '../../components/tap-targets';
import { paths } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { useRole } from '../team';
import { invoicesQueryOptions } from './api/get-invoices';
import { invoiceColumns } from './invoice-columns';

/**
 * sales/invoices/search: every invoice, newest number first; q, p and s live in the URL. Under the heading, the way
 * to the aged receivables for a role that sees them.
 */
export function InvoiceSearchPage() {
  const role = useRole();
  return (
    <>
      <PageBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: 'Invoices' }]} />
      <ListScreen
        title="Invoices"
        path={paths.sales.invoicesSearch}
        list={useListQuery(invoicesQueryOptions, PAGE_SIZES.invoices)}
        searchPlaceholder="Invoice number, reference or customer"
        newRecord={{ label: 'New invoice', to: paths.sales.newInvoice }}
        intro={
          roleMay(role, 'receivables') && (
            <Text mb="sm">
              <Anchor component={Link} to={paths.reports.receivables} className={TAP_TARGET}>
                Aged receivables
              </Anchor>
            </Text>
          )
        }
        columns={invoiceColumns}
        noun={['invoice', 'invoices']}
        emptyText="No invoices found."
      />
    </>
  );
}
