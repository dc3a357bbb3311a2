import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

/** Where the table turns into cards: Tailwind's `md` (768 px), a tablet in portrait. */
export const TABLE_MEDIA_QUERY = '(min-width: 768px)';
/** For a table of many columns that a tablet cannot hold: Tailwind's `lg` (1024 px). */
export const WIDE_TABLE_MEDIA_QUERY = '(min-width: 1024px)';

export interface ResponsiveColumn<Row> {
  /** Stable key of the column. */
  id: string;
  /** The column heading on wide screens, and the label before the value on a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes for the table's <th> and <td> (alignment, width). */
  className?: string;
  /** The card's title on a phone (no label); the first column when none is marked. */
  primary?: boolean;
}

export interface ResponsiveTableProps<Row> {
  rows: readonly Row[];
  columns: readonly ResponsiveColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** Buttons for one row: the last column of the table, the foot of each card. */
  actions?: (row: Row) => ReactNode;
  actionsHeader?: string;
  /** Names the table (and the card list) for screen readers. */
  label: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /**
   * A click anywhere on a row (or card) that is not on one of its buttons or fields. A pointer
   * shortcut only: give keyboard users the same action as a button in `actions`.
   */
  onRowClick?: (row: Row) => void;
  /** From which width the table shows (TABLE_MEDIA_QUERY unless a wide table needs more). */
  wideQuery?: string;
}

const INTERACTIVE = 'button, a, input, select, textarea, label, [role="button"]';

function rowClickHandler<Row>(row: Row, onRowClick?: (row: Row) => void) {
  if (!onRowClick) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    onRowClick(row);
  };
}

/**
 * A data table that is a real <table> from 768 px and a list of cards below, with every
 * value labelled and every action on screen — no sideways scrolling on a phone. Every list of
 * records in the app uses this; columns are described once and both layouts follow.
 */
export function ResponsiveTable<Row>({
  rows,
  columns,
  rowKey,
  actions,
  actionsHeader = 'Actions',
  label,
  empty,
  onRowClick,
  wideQuery = TABLE_MEDIA_QUERY,
}: ResponsiveTableProps<Row>) {
  const wide = useMediaQuery(wideQuery);
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  return wide ? (
    <WideTable
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      actions={actions}
      actionsHeader={actionsHeader}
      label={label}
      onRowClick={onRowClick}
    />
  ) : (
    <CardList
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      actions={actions}
      label={label}
      onRowClick={onRowClick}
    />
  );
}

type LayoutProps<Row> = Omit<ResponsiveTableProps<Row>, 'empty' | 'wideQuery'>;

function WideTable<Row>({
  rows,
  columns,
  rowKey,
  actions,
  actionsHeader,
  label,
  onRowClick,
}: LayoutProps<Row>) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.id} scope="col" className={column.className}>
              {column.header}
            </TableHead>
          ))}
          {actions && (
            <TableHead scope="col" className="text-right">
              {actionsHeader}
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={rowKey(row)}
            className={onRowClick ? 'cursor-pointer' : undefined}
            onClick={rowClickHandler(row, onRowClick)}
          >
            {columns.map((column) => (
              <TableCell key={column.id} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
            {actions && (
              <TableCell className="text-right whitespace-nowrap">
                <div className="inline-flex items-center gap-2">{actions(row)}</div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CardList<Row>({ rows, columns, rowKey, actions, label, onRowClick }: LayoutProps<Row>) {
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const details = columns.filter((column) => column !== primary);
  return (
    // Two cards a row where a wide table (wideQuery) still shows cards on a tablet.
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className={cn(
            'rounded-md border border-slate-200 p-4 dark:border-slate-800',
            onRowClick && 'cursor-pointer',
          )}
          onClick={rowClickHandler(row, onRowClick)}
        >
          {primary && <div className="font-medium break-words">{primary.cell(row)}</div>}
          {details.length > 0 && (
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {details.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="text-slate-600 dark:text-slate-400">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div>}
        </li>
      ))}
    </ul>
  );
}
