import { PAGE_SIZES, type Technician } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import type { Column } from '../../components/list/record-table';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { techniciansQueryOptions } from './api/get-technicians';
import { technicianCrumbs, technicianStatus } from './technician-crumbs';

const columns: Column<Technician>[] = [
  {
    header: 'Name',
    cell: (technician) => (
      <Anchor component={Link} to={paths.settings.technician.href(technician.id)}>
        {technician.name}
      </Anchor>
    ),
  },
  { header: 'Status', cell: (technician) => technicianStatus(technician.retired) },
];

/** settings/technicians: the organisation's technicians by name, the scheduler's rows. */
export function TechnicianListPage() {
  return (
    <>
      <PageBreadcrumbs crumbs={technicianCrumbs({ label: 'Technicians' })} />
      <ListScreen
        title="Technicians"
        path={paths.settings.technicians}
        list={useListQuery(techniciansQueryOptions, PAGE_SIZES.technicians)}
        searchPlaceholder="Name"
        newRecord={{ label: 'New technician', to: paths.settings.newTechnician }}
        columns={columns}
        noun={['technician', 'technicians']}
        emptyText="No technicians found."
      />
    </>
  );
}
