import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { Button } from '../buttons/Button';
import { Spinner } from '../feedback/Spinner';
import { formatNumber } from '../format';
import { theme } from '../theme';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** What labels the cell on a phone's card when the header is not text (by default the header's text). */
  label?: string;
  /** Cell content; by default the row's value at `key` (numbers with en-IN grouping). */
  render?: (row: T, index: number) => ReactNode;
  sortable?: boolean;
  /** What sorting compares; by default the row's value at `key`. */
  sortValue?: (row: T) => string | number | Date | null | undefined;
  align?: 'left' | 'center' | 'right';
  width?: string;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: keyof T | ((row: T) => string | number);
  /** Accessible name of the table. */
  label?: string;
  loading?: boolean;
  emptyMessage?: ReactNode;
  pageSize?: number;
  onRowClick?: (row: T) => void;
  /** Client mode: starting sort. */
  initialSort?: SortState;
  /**
   * Server mode: pass `onPageChange` (and `totalResults`, `page`, 0-based like the API); `rows` is then the
   * current page only. Sorting in server mode needs `sort` + `onSortChange` (sorting one page alone would mislead).
   */
  page?: number;
  totalResults?: number;
  onPageChange?: (page: number) => void;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /**
   * Rows pinned before and after the page's rows (an opening balance, a totals row): never sorted, paged or
   * counted by the pager, and shown even when the page itself is empty.
   */
  leadingRows?: readonly T[];
  trailingRows?: readonly T[];
  /** A detail shown under a row across the whole width (a voucher's lines); null/undefined shows nothing. */
  renderDetail?: (row: T) => ReactNode;
}

const Wrapper = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  overflow: hidden;
`;
// A wide table scrolls sideways inside its card, never the page; on a phone it is a card per row (below).
const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
  &:focus-visible {
    /* Inside the card's rounded, clipped box an outer outline would be cut off. */
    outline-offset: -2px;
  }
`;
/*
 * On a phone (issue 38 item 2) each row is a card: every cell a line of its column's label and its value, the row's
 * actions wrapping under them, so nothing needs sideways scrolling; the sortable headers stay as a row of buttons.
 * The elements keep their table roles (explicit, as CSS display no longer implies them).
 */
const phoneCards = `
  @media ${theme.media.phone} {
    &, & > tbody, & > tbody > tr, & > tbody > tr > td {
      display: block;
      width: 100%;
    }
    & > thead > tr {
      display: flex;
      flex-wrap: wrap;
      gap: ${theme.space.xs};
      padding: ${theme.space.sm} ${theme.space.md};
      background: ${theme.colors.surfaceMuted};
      border-bottom: 1px solid ${theme.colors.border};
    }
    & > thead > tr > th {
      display: none;
      border: none;
      padding: 0;
    }
    & > thead > tr > th[data-sortable] {
      display: block;
    }
    & > tbody > tr {
      padding: ${theme.space.sm} 0;
      border-bottom: 1px solid ${theme.colors.border};
    }
    & > tbody > tr > td {
      display: flex;
      justify-content: space-between;
      align-items: center;
      flex-wrap: wrap;
      gap: ${theme.space.xs} ${theme.space.md};
      text-align: right;
      border-bottom: none;
      padding: ${theme.space.xs} ${theme.space.md};
      overflow-wrap: anywhere;
    }
    /* The column's label: generated content with empty alternative text, so the cell's text and accessible name stay its value. */
    & > tbody > tr > td[data-label]::before {
      content: attr(data-label) / "";
      text-align: left;
      font-size: ${theme.fontSizes.sm};
      font-weight: ${theme.fontWeights.bold};
      color: ${theme.colors.textMuted};
    }
  }
`;
const Table = styled.table<{ $busy: boolean }>`
  width: 100%;
  border-collapse: collapse;
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  ${phoneCards}
`;
const Th = styled.th<{ $align: string; $width?: string }>`
  text-align: ${({ $align }) => $align};
  width: ${({ $width }) => $width ?? 'auto'};
  padding: ${theme.space.sm} ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.textMuted};
  background: ${theme.colors.surfaceMuted};
  border-bottom: 1px solid ${theme.colors.border};
  white-space: nowrap;
`;
const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;
const Td = styled.td<{ $align: string }>`
  text-align: ${({ $align }) => $align};
  padding: ${theme.space.sm} ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.border};
  vertical-align: middle;
`;
const Tr = styled.tr<{ $clickable: boolean }>`
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};
  background: ${theme.colors.surface};
  &:hover {
    background: ${({ $clickable }) => ($clickable ? theme.colors.primarySoft : theme.colors.surface)};
  }
  &:last-child td {
    border-bottom: none;
  }
`;
const PinnedTr = styled.tr`
  background: ${theme.colors.surfaceMuted};
  td {
    font-weight: ${theme.fontWeights.bold};
  }
`;
const DetailTd = styled.td`
  padding: ${theme.space.sm} ${theme.space.md} ${theme.space.md} ${theme.space.xl};
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceMuted};
`;
const Message = styled.td`
  padding: ${theme.space.xl} ${theme.space.md};
  text-align: center;
  color: ${theme.colors.textMuted};
`;
const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const PagerControls = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
`;

type Comparable = string | number | Date | null | undefined;

function compare(a: Comparable, b: Comparable): number {
  // Empty values sort last in both directions' base order.
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-IN', { numeric: true, sensitivity: 'base' });
}

const valueAt = <T,>(row: T, key: string): unknown => (row as Record<string, unknown>)[key];

function defaultCell(value: unknown): ReactNode {
  if (typeof value === 'number') return formatNumber(value);
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The one table of the product: typed columns, sorting, paging (client or server), empty and loading states. */
/** Whether the element's content is wider than the element (re-measured as either is resized). */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(el.scrollWidth > el.clientWidth));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  emptyMessage = 'Nothing to show yet',
  pageSize = 20,
  onRowClick,
  initialSort,
  page: serverPage,
  totalResults,
  onPageChange,
  sort: controlledSort,
  onSortChange,
  leadingRows = [],
  trailingRows = [],
  renderDetail,
}: DataTableProps<T>) {
  const serverMode = onPageChange !== undefined;
  const sortControlled = onSortChange !== undefined;
  const [localSort, setLocalSort] = useState<SortState | null>(initialSort ?? null);
  const [localPage, setLocalPage] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsSideways(scrollRef);
  const sort = sortControlled ? (controlledSort ?? null) : localSort;

  const sorted = useMemo(() => {
    if (sortControlled || serverMode || !sort) return rows;
    const column = columns.find((c) => c.key === sort.key);
    if (!column) return rows;
    const read = column.sortValue ?? ((row: T) => valueAt(row, column.key) as Comparable);
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => compare(read(a), read(b)) * factor);
  }, [rows, columns, sort, sortControlled, serverMode]);

  const total = serverMode ? (totalResults ?? rows.length) : rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Clamp: when rows shrink (a delete, a new filter) the current client page may no longer exist.
  const page = Math.min(serverMode ? (serverPage ?? 0) : localPage, pageCount - 1);
  const visible = serverMode ? sorted : sorted.slice(page * pageSize, page * pageSize + pageSize);

  const goTo = (next: number) => (serverMode ? onPageChange(next) : setLocalPage(next));

  const toggleSort = (key: string) => {
    const next: SortState =
      sort?.key === key ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
    if (sortControlled) onSortChange(next);
    else {
      setLocalSort(next);
      setLocalPage(0);
    }
  };
  const canSort = (column: DataTableColumn<T>) => Boolean(column.sortable) && (!serverMode || sortControlled);

  const keyOf = (row: T): string | number =>
    typeof rowKey === 'function' ? rowKey(row) : (valueAt(row, rowKey as string) as string | number);

  const cellsOf = (row: T, index: number) =>
    columns.map((column) => {
      const label = column.label ?? (typeof column.header === 'string' ? column.header : '');
      return (
        <Td key={column.key} role="cell" data-label={label || undefined} $align={column.align ?? 'left'}>
          {column.render ? column.render(row, index) : defaultCell(valueAt(row, column.key))}
        </Td>
      );
    });

  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, page * pageSize + visible.length);

  return (
    <Wrapper>
      {/* A table wider than its card scrolls inside it: then the scroller is a named, focusable region, so the keyboard can scroll it too. */}
      <Scroll ref={scrollRef} tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'region' : undefined} aria-label={scrolls ? label : undefined}>
        <Table role="table" aria-label={label} aria-busy={loading || undefined} $busy={loading && rows.length > 0}>
          <thead>
            <tr role="row">
              {columns.map((column) => {
                const align = column.align ?? 'left';
                const active = sort?.key === column.key;
                return (
                  <Th
                    key={column.key}
                    scope="col"
                    role="columnheader"
                    data-sortable={canSort(column) || undefined}
                    $align={align}
                    $width={column.width}
                    aria-sort={active && canSort(column) ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {canSort(column) ? (
                      <SortButton type="button" onClick={() => toggleSort(column.key)}>
                        {column.header}
                        <span aria-hidden="true">{active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {leadingRows.map((row, index) => (
              <PinnedTr key={`leading-${keyOf(row)}`} role="row">
                {cellsOf(row, index)}
              </PinnedTr>
            ))}
            {loading && rows.length === 0 ? (
              <tr role="row">
                <Message role="cell" colSpan={columns.length}>
                  <Spinner label="Loading rows" />
                </Message>
              </tr>
            ) : visible.length === 0 ? (
              <tr role="row">
                <Message role="cell" colSpan={columns.length}>
                  {emptyMessage}
                </Message>
              </tr>
            ) : (
              visible.map((row, index) => {
                const detail = renderDetail?.(row);
                return (
                  <Fragment key={keyOf(row)}>
                    <Tr role="row" $clickable={Boolean(onRowClick)} onClick={onRowClick ? () => onRowClick(row) : undefined}>
                      {cellsOf(row, page * pageSize + index)}
                    </Tr>
                    {detail !== null && detail !== undefined && (
                      <tr role="row">
                        <DetailTd role="cell" colSpan={columns.length}>
                          {detail}
                        </DetailTd>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
            {trailingRows.map((row, index) => (
              <PinnedTr key={`trailing-${keyOf(row)}`} role="row">
                {cellsOf(row, index)}
              </PinnedTr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      {total > 0 && (
        <Pager>
          <span>
            Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
          </span>
          {pageCount > 1 && (
            <PagerControls>
              <Button type="button" size="sm" variant="secondary" disabled={page === 0 || loading} onClick={() => goTo(page - 1)}>
                Previous
              </Button>
              <span>
                Page {formatNumber(page + 1)} of {formatNumber(pageCount)}
              </span>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={page >= pageCount - 1 || loading}
                onClick={() => goTo(page + 1)}
              >
                Next
              </Button>
            </PagerControls>
          )}
        </Pager>
      )}
    </Wrapper>
  );
}
