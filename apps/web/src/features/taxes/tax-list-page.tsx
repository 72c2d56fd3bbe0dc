import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function TaxListPage() {
  return <PageHeading>Taxes</PageHeading>;
}
