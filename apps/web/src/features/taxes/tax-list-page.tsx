import { PAGE_SIZES, type TaxRate } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { taxRatesQueryOptions } from './api/get-tax-rates';
import { ratePercent, taxCrumbs } from './tax-crumbs';

const columns: Column<TaxRate>[] = [
  {
    header: 'Name',
    cell: (taxRate) => (
      <Anchor component={Link} to={paths.settings.tax.href(taxRate.id)}>
        {taxRate.name}
      </Anchor>
    ),
  },
  { header: 'Rate', cell: (taxRate) => ratePercent(taxRate.rate), align: 'right' },
];

/** settings/taxes: the organisation's tax rates by name, a page of 100 (a handful in practice). */
export function TaxListPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={taxCrumbs({ label: 'Taxes' })} />
      <ListScreen
        title="Taxes"
        path={paths.settings.taxes}
        list={useListQuery(taxRatesQueryOptions, PAGE_SIZES.taxRates)}
        searchPlaceholder="Name"
        newRecord={{ label: 'New tax', to: paths.settings.newTax }}
        columns={columns}
        noun={['tax', 'taxes']}
        emptyText="No taxes found."
      />
    </>
  );
}
