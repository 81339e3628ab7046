import { type ActivityEntry, formatDateTime } from '@crossarm/shared';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { activityKindLabel, changeLines, changeText } from './activity-diff';

/** One entry of the log: who, when, what, and what it changed from and to. */
export function ActivityEntryItem({ entry }: { entry: ActivityEntry }) {
  const lines = changeLines(entry.before, entry.after);
  return (
    <Box
      component="li"
      py={6}
      px="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" fw={600} truncate>
          {entry.actor?.name ?? 'System'}
        </Text>
        <Text
          size="xs"
          c="dimmed"
          component="time"
          dateTime={entry.createdAt}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatDateTime(entry.createdAt)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start" mt={2}>
        <Badge size="xs" variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
          {activityKindLabel(entry.kind)}
        </Badge>
        <Text size="sm" lh={1.35}>
          {entry.summary}
        </Text>
      </Group>
      {lines.length > 0 ? (
        <Stack gap={0} mt={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Text key={line.key} component="li" size="xs" c="dimmed" aria-label={changeText(line)}>
              {line.label}:{' '}
              <Text span size="xs" td="line-through">
                {line.before}
              </Text>{' '}
              →{' '}
              <Text span size="xs" c="var(--mantine-color-text)">
                {line.after}
              </Text>
            </Text>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
