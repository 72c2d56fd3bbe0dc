import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PageHeading } from '../page-heading';

export interface Crumb {
  label: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

/** An editor's breadcrumbs and its heading ('New customer', 'Edit item'). */
export function EditorHeader({ breadcrumbs, title }: { breadcrumbs: readonly Crumb[]; title: string }) {
  return (
    <>
      {/* A long name (a customer's, up to 200 characters) wraps instead of widening the page. */}
      <Breadcrumbs
        aria-label="Breadcrumb"
        component="nav"
        mb="sm"
        styles={{ breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 } }}
      >
        {breadcrumbs.map((crumb) =>
          crumb.to === undefined ? (
            <Text key={crumb.label} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <PageHeading>{title}</PageHeading>
    </>
  );
}

/** Home › the list › the record (when editing one) › this page. */
export function editorCrumbs(list: Required<Crumb>, title: string, record?: Required<Crumb>): Crumb[] {
  return [{ label: 'Home', to: paths.home }, list, ...(record ? [record] : []), { label: title }];
}
