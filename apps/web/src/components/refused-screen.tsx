import { ErrorAlert } from './error-alert';
import { INSUFFICIENT_PERMISSIONS } from './load-error-alert';
import { PageHeading } from './page-heading';

/**
 * A screen the user's role may not use, opened by its address: its name and why, none of its actions (what
 * they would do the server refuses anyway).
 */
export function RefusedScreen({ title }: { title: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <ErrorAlert>{INSUFFICIENT_PERMISSIONS}</ErrorAlert>
    </>
  );
}
