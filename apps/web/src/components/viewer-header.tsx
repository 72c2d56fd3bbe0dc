import type { ReactNode } from 'react';
import { type Crumb, PageBreadcrumbs } from './breadcrumbs';
import { PageHeading } from './page-heading';
import './viewer-header.css';

interface ViewerHeaderProps {
  title: string;
  /** Where the record sits (Home › Items › PL-CALLOUT), above its name. */
  breadcrumbs?: readonly Crumb[];
  children: ReactNode;
}

/** A viewer's heading (the record's name) with its buttons beside it, as Mantine's Group drew them. */
export function ViewerHeader({ title, breadcrumbs, children }: ViewerHeaderProps) {
  return (
    <>
      {breadcrumbs && <PageBreadcrumbs crumbs={breadcrumbs} />}
      <div className="viewer-header">
        <PageHeading>{title}</PageHeading>
        {/* Beside the heading, or under it on a phone: then apart from what follows. */}
        <div className="viewer-header-actions">{children}</div>
      </div>
    </>
  );
}
