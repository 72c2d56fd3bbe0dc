import { PageHeading } from '../../components/page-heading';

export function OrganisationSettingsPage() {
  return <PageHeading>Organisation details</PageHeading>;
}
