import { type CSSProperties, Fragment } from 'react';
import { paths } from '../lib/paths';
import { TAP_TARGET } from './tap-targets';
import { TextLink } from './text-link';

export interface Crumb {
  label: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

const crumbStyle = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
  // A long name (a customer's, up to 200 characters) wraps instead of widening the page.
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  lineHeight: 1.4,
} as CSSProperties;

/**
 * Where a page sits: Home › Items › PL-CALLOUT. The last crumb is the page itself. Mantine's Breadcrumbs as its
 * elements and classes (Breadcrumbs.css, Anchor.css, Text.css), so a first view (a visit's) carries none of its code.
 */
export function PageBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav
      aria-label="Breadcrumb"
      className="m_8b3717df mantine-Breadcrumbs-root"
      style={{ marginBottom: 'var(--mantine-spacing-sm)' }}
    >
      {crumbs.map((crumb, index) => (
        <Fragment key={crumb.to ?? 'page'}>
          {index > 0 && <div className="m_3b8f2208 mantine-Breadcrumbs-separator">/</div>}
          {crumb.to === undefined ? (
            <p
              className="mantine-focus-auto m_f678d540 mantine-Breadcrumbs-breadcrumb m_b6d8b162 mantine-Text-root"
              data-size="sm"
              aria-current="page"
              style={crumbStyle}
            >
              {crumb.label}
            </p>
          ) : (
            // Keyed by where it goes: two crumbs may share a label (a customer's location named 'Home').
            // A finger hits it on a phone: 44 px high there.
            <TextLink
              to={crumb.to}
              className={`m_f678d540 mantine-Breadcrumbs-breadcrumb ${TAP_TARGET}`}
              data-size="sm"
              style={crumbStyle}
            >
              {crumb.label}
            </TextLink>
          )}
        </Fragment>
      ))}
    </nav>
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
