import type { CustomerLocation } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Column, RecordTable } from '../../components/list/record-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { RelatedRecords } from '../../components/related-records';
import { SectionLoader } from '../../components/section-loader';
import { paths } from '../../lib/paths';
import { customerLocationsQueryOptions } from './api/get-customer-locations';

/** A location's address on one line: '1 George Street, Sydney NSW 2000, Australia'. */
export function formatLocationAddress(
  location: Omit<CustomerLocation, 'id' | 'customer' | 'updated' | 'name'>,
) {
  const town = [location.suburb, location.state, location.postcode].filter(Boolean).join(' ');
  return [location.street1, town, location.country].filter(Boolean).join(', ');
}

const columns: Column<CustomerLocation>[] = [
  {
    header: 'Name',
    cell: (location) => (
      <Anchor component={Link} to={paths.locations.view.href(location.id)}>
        {location.name}
      </Anchor>
    ),
  },
  { header: 'Address', cell: formatLocationAddress },
];

/** The customer's locations (sites where the work happens), with 'Add location'. */
export function CustomerLocations({ customerId }: { customerId: string }) {
  // The viewer's route loader fetches them afresh on every visit.
  const locations = useQuery(customerLocationsQueryOptions(customerId));
  return (
    <RelatedRecords
      title="Locations"
      action={{ label: 'Add location', to: paths.customers.newLocation.href(customerId) }}
    >
      {locations.isPending ? (
        <SectionLoader />
      ) : locations.isError ? (
        <LoadErrorAlert error={locations.error} />
      ) : (
        <RecordTable
          label="Locations"
          columns={columns}
          rows={locations.data.items}
          rowKey={(location) => location.id}
          emptyText="No locations found."
        />
      )}
    </RelatedRecords>
  );
}
