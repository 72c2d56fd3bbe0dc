import type { TaxRate } from '@fieldbook/domain';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { useDeleteTaxRate } from './api/delete-tax-rate';
import { taxRateQueryOptions } from './api/get-tax-rate';
import { ratePercent, TAXES, taxCrumbs } from './tax-crumbs';

/** settings/taxes/{id}: the tax's name and rate. */
export function TaxViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={taxCrumbs(TAXES, { label: 'Tax' })} />
      <PageHeading>Tax</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(taxRateQueryOptions(id))} header={loading}>
      {(taxRate) => <TaxViewer taxRate={taxRate} />}
    </QueryBoundary>
  );
}

function TaxViewer({ taxRate: { id, name, rate } }: { taxRate: TaxRate }) {
  const navigate = useNavigate();
  const deletion = useDeleteTaxRate(id);
  return (
    <RecordViewer
      title={name}
      breadcrumbs={taxCrumbs(TAXES, { label: name })}
      buttons={[editAction(paths.settings.editTax.href(id))]}
      menu={[
        deleteAction({
          label: 'Delete tax',
          question: `Delete tax ${name}?`,
          deletion,
          onDeleted: () => void navigate(paths.settings.taxes),
        }),
      ]}
      // Refused while invoice lines use the rate: the server's message says so, and the tax stays.
      actionError={deletion.error}
    >
      <Text>{`Rate: ${ratePercent(rate)}`}</Text>
    </RecordViewer>
  );
}
