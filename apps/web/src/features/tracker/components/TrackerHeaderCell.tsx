import { columnTitle, type OverviewColumn, type SummaryMetric } from '@crossarm/shared';
import { ActionIcon, Badge, Group, Menu, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDots } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { isPlainKey } from '../../../components/data-table/row-focus';
import { keyboardWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../tracker-columns';
import type { TrackerSort } from '../tracker-state';
import { MetricItems } from './MetricMenu';
import './tracker-header.css';

interface TrackerHeaderCellProps {
  dataId: string;
  column: OverviewColumn | undefined;
  width: number;
  align: 'left' | 'right';
  sorts: readonly TrackerSort[];
  metric: SummaryMetric | null;
  onSort: (dataId: string, additive: boolean) => void;
  onSortDirection: (dataId: string, direction: TrackerSort['direction'] | null) => void;
  onMetric: (dataId: string, metric: SummaryMetric | null) => void;
  onResize: (dataId: string, width: number) => void;
}

/**
 * A column header: a click sorts by the column (shift-click adds it as a further sort), the menu sorts and
 * picks the summary metric, and the right edge resizes: dragged, or focused and moved by the arrow keys.
 */
export function TrackerHeaderCell({
  dataId,
  column,
  width,
  align,
  sorts,
  metric,
  onSort,
  onSortDirection,
  onMetric,
  onResize,
}: TrackerHeaderCellProps) {
  const title = column ? columnTitle(column) : dataId;
  const index = sorts.findIndex((sort) => sort.dataId === dataId);
  const sort = index >= 0 ? sorts[index] : undefined;
  const sortable = Boolean(column?.sortable);
  const Icon = sort?.direction === 'Descending' ? IconArrowDown : IconArrowUp;

  const startResize = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) =>
      onResize(
        dataId,
        Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, Math.round(width + e.clientX - startX))),
      );
    const end = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  };

  const resizeByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isPlainKey(event)) return;
    const next = keyboardWidth(event.key, event.shiftKey, width);
    if (next === null) return;
    event.preventDefault();
    onResize(dataId, next);
  };

  // Before the caller's columns have loaded, a header has no name yet.
  const label = !column ? (
    <Skeleton height={8} width="60%" radius="sm" my={4} />
  ) : (
    <Group
      gap={4}
      wrap="nowrap"
      justify={align === 'right' ? 'flex-end' : 'flex-start'}
      style={{ minWidth: 0 }}
    >
      <Text fw={600} size="xs" c={sort ? 'var(--mantine-color-bright)' : 'dimmed'} tt="uppercase" truncate>
        {title}
      </Text>
      {sort ? <Icon size={12} stroke={2} style={{ flexShrink: 0 }} /> : null}
      {sort && sorts.length > 1 ? (
        <Badge size="xs" variant="light" circle>
          {index + 1}
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <Table.Th
      w={width}
      p={0}
      aria-sort={sort ? (sort.direction === 'Ascending' ? 'ascending' : 'descending') : undefined}
      style={{ position: 'relative' }}
      title={column ? title : undefined}
    >
      <Group gap={0} wrap="nowrap" pr={6}>
        {sortable ? (
          <UnstyledButton
            onClick={(event: MouseEvent) => onSort(dataId, event.shiftKey)}
            px="xs"
            py={7}
            style={{ flex: 1, minWidth: 0 }}
            aria-label={`Sort by ${title}`}
          >
            {label}
          </UnstyledButton>
        ) : (
          <Text component="div" px="xs" py={7} style={{ flex: 1, minWidth: 0 }}>
            {label}
          </Text>
        )}
        {column && (sortable || column.metrics.length > 0) ? (
          <Menu position="bottom-end" width={200} shadow="md" withinPortal>
            <Menu.Target>
              <ActionIcon size="xs" variant="subtle" color="gray" aria-label={`Options of ${title}`}>
                <IconDots size={12} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {sortable ? (
                <>
                  <Menu.Label>Sort</Menu.Label>
                  <Menu.Item onClick={() => onSortDirection(dataId, 'Ascending')}>Sort ascending</Menu.Item>
                  <Menu.Item onClick={() => onSortDirection(dataId, 'Descending')}>Sort descending</Menu.Item>
                  {sort ? (
                    <Menu.Item onClick={() => onSortDirection(dataId, null)}>Remove sort</Menu.Item>
                  ) : null}
                </>
              ) : null}
              <MetricItems column={column} metric={metric} onChange={(next) => onMetric(dataId, next)} />
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {/* The window-splitter pattern: a focusable separator whose value is the column's width. */}
      {/* biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be focused and dragged as a column edge */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${title}`}
        aria-valuenow={width}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={MAX_COLUMN_WIDTH}
        tabIndex={0}
        className="tracker-resize-handle"
        onPointerDown={startResize}
        onKeyDown={resizeByKey}
      />
    </Table.Th>
  );
}
