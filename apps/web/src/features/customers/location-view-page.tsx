import type { CustomerLocation } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useNotify } from '../../components/notices';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { paths } from '../../lib/paths';
import { useDeleteLocation } from './api/delete-location';
import { locationQueryOptions } from './api/get-location';

/** locations/{id}: a customer's location. The route's loader fetches it afresh. */
export function LocationViewPage() {
  const { id = '' } = useParams();
  return (
    <QueryBoundary query={useQuery(locationQueryOptions(id))} header={<PageHeading>Location</PageHeading>}>
      {(location) => <LocationViewer location={location} />}
    </QueryBoundary>
  );
}

function LocationViewer({ location }: { location: CustomerLocation }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const deletion = useDeleteLocation(location.id);
  const { id, name, customer, street1, suburb, state, postcode, country } = location;
  return (
    <RecordViewer
      title={name}
      buttons={[editAction(paths.locations.edit.href(id))]}
      menu={[
        deleteAction({
          question: `Delete location ${name}?`,
          deletion,
          onDeleted: () => {
            notify('Location deleted.');
            void navigate(paths.customers.view.href(customer.id));
          },
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
