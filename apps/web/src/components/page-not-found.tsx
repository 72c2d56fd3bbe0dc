import { paths } from '../lib/paths';
import { PageColumn } from './page-column';
import { PageHeading } from './page-heading';
import { TextLink } from './text-link';

/** Any unknown path. Not guarded: it renders without signing in. */
export function PageNotFound() {
  return (
    <PageColumn>
      <PageHeading>Page not found</PageHeading>
      <p style={{ marginBlock: '0 var(--mantine-spacing-md)' }}>There is nothing at this address.</p>
      <TextLink to={paths.home}>Go to the home page</TextLink>
    </PageColumn>
  );
}
