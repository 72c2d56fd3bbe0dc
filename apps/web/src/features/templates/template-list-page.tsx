import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function TemplateListPage() {
  return <PageHeading>Templates</PageHeading>;
}
