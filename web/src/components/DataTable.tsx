import type { ReactNode } from 'react';
import { flexRender, type Header, type Row, type Table } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { useHiddenEnds } from '@/lib/use-hidden-ends';
import { Skeleton } from './Skeleton';
import styles from './DataTable.module.css';

type DataAttributes = Record<`data-${string}`, string>;

type Props<T> = {
  table: Table<T>;
  /** The table's accessible name. */
  label: string;
  /** While the first page loads: this many placeholder rows under the real headers, so nothing jumps. */
  loadingRows?: number;
  /** Attributes a row carries for tests and delegated handlers (`data-ticketid` …). */
  rowData?: (row: Row<T>) => DataAttributes;
  /** Under the table, inside its scroll box: the empty state, the infinite-scroll sentinel, a spinner. */
  children?: ReactNode;
  /** Keeps the first column in view while the rest scroll sideways (the row's id or name stays readable). */
  stickyFirstColumn?: boolean;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A heading cell. A column the table lets sort (its `enableSorting`; the table sorts however it likes, server-side
 * included) gets a button — reached by Tab, pressed by Enter or Space — and `aria-sort` while it orders the rows.
 */
function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <th scope="col">{label}</th>;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <th scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
      <button
        type="button"
        className={styles.sortButton}
        data-sorted={sorted || undefined}
        onClick={header.column.getToggleSortingHandler()}
      >
        {label}
        <Icon size={14} aria-hidden="true" className={styles.sortIcon} />
      </button>
    </th>
  );
}

/**
 * The admin panel's tables (agents, clients, tickets, WhatsApp numbers and templates): one look, horizontal scroll
 * on narrow screens, with a shadow on the side where more columns are scrolled out of view.
 */
export function DataTable<T>({ table, label, loadingRows = 0, rowData, children, stickyFirstColumn }: Props<T>) {
  const columns = table.getVisibleLeafColumns();
  const scroll = useHiddenEnds<HTMLDivElement>();
  return (
    <div
      className={styles.frame}
      data-more-start={scroll.hidden.start}
      data-more-end={scroll.hidden.end}
      data-sticky-first={stickyFirstColumn || undefined}
    >
      <div ref={scroll.ref} className={styles.scroll}>
        <table className={styles.table} aria-label={label} aria-busy={loadingRows > 0 || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {loadingRows > 0
              ? Array.from({ length: loadingRows }, (_, i) => (
                  <tr key={i}>
                    {columns.map((column) => (
                      <td key={column.id}>
                        <Skeleton height={16} />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id} {...rowData?.(row)}>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {children}
      </div>
    </div>
  );
}
