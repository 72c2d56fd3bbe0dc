import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import '../tap-targets.css';
import './record-table.css';

/** Each column's least width before the table scrolls sideways: a phone shows 3 columns whole. */
const MIN_COLUMN_WIDTH = 110;

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The column that names the row (its link): held at the left edge while the table scrolls sideways. */
  names?: boolean;
}

interface RecordTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows, e.g. 'No customers found.' */
  emptyText: string;
  /** Names the table for assistive technology. */
  label: string;
  /** A last row under the others, in the table's footer: the totals of a report. */
  footer?: T;
}

const heldClass = (column: { names?: boolean }) => (column.names ? 'record-table-held' : undefined);

/** The table of a list screen or of a viewer's related records. */
export function RecordTable<T>(props: RecordTableProps<T>) {
  if (props.rows.length === 0) {
    return <p className="record-table-empty">{props.emptyText}</p>;
  }
  return <ScrollingTable {...props} />;
}

/**
 * Where the scrolling box has more to show: columns before (scrolled away) and after (not yet reached); and the
 * width of the column that names the rows, which stays in view while the others scroll (px, 0 when none does).
 */
interface Overflow {
  scrolls: boolean;
  before: boolean;
  after: boolean;
  held: number;
}

const FITS: Overflow = { scrolls: false, before: false, after: false, held: 0 };

/** Subpixel widths and zoom can leave a scroll position a fraction short of its end. */
const EDGE = 1;

function overflowOf(element: HTMLElement): Overflow {
  const { scrollLeft, scrollWidth, clientWidth } = element;
  if (scrollWidth <= clientWidth) return FITS;
  return {
    scrolls: true,
    before: scrollLeft > EDGE,
    after: scrollLeft + clientWidth < scrollWidth - EDGE,
    held: element.querySelector<HTMLElement>('th.record-table-held')?.offsetWidth ?? 0,
  };
}

const sameOverflow = (a: Overflow, b: Overflow) =>
  a.scrolls === b.scrolls && a.before === b.before && a.after === b.after && a.held === b.held;

/**
 * A table narrower than its columns need scrolls sideways in its own box; then it shows so (a shadow on the edge
 * with more columns, and a hint), its first column (the record's name or number) stays in view while the others
 * scroll, the keyboard can reach it (Tab, then the arrow keys), and it is a region named like the table.
 */
function ScrollingTable<T>({ columns, rows, rowKey, label, footer }: RecordTableProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState<Overflow>(FITS);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      const next = overflowOf(element);
      setOverflow((current) => (sameOverflow(current, next) ? current : next));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  const { scrolls } = overflow;

  return (
    <div className="record-table">
      {scrolls && (
        <p id={hintId} className="record-table-hint">
          Scroll sideways for more columns.
        </p>
      )}
      <div
        className="record-table-frame"
        data-scrolls={scrolls || undefined}
        data-more-before={overflow.before || undefined}
        data-more-after={overflow.after || undefined}
        style={scrolls ? ({ '--record-table-held': `${overflow.held}px` } as CSSProperties) : undefined}
      >
        {/*
          A plain table, not Mantine's: its Table brings ScrollArea and a positioning library (a tenth of a list
          screen's code) for a scroll container this box does itself. It looks the same (record-table.css).
        */}
        <div
          ref={container}
          className="record-table-scroll"
          {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': label, 'aria-describedby': hintId })}
        >
          <table
            className="record-table-grid"
            aria-label={label}
            style={{ minWidth: columns.length * MIN_COLUMN_WIDTH }}
          >
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} className={heldClass(column)} style={{ textAlign: column.align }}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.header} className={heldClass(column)} style={{ textAlign: column.align }}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {footer !== undefined && (
              <tfoot>
                <tr>
                  {columns.map((column) => (
                    <td key={column.header} className={heldClass(column)} style={{ textAlign: column.align }}>
                      {column.cell(footer)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </div>
    </div>
  );
}
