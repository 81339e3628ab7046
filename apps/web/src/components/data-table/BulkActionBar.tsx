import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { selectedCountText } from './selected-count';

interface BulkActionBarProps {
  count: number;
  /** Plural noun of the rows: 'organizations' (one row reads '1 organization selected'). */
  noun: string;
  onClear: () => void;
  children: ReactNode;
}

/** Appears while rows are selected: how many, what can be done with them, and a way to clear. */
export function BulkActionBar({ count, noun, onClear, children }: BulkActionBarProps) {
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      mb="sm"
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label="Selected rows"
    >
      {/* One line from the left: the count, then the actions. On a narrow screen the actions go on onto
          further lines, each starting at the left edge; Clear selection keeps to the right of the last. */}
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={500} aria-live="polite" mr="xs" style={{ whiteSpace: 'nowrap' }}>
          {selectedCountText(count, noun)}
        </Text>
        {children}
        <Button size="compact-sm" variant="subtle" color="gray" ml="auto" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
