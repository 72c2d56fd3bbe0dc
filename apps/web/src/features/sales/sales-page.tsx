import { PageHeading } from '../../components/page-heading';

/** The sales landing page: only a heading (specification, section 2). */
export function SalesPage() {
  return <PageHeading>Sales</PageHeading>;
}
