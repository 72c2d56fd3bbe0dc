import type { TaxRate } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { paths } from '../../lib/paths';
import { useCreateTaxRate } from './api/create-tax-rate';
import { taxRateQueryOptions } from './api/get-tax-rate';
import { useUpdateTaxRate } from './api/update-tax-rate';
import { TAXES, taxCrumbs } from './tax-crumbs';
import { TaxEditor } from './tax-editor';

/** settings/taxes/new: the tax editor, creating. */
export function NewTaxPage() {
  const title = 'New tax';
  return (
    <TaxEditor title={title} breadcrumbs={taxCrumbs(TAXES, { label: title })} save={useCreateTaxRate()} />
  );
}

const EDIT = 'Edit tax';
const editCrumbs = (id: string, name = 'Tax') =>
  taxCrumbs(TAXES, { label: name, to: paths.settings.tax.href(id) }, { label: EDIT });

/** settings/taxes/{id}/edit: the tax editor, editing the rate as it was when the page loaded. */
export function EditTaxPage() {
  const { id = '' } = useParams();
  return (
    <EditRecord query={useQuery(taxRateQueryOptions(id))} title={EDIT} breadcrumbs={editCrumbs(id)}>
      {(taxRate) => <UpdateTax taxRate={taxRate} />}
    </EditRecord>
  );
}

function UpdateTax({ taxRate }: { taxRate: TaxRate }) {
  const update = useUpdateTaxRate(taxRate);
  return (
    <TaxEditor
      title={EDIT}
      breadcrumbs={editCrumbs(taxRate.id, taxRate.name)}
      taxRate={taxRate}
      save={update}
    />
  );
}
