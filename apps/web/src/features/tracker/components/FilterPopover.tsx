import type { FilterGroup, OverviewColumn, OverviewColumnGroup } from '@crossarm/shared';
import { Badge, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { escapeClosesPanel } from '../panel-escape';
import type { PeopleChoice } from '../people';
import { activeRowCount, addRow, emptyFilter, treeProblems } from '../tracker-filter';
import { FilterBuilder, newRowId } from './FilterBuilder';

interface FilterPopoverProps {
  applied: FilterGroup | null;
  groups: readonly OverviewColumnGroup[];
  columns: ReadonlyMap<string, OverviewColumn>;
  people: PeopleChoice;
  onApply: (filter: FilterGroup | null) => void;
}

/**
 * 'Filter' with the count of active rows, opening the filter builder on a copy of the applied tree.
 * Applying drops incomplete rows and empty groups; a complete row whose value does not fit its column
 * keeps the builder open with the message under the value. Escape closes an open option list first, and
 * the builder only when no list is open; closing it puts the keyboard back on 'Filter'.
 */
export function FilterPopover({ applied, groups, columns, people, onApply }: FilterPopoverProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FilterGroup>(emptyFilter);
  const [showProblems, setShowProblems] = useState(false);
  // The builder's option lists open in this layer: inside the popover, outside its scrolling area.
  const [listLayer, setListLayer] = useState<HTMLDivElement | null>(null);
  const count = activeRowCount(applied);
  const problems = treeProblems(draft, columns);

  const open = () => {
    const start = applied ?? emptyFilter();
    setDraft(start.rows.length + start.groups.length > 0 ? start : addRow(start, [], newRowId()));
    setShowProblems(false);
    setOpened(true);
  };
  const apply = () => {
    if (problems.size > 0) {
      setShowProblems(true);
      return;
    }
    onApply(draft);
    setOpened(false);
  };
  // Escape in an open option list closes the list, not the builder with its draft.
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (escapeClosesPanel(event)) setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={760}
      shadow="md"
      trapFocus
      closeOnEscape={false}
      returnFocus
    >
      <Popover.Target>
        <Button
          size="xs"
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={14} />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle variant="filled" aria-label={`${count} active`}>
                {count}
              </Badge>
            ) : null
          }
          onClick={() => (opened ? setOpened(false) : open())}
          aria-expanded={opened}
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown onKeyDown={closeOnEscape}>
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            Rows without a column, an operator or a value are left out when you apply.
          </Text>
          <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
            <FilterBuilder
              tree={draft}
              onChange={setDraft}
              groups={groups}
              columns={columns}
              people={people}
              problems={showProblems ? problems : new Map()}
              listLayer={listLayer}
            />
          </ScrollArea.Autosize>
          <Group justify="space-between">
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => {
                onApply(null);
                setOpened(false);
              }}
            >
              Clear all filters
            </Button>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" onClick={apply}>
                Apply filters
              </Button>
            </Group>
          </Group>
        </Stack>
        <div ref={setListLayer} />
      </Popover.Dropdown>
    </Popover>
  );
}
