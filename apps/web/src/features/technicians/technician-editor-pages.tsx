import type { Technician } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { paths } from '../../lib/paths';
import { useCreateTechnician } from './api/create-technician';
import { technicianQueryOptions } from './api/get-technician';
import { useUpdateTechnician } from './api/update-technician';
import { TECHNICIANS, technicianCrumbs } from './technician-crumbs';
import { TechnicianEditor } from './technician-editor';

/** settings/technicians/new: the technician editor, creating. */
export function NewTechnicianPage() {
  const title = 'New technician';
  return (
    <TechnicianEditor
      title={title}
      breadcrumbs={technicianCrumbs(TECHNICIANS, { label: title })}
      save={useCreateTechnician()}
    />
  );
}

const EDIT = 'Edit technician';
const editCrumbs = (id: string, name = 'Technician') =>
  technicianCrumbs(TECHNICIANS, { label: name, to: paths.settings.technician.href(id) }, { label: EDIT });

/** settings/technicians/{id}/edit: renaming or retiring the technician as they were when the page loaded. */
export function EditTechnicianPage() {
  const { id = '' } = useParams();
  return (
    <EditRecord query={useQuery(technicianQueryOptions(id))} title={EDIT} breadcrumbs={editCrumbs(id)}>
      {(technician) => <UpdateTechnician technician={technician} />}
    </EditRecord>
  );
}

function UpdateTechnician({ technician }: { technician: Technician }) {
  const update = useUpdateTechnician(technician);
  return (
    <TechnicianEditor
      title={EDIT}
      breadcrumbs={editCrumbs(technician.id, technician.name)}
      technician={technician}
      save={update}
    />
  );
}
