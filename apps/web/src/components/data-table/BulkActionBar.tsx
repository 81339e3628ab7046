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
      {/* On a narrow screen the actions go onto more lines rather than past the edge. */}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {selectedCountText(count, noun)}
        </Text>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {children}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
