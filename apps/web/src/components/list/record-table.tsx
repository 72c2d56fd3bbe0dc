import { Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Each column's least width before the table scrolls sideways: a phone shows 3 columns whole. */
const MIN_COLUMN_WIDTH = 110;

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
export function RecordTable<T>(props: RecordTableProps<T>) {
  if (props.rows.length === 0) {
    return <Text c="dimmed">{props.emptyText}</Text>;
  }
  return <ScrollingTable {...props} />;
}

/**
 * A table narrower than its columns need scrolls sideways; then the keyboard can reach it (Tab, then the
 * arrow keys), and it is a region named like the table.
 */
function ScrollingTable<T>({ columns, rows, rowKey, label }: RecordTableProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Table.ScrollContainer
      ref={container}
      type="native"
      minWidth={columns.length * MIN_COLUMN_WIDTH}
      {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': label })}
    >
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
