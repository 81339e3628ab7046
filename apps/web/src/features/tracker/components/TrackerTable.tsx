import {
  columnTitle,
  type OverviewColumn,
  type OverviewRowByColumn,
  type OverviewSummaryValue,
  PermitStatus,
  type SummaryMetric,
} from '@crossarm/shared';
import {
  ActionIcon,
  Anchor,
  Box,
  Checkbox,
  Menu,
  Paper,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DataTableErrorState } from '../../../components/data-table/DataTableErrorState';
import { DataTableSkeletonRows } from '../../../components/data-table/DataTableSkeletonRows';
import { EMPTY_CELL } from '../../../components/data-table/empty-cell';
import { isPlainKey, rowFocusTarget } from '../../../components/data-table/row-focus';
import { SelectAllCheckbox } from '../../../components/data-table/SelectAllCheckbox';
import { useFillHeight } from '../../../lib/use-fill-height';
import { PermitStatusBadge } from '../../permits/workflow/components/PermitStatusBadge';
import {
  cellText,
  defaultWidth,
  isNumericColumn,
  METRIC_LABELS,
  summaryCellText,
  summaryText,
} from '../tracker-columns';
import type { TrackerState } from '../tracker-state';
import { MetricItems } from './MetricMenu';
import { TrackerHeaderCell } from './TrackerHeaderCell';

export const TRACKER_ROW_HEIGHT = 32;
const SELECT_WIDTH = 36;

interface TrackerTableProps {
  state: TrackerState;
  columns: ReadonlyMap<string, OverviewColumn>;
  /** Undefined until the first page has loaded. */
  rows: OverviewRowByColumn[] | undefined;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** Shown in place of rows when the page is empty. */
  empty: ReactNode;
  summary: OverviewSummaryValue[] | undefined;
  /** The summary could not be read: its cells say so, and a button reads it again. */
  summaryError?: { onRetry: () => void } | null;
  selected: readonly string[];
  onSelectedChange: (selected: string[]) => void;
  onOpen: (row: OverviewRowByColumn) => void;
  /** Where a row's permit opens (its number links there). */
  hrefOf: (row: OverviewRowByColumn) => string;
  onSort: (dataId: string, additive: boolean) => void;
  onSortDirection: (dataId: string, direction: 'Ascending' | 'Descending' | null) => void;
  onMetric: (dataId: string, metric: SummaryMetric | null) => void;
  /** Below the rows: the pages. */
  footer?: ReactNode;
}

function Cell({
  column,
  value,
  href,
}: {
  column: OverviewColumn | undefined;
  value: OverviewRowByColumn['values'][string];
  /** Where the permit opens: its number is a link there (a new tab with a modified or middle click). */
  href: string;
}) {
  if (column?.dataId === 'permit.Status') {
    const status = PermitStatus.safeParse(value);
    if (status.success) return <PermitStatusBadge status={status.data} shrinks />;
  }
  const text = cellText(column, value);
  if (column?.dataId === 'permit.PermitNumber' && text) {
    // Out of the tab order: the keyboard moves by rows, and Enter opens the row's permit.
    return (
      <Anchor
        component={Link}
        to={href}
        tabIndex={-1}
        size="sm"
        fw={600}
        c="inherit"
        display="block"
        truncate
        title={text}
        onClick={(event) => event.stopPropagation()}
      >
        {text}
      </Anchor>
    );
  }
  return (
    <Text
      size="sm"
      truncate
      title={text || undefined}
      fw={column?.dataId === 'permit.PermitNumber' ? 600 : undefined}
      c={text ? undefined : 'dimmed'}
      style={isNumericColumn(column) ? { fontVariantNumeric: 'tabular-nums' } : undefined}
    >
      {text || EMPTY_CELL}
    </Text>
  );
}

/**
 * The permit tracker's table: a sticky header that sorts, resizes and picks summary metrics, rows rendered
 * as they scroll into view, row selection, keyboard movement (arrows, Home, End; Enter opens; Space
 * selects), and the summary row at the foot.
 */
export function TrackerTable({
  state,
  columns,
  rows,
  fetching,
  error,
  onRetry,
  empty,
  summary,
  summaryError = null,
  selected,
  onSelectedChange,
  onOpen,
  hrefOf,
  onSort,
  onSortDirection,
  onMetric,
  footer,
}: TrackerTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const fill = useFillHeight(scroller, frame);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [focused, setFocused] = useState(0);
  const list = rows ?? [];
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => TRACKER_ROW_HEIGHT,
    overscan: 12,
  });

  const shown = state.columns.map((dataId) => ({
    dataId,
    column: columns.get(dataId),
    width: widths[dataId] ?? defaultWidth(columns.get(dataId)),
  }));
  const totalWidth = SELECT_WIDTH + shown.reduce((sum, c) => sum + c.width, 0);
  const selectedSet = new Set(selected);
  const ids = list.map((row) => row.id);
  const metricOf = (dataId: string) => state.summary.find((s) => s.dataId === dataId)?.metric ?? null;

  const toggle = (id: string) => {
    const next = new Set(selectedSet);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange([...next]);
  };

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(list.length - 1, index));
    setFocused(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    requestAnimationFrame(() => {
      scroller.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`)?.focus();
    });
  };
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: OverviewRowByColumn) => {
    if (event.target !== event.currentTarget || !isPlainKey(event)) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 320) / TRACKER_ROW_HEIGHT) - 1);
    const move = rowFocusTarget(event.key, index, list.length, page);
    if (move !== null) {
      event.preventDefault();
      focusRow(move);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(row);
    } else if (event.key === ' ') {
      event.preventDefault();
      toggle(row.id);
    }
  };

  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = shown.length + 1;
  const showSummary = state.summaryVisible && list.length > 0;

  let body: ReactNode;
  if (error && rows === undefined) body = null;
  else if (rows === undefined) body = <DataTableSkeletonRows rows={12} columns={columnCount} />;
  else
    body = (
      <>
        {before > 0 ? (
          <Table.Tr aria-hidden="true">
            <Table.Td colSpan={columnCount} style={{ height: before, padding: 0, border: 0 }} />
          </Table.Tr>
        ) : null}
        {items.map((item) => {
          const row = list[item.index];
          if (!row) return null;
          const isSelected = selectedSet.has(row.id);
          const number = cellText(columns.get('permit.PermitNumber'), row.values['permit.PermitNumber']);
          return (
            <Table.Tr
              key={row.id}
              data-index={item.index}
              tabIndex={item.index === Math.min(focused, list.length - 1) ? 0 : -1}
              onClick={() => onOpen(row)}
              onFocus={() => setFocused(item.index)}
              onKeyDown={(event) => onKey(event, item.index, row)}
              aria-selected={isSelected}
              aria-rowindex={item.index + 2}
              bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer', height: TRACKER_ROW_HEIGHT }}
            >
              <Table.Td w={SELECT_WIDTH} pr={0} onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  size="xs"
                  tabIndex={-1}
                  checked={isSelected}
                  onChange={() => toggle(row.id)}
                  aria-label={`Select ${number || 'permit'}`}
                />
              </Table.Td>
              {shown.map(({ dataId, column }) => (
                <Table.Td key={dataId} ta={isNumericColumn(column) ? 'right' : undefined} py={0}>
                  <Cell column={column} value={row.values[dataId] ?? null} href={hrefOf(row)} />
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
        {after > 0 ? (
          <Table.Tr aria-hidden="true">
            <Table.Td colSpan={columnCount} style={{ height: after, padding: 0, border: 0 }} />
          </Table.Tr>
        ) : null}
      </>
    );

  const stickyBg = 'var(--mantine-color-body)';
  return (
    <Paper ref={frame} withBorder radius="md" style={{ overflow: 'clip' }}>
      <Box
        ref={scroller}
        style={{
          overflow: 'auto',
          maxHeight: fill === null ? 'max(360px, calc(100dvh - 300px))' : fill,
          position: 'relative',
        }}
      >
        <Table
          highlightOnHover
          verticalSpacing={0}
          horizontalSpacing="xs"
          fz="sm"
          layout="fixed"
          w={totalWidth}
          miw="100%"
          aria-label="Permits"
          aria-rowcount={list.length + 1}
          aria-busy={rows === undefined || fetching}
          style={{ opacity: fetching && rows !== undefined ? 0.65 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead style={{ position: 'sticky', top: 0, zIndex: 2, background: stickyBg }}>
            <Table.Tr>
              <Table.Th w={SELECT_WIDTH} pr={0}>
                <SelectAllCheckbox
                  ids={ids}
                  selected={selectedSet}
                  onChange={onSelectedChange}
                  label="Select all permits on this page"
                />
              </Table.Th>
              {shown.map(({ dataId, column, width }) => (
                <TrackerHeaderCell
                  key={dataId}
                  dataId={dataId}
                  column={column}
                  width={width}
                  align={isNumericColumn(column) ? 'right' : 'left'}
                  sorts={state.sorts}
                  metric={metricOf(dataId)}
                  onSort={onSort}
                  onSortDirection={onSortDirection}
                  onMetric={onMetric}
                  onResize={(id, next) => setWidths((current) => ({ ...current, [id]: next }))}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
          {showSummary ? (
            <Table.Tfoot
              style={{
                position: 'sticky',
                // A pixel past the edge, so that no row shows through a rounding seam beneath the summary.
                bottom: -1,
                zIndex: 2,
                background: stickyBg,
                boxShadow: '0 -1px 0 var(--mantine-color-default-border)',
              }}
              aria-label="Summary"
            >
              <Table.Tr>
                <Table.Td px={4}>
                  {summaryError ? (
                    <Tooltip label="The summary did not load. Try again">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label="The summary did not load. Try again"
                        onClick={summaryError.onRetry}
                      >
                        <IconRefresh size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
                {shown.map(({ dataId, column }) => {
                  const metric = metricOf(dataId);
                  const value = summary?.find((s) => s.dataId === dataId && s.metric === metric);
                  const title = column ? columnTitle(column) : dataId;
                  if (!column || column.metrics.length === 0) return <Table.Td key={dataId} />;
                  const notLoaded = Boolean(metric && !value && summaryError);
                  const whole = !metric
                    ? null
                    : notLoaded
                      ? `${METRIC_LABELS[metric]} not loaded`
                      : summaryCellText(column, metric, value?.value);
                  return (
                    <Table.Td key={dataId} ta={isNumericColumn(column) ? 'right' : undefined} py={4}>
                      <Menu position="top" width={180} shadow="md" withinPortal>
                        <Menu.Target>
                          <UnstyledButton
                            aria-label={whole ? `Summary of ${title}: ${whole}` : `Summary of ${title}`}
                            title={whole ?? undefined}
                            w="100%"
                            display="block"
                          >
                            {metric ? (
                              <Text
                                size="xs"
                                truncate
                                ta={isNumericColumn(column) ? 'right' : undefined}
                                style={{ fontVariantNumeric: 'tabular-nums' }}
                              >
                                <Text span size="xs" c="dimmed">
                                  {METRIC_LABELS[metric]}{' '}
                                </Text>
                                <Text span size="xs" fw={600}>
                                  {value
                                    ? summaryText(column, metric, value.value)
                                    : summaryError
                                      ? '—'
                                      : '…'}
                                </Text>
                              </Text>
                            ) : (
                              <Text size="xs" c="dimmed" ta={isNumericColumn(column) ? 'right' : undefined}>
                                + Summary
                              </Text>
                            )}
                          </UnstyledButton>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <MetricItems
                            column={column}
                            metric={metric}
                            onChange={(m) => onMetric(dataId, m)}
                          />
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Box>
      {error ? <DataTableErrorState error={error} onRetry={onRetry} /> : null}
      {rows !== undefined && !error && rows.length === 0 ? <Box>{empty}</Box> : null}
      {footer}
    </Paper>
  );
}
