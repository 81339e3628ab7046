import { type FilterGroup, normalizeFilter, type OverviewColumn } from '@crossarm/shared';
import { Box, Button, Group, Pill, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  describeRow,
  type FilterChipSegment,
  type FilterJoiner,
  filterChipsOf,
  removeRow,
} from '../tracker-filter';

interface FilterChipsProps {
  filter: FilterGroup | null;
  columns: ReadonlyMap<string, OverviewColumn>;
  userNames: ReadonlyMap<string, string>;
  onChange: (filter: FilterGroup | null) => void;
}

/** The word between two chips; the list's name already says it to a screen reader. */
function Joiner({ word }: { word: FilterJoiner }) {
  return (
    <Text span size="xs" c="dimmed" fw={500} aria-hidden="true" style={{ userSelect: 'none' }}>
      {word}
    </Text>
  );
}

/**
 * The active filter as chips under the toolbar, in its structure: rows joined by 'and' or 'or', a nested
 * group of the other condition bracketed. Each row can be removed, and the whole filter cleared.
 */
export function FilterChips({ filter, columns, userNames, onChange }: FilterChipsProps) {
  const chips = filterChipsOf(filter, (row) =>
    describeRow(row, row.dataId ? columns.get(row.dataId) : undefined, userNames),
  );
  if (!filter || !chips) return null;

  const segment = (item: FilterChipSegment): ReactNode[] => {
    const word = item.joiner ? [<Joiner key={`word:${keyOf(item)}`} word={item.joiner} />] : [];
    if (item.kind === 'row') {
      return [
        ...word,
        <Pill
          key={keyOf(item)}
          size="sm"
          role="listitem"
          // Mantine's dark pill is the colour of the page: a step lighter, so the chip reads as one.
          bg="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))"
          withRemoveButton
          onRemove={() => onChange(normalizeFilter(removeRow(filter, item.rowId)))}
          // The pill hides its remove button from the keyboard and screen readers unless told otherwise.
          removeButtonProps={{
            'aria-label': `Remove filter ${item.text}`,
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          {item.text}
        </Pill>,
      ];
    }
    return [
      ...word,
      <Box key={keyOf(item)} role="listitem">
        <Group
          role="list"
          aria-label={item.label}
          gap={4}
          wrap="wrap"
          px={6}
          py={2}
          style={{
            border: '1px dashed var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-xl)',
          }}
        >
          {item.segments.flatMap(segment)}
        </Group>
      </Box>,
    ];
  };

  return (
    <Group gap={6} mb="sm" align="center">
      <Group gap={6} role="list" aria-label={chips.label} align="center">
        {chips.segments.flatMap(segment)}
      </Group>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
        Clear filters
      </Button>
    </Group>
  );
}

const keyOf = (item: FilterChipSegment): string =>
  item.kind === 'row' ? `row:${item.rowId}` : `group:${item.segments.map(keyOf).join(',')}`;
