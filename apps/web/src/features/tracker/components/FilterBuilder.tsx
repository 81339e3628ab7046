import {
  columnTitle,
  type FilterGroup,
  MAX_FILTER_DEPTH,
  type OverviewColumn,
  type OverviewColumnGroup,
} from '@crossarm/shared';
import {
  ActionIcon,
  Button,
  type ComboboxProps,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { PeopleChoice } from '../people';
import { SUBJECT_KIND_LABELS } from '../tracker-columns';
import {
  addGroup,
  addRow,
  type GroupPath,
  operatorLabel,
  removeGroup,
  removeRow,
  setCondition,
  updateRow,
} from '../tracker-filter';
import { FilterValueInput } from './FilterValueInput';

/** A fresh id for a filter row: short, since the applied tree lives in the URL. */
export function newRowId(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

/**
 * Where the builder's option lists open: in a layer of the filter popover outside its scrolling area, so
 * that a list is not cut off at the area's edge, and a click in it is not a click outside the popover.
 */
export function filterListProps(layer: HTMLElement | null): ComboboxProps {
  return layer ? { withinPortal: true, portalProps: { target: layer } } : { withinPortal: false };
}

interface FilterBuilderProps {
  tree: FilterGroup;
  onChange: (tree: FilterGroup) => void;
  groups: readonly OverviewColumnGroup[];
  columns: ReadonlyMap<string, OverviewColumn>;
  people: PeopleChoice;
  problems: ReadonlyMap<string, string>;
  /** The layer the option lists open in (see `filterListProps`). */
  listLayer: HTMLElement | null;
}

/** The nested And/Or groups of filter rows; each row a column, an operator that fits it, and a value. */
export function FilterBuilder(props: FilterBuilderProps) {
  return <GroupEditor {...props} group={props.tree} path={[]} />;
}

function GroupEditor(props: FilterBuilderProps & { group: FilterGroup; path: GroupPath }) {
  const { tree, onChange, groups, columns, people, problems, group, path, listLayer } = props;
  const listProps = filterListProps(listLayer);
  const columnData = groups
    .map((g) => ({
      group: SUBJECT_KIND_LABELS[g.subjectKind],
      items: g.columns
        .filter((c) => c.operators.length > 0)
        .map((c) => ({ value: c.dataId, label: columnTitle(c) })),
    }))
    .filter((g) => g.items.length > 0);
  const nested = path.length > 0;
  const where = nested ? `group ${path.map((i) => i + 1).join('.')}` : 'filters';

  return (
    <Paper
      withBorder={nested}
      p={nested ? 'xs' : 0}
      radius="sm"
      // The outer group is the popover itself: a Paper of its own would be a darker box in the dark scheme.
      bg={nested ? 'var(--mantine-color-default-hover)' : 'transparent'}
      role="group"
      aria-label={nested ? `Filter group ${path.map((i) => i + 1).join('.')}` : 'Filters'}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Match
            </Text>
            <SegmentedControl
              size="xs"
              data={[
                { value: 'And', label: 'All' },
                { value: 'Or', label: 'Any' },
              ]}
              value={group.condition}
              onChange={(value) => onChange(setCondition(tree, path, value === 'Or' ? 'Or' : 'And'))}
              aria-label={`Match all or any in ${where}`}
            />
          </Group>
          {nested ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Remove ${where}`}
              onClick={() => onChange(removeGroup(tree, path))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          ) : null}
        </Group>
        {group.rows.map((row, index) => {
          const column = row.dataId ? columns.get(row.dataId) : undefined;
          const name = `filter ${[...path.map((i) => i + 1), index + 1].join('.')}`;
          return (
            <Group key={row.id} gap={6} wrap="nowrap" align="flex-start">
              <Select
                size="xs"
                w={220}
                placeholder="Column"
                aria-label={`Column of ${name}`}
                data={columnData}
                value={row.dataId ?? null}
                onChange={(dataId) => onChange(updateRow(tree, row.id, { dataId }, columns))}
                searchable
                comboboxProps={listProps}
              />
              <Select
                size="xs"
                w={140}
                placeholder="Operator"
                aria-label={`Operator of ${name}`}
                data={(column?.operators ?? []).map((op) => ({
                  value: op,
                  label: operatorLabel(op, column),
                }))}
                value={row.operator ?? null}
                onChange={(value) =>
                  onChange(
                    updateRow(
                      tree,
                      row.id,
                      { operator: column?.operators.find((op) => op === value) ?? null },
                      columns,
                    ),
                  )
                }
                disabled={!column}
                allowDeselect={false}
                comboboxProps={listProps}
              />
              <FilterValueInput
                column={column}
                operator={row.operator ?? null}
                value={row.value}
                onChange={(value) => onChange(updateRow(tree, row.id, { value }, columns))}
                people={people}
                error={problems.get(row.id)}
                label={`Value of ${name}`}
                listProps={listProps}
              />
              <ActionIcon
                size="md"
                variant="subtle"
                color="gray"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(removeRow(tree, row.id))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          );
        })}
        {group.groups.map((child, index) => (
          <GroupEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; their place is their identity
            key={index}
            {...props}
            group={child}
            path={[...path, index]}
          />
        ))}
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} />}
            onClick={() => onChange(addRow(tree, path, newRowId()))}
          >
            {nested ? 'Add row to group' : 'Add filter'}
          </Button>
          {path.length + 1 < MAX_FILTER_DEPTH ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconPlus size={12} />}
              onClick={() => onChange(addGroup(tree, path, newRowId()))}
            >
              {nested ? 'Add nested group' : 'Add group'}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
