import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  /** Null or empty shows a dash, unless the row is optional, in which case it is left out. */
  value: ReactNode;
  optional?: boolean;
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === '';
}

/** A viewer's fields as label / value rows. */
export function RecordDetails({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <Table variant="vertical" layout="fixed" maw={720} withTableBorder mb="xl">
      <Table.Tbody>
        {rows
          .filter((row) => !(row.optional && isEmpty(row.value)))
          .map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th w={{ base: 120, sm: 160 }}>{row.label}</Table.Th>
              {/* A long email or web address breaks rather than running out of the table on a phone. */}
              <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {isEmpty(row.value) ? '—' : row.value}
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
