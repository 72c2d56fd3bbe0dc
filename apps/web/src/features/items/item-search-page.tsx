import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function ItemSearchPage() {
  return <PageHeading>Items</PageHeading>;
}
