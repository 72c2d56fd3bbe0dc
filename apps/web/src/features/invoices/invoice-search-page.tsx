import { PageHeading } from '../../components/page-heading';

/** Placeholder until this screen is built. */
export function InvoiceSearchPage() {
  return <PageHeading>Invoices</PageHeading>;
}
