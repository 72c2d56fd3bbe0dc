import type { Technician } from '@fieldbook/domain';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { editAction } from '../../components/record-actions';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { technicianQueryOptions } from './api/get-technician';
import { TECHNICIANS, technicianCrumbs, technicianStatus } from './technician-crumbs';

/** settings/technicians/{id}: the technician's name and whether they take new jobs. */
export function TechnicianViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={technicianCrumbs(TECHNICIANS, { label: 'Technician' })} />
      <PageHeading>Technician</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(technicianQueryOptions(id))} header={loading}>
      {(technician) => <TechnicianViewer technician={technician} />}
    </QueryBoundary>
  );
}

function TechnicianViewer({ technician: { id, name, retired } }: { technician: Technician }) {
  return (
    <RecordViewer
      title={name}
      breadcrumbs={technicianCrumbs(TECHNICIANS, { label: name })}
      buttons={[editAction(paths.settings.editTechnician.href(id))]}
    >
      <Text>{`Status: ${technicianStatus(retired)}`}</Text>
      {retired && <Text c="dimmed">Keeps their past jobs and takes no new ones.</Text>}
    </RecordViewer>
  );
}
