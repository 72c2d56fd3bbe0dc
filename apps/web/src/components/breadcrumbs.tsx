import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { TAP_TARGET } from './tap-targets';

export interface Crumb {
  label: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

/** Where a page sits: Home › Items › PL-CALLOUT. The last crumb is the page itself. */
export function PageBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    // A long name (a customer's, up to 200 characters) wraps instead of widening the page.
    <Breadcrumbs
      aria-label="Breadcrumb"
      component="nav"
      mb="sm"
      styles={{ breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 } }}
    >
      {crumbs.map((crumb) =>
        crumb.to === undefined ? (
          <Text key="page" size="sm" aria-current="page">
            {crumb.label}
          </Text>
        ) : (
          // Keyed by where it goes: two crumbs may share a label (a customer's location named 'Home').
          // A finger hits it on a phone: 44 px high there.
          <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" className={TAP_TARGET}>
            {crumb.label}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}

/** Home › the list › the record (when there is one) › this page. */
export function pageCrumbs(list: Required<Crumb>, title: string, record?: Required<Crumb>): Crumb[] {
  return [{ label: 'Home', to: paths.home }, list, ...(record ? [record] : []), { label: title }];
}

/** The nearest page above this one: where Cancel goes (the record's viewer, or the list for a new record). */
export function parentOf(crumbs: readonly Crumb[]): string | undefined {
  return crumbs.findLast((crumb) => crumb.to !== undefined)?.to;
}
