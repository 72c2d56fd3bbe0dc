import type { CSSProperties, ReactNode } from 'react';
import './record-details.css';

export interface DetailRow {
  label: string;
  /** Null or empty shows a dash, unless the row is optional, in which case it is left out. */
  value: ReactNode;
  optional?: boolean;
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * Mantine's vertical Table as its elements and classes (Table.css): the component brought its ScrollArea and
 * floating-ui's hook with it, which a visit's first view cannot carry.
 */
const tableStyle = {
  '--table-layout': 'fixed',
  '--table-vertical-spacing': 'calc(0.4375rem * var(--mantine-scale))',
  marginBottom: 'var(--mantine-spacing-xl)',
  maxWidth: 'calc(45rem * var(--mantine-scale))',
} as CSSProperties;

/** A viewer's fields as label / value rows. */
export function RecordDetails({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <table
      className="m_b23fa0ef mantine-Table-table"
      data-variant="vertical"
      data-with-table-border="true"
      style={tableStyle}
    >
      <tbody className="m_b2404537 mantine-Table-tbody">
        {rows
          .filter((row) => !(row.optional && isEmpty(row.value)))
          .map((row) => (
            <tr key={row.label} className="m_4e7aa4fd mantine-Table-tr" data-with-row-border="true">
              <th className="m_4e7aa4f3 mantine-Table-th record-details-label">{row.label}</th>
              {/* A long email or web address breaks rather than running out of the table on a phone. */}
              <td className="m_4e7aa4ef mantine-Table-td record-details-value">
                {isEmpty(row.value) ? '—' : row.value}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
