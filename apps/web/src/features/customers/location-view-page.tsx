import type { CustomerLocation } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { useDeleteLocation } from './api/delete-location';
import { locationQueryOptions } from './api/get-location';

/** Home › Customers › the customer › the location. */
const locationCrumbs = (location?: CustomerLocation): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Customers', to: paths.customers.search },
  ...(location
    ? [{ label: location.customer.name, to: paths.customers.view.href(location.customer.id) }]
    : []),
  { label: location?.name ?? 'Location' },
];

/** locations/{id}: a customer's location. The route's loader fetches it afresh. */
export function LocationViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={locationCrumbs()} />
      <PageHeading>Location</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(locationQueryOptions(id))} header={loading}>
      {(location) => <LocationViewer location={location} />}
    </QueryBoundary>
  );
}

function LocationViewer({ location }: { location: CustomerLocation }) {
  const navigate = useNavigate();
  const deletion = useDeleteLocation(location.id);
  const { id, name, customer, street1, suburb, state, postcode, country } = location;
  return (
    <RecordViewer
      title={name}
      breadcrumbs={locationCrumbs(location)}
      buttons={[editAction(paths.locations.edit.href(id))]}
      menu={[
        deleteAction({
          question: `Delete location ${name}?`,
          deletion,
          onDeleted: () => void navigate(paths.customers.view.href(customer.id)),
        }),
      ]}
      actionError={deletion.error}
    >
      <RecordDetails
        rows={[
          {
            label: 'Customer',
            value: (
              <Anchor component={Link} to={paths.customers.view.href(customer.id)}>
                {customer.name}
              </Anchor>
            ),
          },
          { label: 'Street', value: street1 },
          { label: 'Suburb', value: suburb },
          { label: 'State', value: state },
          { label: 'Postcode', value: postcode },
          { label: 'Country', value: country },
        ]}
      />
    </RecordViewer>
  );
}
