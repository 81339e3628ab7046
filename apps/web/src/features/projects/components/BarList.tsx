import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Bar } from '../project-summary';

interface BarListProps {
  bars: Bar[];
  /** Shown when there are no bars. */
  emptyText: string;
  color?: string;
}

/** Labelled counts as horizontal bars, each sized against the largest. */
export function BarList({ bars, emptyText, color = 'blue' }: BarListProps) {
  if (bars.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={10} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {bars.map((bar) => (
        <li key={bar.label}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
            <Text size="sm" truncate="end" title={bar.label}>
              {bar.label}
            </Text>
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {bar.count}
            </Text>
          </Group>
          <Progress value={bar.percent} color={color} size="sm" radius="sm" aria-hidden="true" />
        </li>
      ))}
    </Stack>
  );
}
