import type { CustomerLocation } from '@fieldbook/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { type Crumb, editorCrumbs } from '../../components/editor/editor-header';
import { paths } from '../../lib/paths';
import { useCreateLocation } from './api/create-location';
import { customerQueryOptions } from './api/get-customer';
import { customerLocationsQueryOptions } from './api/get-customer-locations';
import { locationQueryOptions } from './api/get-location';
import { useUpdateLocation } from './api/update-location';
import { LocationEditor } from './location-editor';

const list = { label: 'Customers', to: paths.customers.search };
const customerCrumb = (id: string, name = 'Customer') => ({ label: name, to: paths.customers.view.href(id) });

const NEW = 'New location';

/** customers/{customerId}/locations/new: a new location of the customer; after saving, back to the customer. */
export function NewLocationPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useQuery(customerQueryOptions(customerId));
  return (
    <LocationEditor
      title={NEW}
      breadcrumbs={editorCrumbs(list, NEW, customerCrumb(customerId, customer.data?.name))}
      customerId={customerId}
      save={useCreateLocation(customer.data?.name)}
      // The customer's locations are read again first: their viewer shows the new one at once, not its old list.
      onSaved={() =>
        void queryClient
          .refetchQueries({ queryKey: customerLocationsQueryOptions(customerId).queryKey })
          .catch(() => undefined)
          .then(() => navigate(paths.customers.view.href(customerId)))
      }
    />
  );
}

const EDIT = 'Edit location';

/** locations/{id}/edit: the location as it was when the page loaded; after saving, its viewer. */
export function EditLocationPage() {
  const { id = '' } = useParams();
  return (
    <EditRecord
      query={useQuery(locationQueryOptions(id))}
      title={EDIT}
      breadcrumbs={editorCrumbs(list, EDIT)}
    >
      {(location) => <UpdateLocation location={location} />}
    </EditRecord>
  );
}

function UpdateLocation({ location }: { location: CustomerLocation }) {
  const navigate = useNavigate();
  const { customer } = location;
  const breadcrumbs: Crumb[] = [
    { label: 'Home', to: paths.home },
    list,
    customerCrumb(customer.id, customer.name),
    { label: location.name, to: paths.locations.view.href(location.id) },
    { label: EDIT },
  ];
  return (
    <LocationEditor
      title={EDIT}
      breadcrumbs={breadcrumbs}
      customerId={customer.id}
      location={location}
      save={useUpdateLocation(location)}
      onSaved={(saved) => void navigate(paths.locations.view.href(saved.id))}
    />
  );
}
