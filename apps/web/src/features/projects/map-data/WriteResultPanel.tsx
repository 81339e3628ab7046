import type { GeodataWriteResult } from '@crossarm/shared';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { writeResultCounts } from './agol-form';

interface WriteResultPanelProps {
  /** What was done, e.g. 'Poles synced from ArcGIS'. */
  title: string;
  result: GeodataWriteResult;
}

/** The counts of a sync or import: added, updated, removed, unchanged (and skipped, if any). */
export function WriteResultPanel({ title, result }: WriteResultPanelProps) {
  return (
    <Paper withBorder radius="sm" p="sm" role="status" aria-label={title}>
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      <Group gap="lg" wrap="wrap">
        {writeResultCounts(result).map((count) => (
          <Stack key={count.label} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {count.label}
            </Text>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {count.value.toLocaleString('en-US')}
            </Text>
          </Stack>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        Matched by {result.idField}; the project now holds {result.total.toLocaleString('en-US')}{' '}
        {result.kind}.
      </Text>
    </Paper>
  );
}
