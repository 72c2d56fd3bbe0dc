import { type Crumb, PageBreadcrumbs, pageCrumbs } from '../breadcrumbs';
import { PageHeading } from '../page-heading';

export type { Crumb };

/** An editor's breadcrumbs and its heading ('New customer', 'Edit item'). */
export function EditorHeader({ breadcrumbs, title }: { breadcrumbs: readonly Crumb[]; title: string }) {
  return (
    <>
      <PageBreadcrumbs crumbs={breadcrumbs} />
      <PageHeading>{title}</PageHeading>
    </>
  );
}

/** Home › the list › the record (when editing one) › this page. */
export const editorCrumbs = pageCrumbs;
