import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface BulkActionBarProps {
  count: number;
  /** Plural noun of the rows: 'organizations'. */
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
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={500} aria-live="polite">
          {count} {noun} selected
        </Text>
        <Group gap="xs" wrap="nowrap">
          {children}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
