import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../auth';

/** Home: the name of the organisation the user is signed in to. */
export function HomePage() {
  const { tenancy } = useAuth();
  return <PageHeading>{tenancy.currentTenant?.tenantName ?? ''}</PageHeading>;
}
