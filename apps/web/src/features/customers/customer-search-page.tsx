import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function CustomerSearchPage() {
  return <PageHeading>Customers</PageHeading>;
}
