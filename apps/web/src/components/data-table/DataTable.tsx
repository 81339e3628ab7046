import { Box, Checkbox, Paper, Table, Text } from '@mantine/core';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import { DataTableErrorState } from './DataTableErrorState';
import { DataTablePagination } from './DataTablePagination';
import { DataTableSkeletonRows } from './DataTableSkeletonRows';
import type { DataTableColumn, DataTablePaging, DataTableSelection, DataTableSort } from './data-table-types';
import { isPlainKey, rowFocusTarget } from './row-focus';
import { SelectAllCheckbox } from './SelectAllCheckbox';
import { SortableHeaderCell } from './SortableHeaderCell';

export interface DataTableProps<T> {
  /** Names the table for assistive technology, e.g. 'Organizations'. */
  label: string;
  columns: DataTableColumn<T>[];
  /** Undefined until the first page has loaded. */
  rows: T[] | undefined;
  getRowId: (row: T) => string;
  /** How a row is named in its selection checkbox ('Select Northfield Electric'). */
  getRowLabel?: (row: T) => string;
  /** True while a new page loads over the rows shown. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown in place of rows when the list is empty. */
  empty: ReactNode;
  sort?: DataTableSort;
  selection?: DataTableSelection;
  paging?: DataTablePaging;
  onRowClick?: (row: T) => void;
  /** A row whose details show in a full-width row under it. */
  expandedRowId?: string | null;
  renderExpanded?: (row: T) => ReactNode;
  skeletonRows?: number;
}

const ROW_STYLE = { cursor: 'pointer' } as const;

/**
 * The list table of the administration pages: compact rows under a sticky header, sortable columns,
 * row selection, skeleton rows while loading, an empty and an error state, and paging underneath. Rows that
 * open move by the keyboard too.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowId,
  getRowLabel,
  fetching = false,
  error,
  onRetry,
  empty,
  sort,
  selection,
  paging,
  onRowClick,
  expandedRowId,
  renderExpanded,
  skeletonRows = 8,
}: DataTableProps<T>) {
  const ids = rows?.map(getRowId) ?? [];
  const selected = new Set(selection?.selected ?? []);
  const columnCount = columns.length + (selection ? 1 : 0);

  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange([...next]);
  };
  // A focused row opens with Enter; the arrows, Page Up and Down, Home and End move between the rows.
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget || !isPlainKey(event)) return;
    if (event.key === 'Enter') {
      onRowClick?.(row);
      return;
    }
    const focusable = [
      ...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>(':scope > tr[tabindex]') ?? []),
    ];
    const target = rowFocusTarget(event.key, focusable.indexOf(event.currentTarget), focusable.length);
    if (target === null) return;
    event.preventDefault();
    focusable[target]?.focus();
  };

  const showRows = rows !== undefined && !error;
  let body: ReactNode;
  if (error && rows === undefined) body = null;
  else if (rows === undefined) body = <DataTableSkeletonRows rows={skeletonRows} columns={columnCount} />;
  else {
    body = rows.map((row) => {
      const id = getRowId(row);
      const expanded = expandedRowId === id && renderExpanded;
      return (
        <Fragment key={id}>
          <Table.Tr
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={onRowClick ? (event) => onRowKey(event, row) : undefined}
            tabIndex={onRowClick ? 0 : undefined}
            style={onRowClick ? ROW_STYLE : undefined}
            bg={selected.has(id) ? 'var(--mantine-primary-color-light)' : undefined}
            aria-selected={selection ? selected.has(id) : undefined}
            aria-expanded={renderExpanded ? Boolean(expanded) : undefined}
          >
            {selection ? (
              <Table.Td w={36} onClick={(event) => event.stopPropagation()} pr={0}>
                <Checkbox
                  size="xs"
                  checked={selected.has(id)}
                  onChange={() => toggle(id)}
                  aria-label={`Select ${getRowLabel?.(row) ?? 'row'}`}
                />
              </Table.Td>
            ) : null}
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                ta={column.align}
                visibleFrom={column.visibleFrom}
                className={column.className}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
          {expanded ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount} p={0}>
                {renderExpanded(row)}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Fragment>
      );
    });
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'clip' }}>
      <Table
        stickyHeader
        stickyHeaderOffset={48}
        highlightOnHover={Boolean(onRowClick)}
        verticalSpacing={6}
        horizontalSpacing="xs"
        fz="sm"
        layout="fixed"
        aria-label={label}
        aria-busy={rows === undefined || fetching}
        style={{ opacity: fetching && rows !== undefined ? 0.65 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={36} pr={0}>
                <SelectAllCheckbox
                  ids={ids}
                  selected={selected}
                  onChange={selection.onChange}
                  label="Select all rows on this page"
                />
              </Table.Th>
            ) : null}
            {columns.map((column) =>
              sort && column.sortKey ? (
                <SortableHeaderCell
                  key={column.key}
                  label={column.header}
                  sortKey={column.sortKey}
                  sortBy={sort.by}
                  sortDir={sort.dir}
                  onSort={sort.onChange}
                  align={column.align}
                  width={column.width}
                  visibleFrom={column.visibleFrom}
                  className={column.className}
                />
              ) : (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  visibleFrom={column.visibleFrom}
                  className={column.className}
                >
                  <Text fw={600} size="xs" c="dimmed" tt="uppercase" truncate>
                    {column.header}
                  </Text>
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
      {error ? <DataTableErrorState error={error} onRetry={onRetry} /> : null}
      {showRows && rows.length === 0 ? <Box>{empty}</Box> : null}
      {paging && showRows && rows.length > 0 ? (
        <Box
          style={{ borderTop: '1px solid var(--table-border-color, var(--mantine-color-default-border))' }}
        >
          <DataTablePagination {...paging} />
        </Box>
      ) : null}
    </Paper>
  );
}
