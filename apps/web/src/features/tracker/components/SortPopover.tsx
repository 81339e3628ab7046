import { columnTitle, MAX_OVERVIEW_SORTS, type OverviewColumn } from '@crossarm/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowsSort, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { escapeClosesPanel } from '../panel-escape';
import type { TrackerSort } from '../tracker-state';

interface SortPopoverProps {
  sorts: readonly TrackerSort[];
  /** The columns shown that sort. */
  sortable: OverviewColumn[];
  onChange: (sorts: TrackerSort[]) => void;
}

/**
 * 'Sort' with the sorts in order: each a column and a direction; more added, any removed. Escape closes an
 * open column list first, and the panel only when no list is open, as in the filter builder; closing it
 * puts the keyboard back on 'Sort'.
 */
export function SortPopover({ sorts, sortable, onChange }: SortPopoverProps) {
  const [opened, setOpened] = useState(false);
  const used = new Set(sorts.map((sort) => sort.dataId));
  const free = sortable.filter((column) => !used.has(column.dataId));
  const replace = (index: number, sort: TrackerSort) =>
    onChange(sorts.map((s, i) => (i === index ? sort : s)));
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={420}
      shadow="md"
      trapFocus
      closeOnEscape={false}
      returnFocus
    >
      <Popover.Target>
        <Button
          onClick={() => setOpened((current) => !current)}
          aria-expanded={opened}
          size="xs"
          variant={sorts.length > 0 ? 'light' : 'default'}
          leftSection={<IconArrowsSort size={14} />}
          rightSection={
            sorts.length > 0 ? (
              <Badge size="xs" circle variant="filled">
                {sorts.length}
              </Badge>
            ) : null
          }
        >
          Sort
        </Button>
      </Popover.Target>
      <Popover.Dropdown
        onKeyDown={(event) => {
          if (escapeClosesPanel(event)) setOpened(false);
        }}
      >
        <Stack gap="xs">
          {sorts.length === 0 ? (
            <Text size="sm" c="dimmed">
              Permits show newest first. Add a sort, or click a column header (shift-click adds another).
            </Text>
          ) : null}
          {sorts.map((sort, index) => {
            const options = sortable.filter((c) => c.dataId === sort.dataId || !used.has(c.dataId));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sort's row stays put when its column changes, so the keyboard keeps its place; every field is controlled
              <Group key={index} gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" w={52} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {index === 0 ? 'Sort by' : 'then'}
                </Text>
                <Select
                  size="xs"
                  style={{ flex: 1 }}
                  aria-label={`Column of sort ${index + 1}`}
                  data={options.map((c) => ({ value: c.dataId, label: columnTitle(c) }))}
                  value={sort.dataId}
                  onChange={(dataId) => dataId && replace(index, { ...sort, dataId })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: false }}
                />
                <SegmentedControl
                  size="xs"
                  aria-label={`Direction of sort ${index + 1}`}
                  data={[
                    { value: 'Ascending', label: 'Asc' },
                    { value: 'Descending', label: 'Desc' },
                  ]}
                  value={sort.direction}
                  onChange={(direction) =>
                    replace(index, {
                      ...sort,
                      direction: direction === 'Descending' ? 'Descending' : 'Ascending',
                    })
                  }
                />
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove sort ${index + 1}`}
                  onClick={() => onChange(sorts.filter((_, i) => i !== index))}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            );
          })}
          <Group justify="space-between">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              disabled={free.length === 0 || sorts.length >= MAX_OVERVIEW_SORTS}
              onClick={() => {
                const next = free[0];
                if (next) onChange([...sorts, { dataId: next.dataId, direction: 'Ascending' }]);
              }}
            >
              Add sort
            </Button>
            {sorts.length > 0 ? (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange([])}>
                Clear sorts
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
