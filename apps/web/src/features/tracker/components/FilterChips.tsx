import { type FilterGroup, filterRowsOf, type OverviewColumn } from '@crossarm/shared';
import { Button, Group, Pill } from '@mantine/core';
import { describeRow, removeRow } from '../tracker-filter';

interface FilterChipsProps {
  filter: FilterGroup | null;
  columns: ReadonlyMap<string, OverviewColumn>;
  userNames: ReadonlyMap<string, string>;
  onChange: (filter: FilterGroup | null) => void;
}

/** The active filter rows as chips under the toolbar, each removable, with a way to clear them all. */
export function FilterChips({ filter, columns, userNames, onChange }: FilterChipsProps) {
  const rows = filterRowsOf(filter);
  if (!filter || rows.length === 0) return null;
  const nested = filter.groups.length > 0;
  return (
    <Group gap={6} mb="sm" role="list" aria-label="Active filters">
      {nested ? (
        <Pill size="sm" role="listitem">
          {filter.condition === 'Or' ? 'Any of' : 'All of'}
        </Pill>
      ) : null}
      {rows.map((row) => {
        const text = describeRow(row, row.dataId ? columns.get(row.dataId) : undefined, userNames);
        return (
          <Pill
            key={row.id}
            size="sm"
            role="listitem"
            withRemoveButton
            onRemove={() => onChange(removeRow(filter, row.id))}
            removeButtonProps={{ 'aria-label': `Remove filter ${text}` }}
          >
            {text}
          </Pill>
        );
      })}
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
        Clear filters
      </Button>
    </Group>
  );
}
