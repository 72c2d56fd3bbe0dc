import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function JobSearchPage() {
  return <PageHeading>Jobs</PageHeading>;
}
