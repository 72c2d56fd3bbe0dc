import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

interface RecordTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows, e.g. 'No customers found.' */
  emptyText: string;
  /** Names the table for assistive technology. */
  label: string;
}

/** The table of a list screen or of a viewer's related records. */
export function RecordTable<T>({ columns, rows, rowKey, emptyText, label }: RecordTableProps<T>) {
  if (rows.length === 0) {
    return <Text c="dimmed">{emptyText}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} ta={column.align}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
