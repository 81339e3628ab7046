import {
  columnTitle,
  MAX_OVERVIEW_COLUMNS,
  type OverviewColumn,
  type OverviewColumnGroup,
} from '@crossarm/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconGripVertical, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableItem } from '../../workflows/components/SortableItem';
import { SortableList } from '../../workflows/components/SortableList';
import {
  applyColumns,
  columnChangeLosses,
  columnLossText,
  pickerGroups,
  SUBJECT_KIND_LABELS,
} from '../tracker-columns';
import type { TrackerState } from '../tracker-state';

interface ColumnPickerProps {
  opened: boolean;
  onClose: () => void;
  groups: readonly OverviewColumnGroup[];
  columns: ReadonlyMap<string, OverviewColumn>;
  /** The table as it is: its columns are the ones ticked at first; its filters and sorts may be removed. */
  state: TrackerState;
  onApply: (columns: string[]) => void;
}

/**
 * Which columns the table shows and in what order: the caller's columns grouped by what they are about,
 * searchable, ticked on and off, and the shown ones reordered by dragging. Applying removes the sorts,
 * filters and sums of columns taken away, which the picker says before it is applied.
 */
export function ColumnPicker({ opened, onClose, groups, columns, state, onApply }: ColumnPickerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={440} title="Columns" padding="md">
      {opened ? (
        <ColumnPickerBody
          groups={groups}
          columns={columns}
          state={state}
          onApply={onApply}
          onClose={onClose}
        />
      ) : null}
    </Drawer>
  );
}

function ColumnPickerBody({ groups, columns, state, onApply, onClose }: Omit<ColumnPickerProps, 'opened'>) {
  const [draft, setDraft] = useState<string[]>(() => [...state.columns]);
  const losses =
    draft.length > 0
      ? columnLossText(columnChangeLosses(state, applyColumns(state, draft)), 'pending')
      : null;
  const [search, setSearch] = useState('');
  const chosen = new Set(draft);
  const visible = pickerGroups(groups, search);
  const toggle = (dataId: string) =>
    setDraft((current) =>
      current.includes(dataId) ? current.filter((id) => id !== dataId) : [...current, dataId],
    );
  const move = (from: number, to: number) =>
    setDraft((current) => {
      const next = [...current];
      const [item] = next.splice(from, 1);
      if (item !== undefined) next.splice(to, 0, item);
      return next;
    });
  const titleOf = (dataId: string) => {
    const column = columns.get(dataId);
    return column ? columnTitle(column) : dataId;
  };

  return (
    <Stack gap="sm" h="calc(100dvh - 90px)">
      <Text size="xs" c="dimmed">
        Shown columns ({draft.length}) — drag to reorder
      </Text>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
        <Stack gap={2} aria-label="Shown columns" role="list">
          <SortableList ids={draft} nameOf={(dataId) => `the column ${titleOf(dataId)}`} onMove={move}>
            {draft.map((dataId) => (
              <SortableItem key={dataId} id={dataId} disabled={false}>
                {(handle) => (
                  <Group gap={4} wrap="nowrap" role="listitem" py={2}>
                    <ActionIcon
                      ref={handle.ref}
                      {...handle.attributes}
                      {...handle.listeners}
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${titleOf(dataId)}`}
                      style={{ cursor: 'grab' }}
                    >
                      <IconGripVertical size={14} />
                    </ActionIcon>
                    <Text size="sm" truncate style={{ flex: 1 }}>
                      {titleOf(dataId)}
                    </Text>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Hide ${titleOf(dataId)}`}
                      onClick={() => toggle(dataId)}
                      disabled={draft.length === 1}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </SortableItem>
            ))}
          </SortableList>
        </Stack>
      </ScrollArea.Autosize>
      <Divider />
      <TextInput
        size="xs"
        placeholder="Search columns"
        aria-label="Search columns"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap="sm">
          {visible.length === 0 ? (
            <Text size="sm" c="dimmed">
              No column matches “{search}”. Try the name of a stage, task or property.
            </Text>
          ) : null}
          {visible.map((group) => (
            <Stack
              key={group.subjectKind}
              gap={4}
              role="group"
              aria-label={SUBJECT_KIND_LABELS[group.subjectKind]}
            >
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {SUBJECT_KIND_LABELS[group.subjectKind]}
              </Text>
              {group.columns.map((column) => (
                <Checkbox
                  key={column.dataId}
                  size="xs"
                  label={columnTitle(column)}
                  checked={chosen.has(column.dataId)}
                  disabled={
                    (chosen.has(column.dataId) && draft.length === 1) ||
                    (!chosen.has(column.dataId) && draft.length >= MAX_OVERVIEW_COLUMNS)
                  }
                  onChange={() => toggle(column.dataId)}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      {losses ? (
        <Text size="xs" c="yellow.8" role="status">
          {losses}.
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          size="xs"
          disabled={draft.length === 0}
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply
        </Button>
      </Group>
    </Stack>
  );
}
