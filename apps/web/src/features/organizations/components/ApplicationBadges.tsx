import type { Application } from '@crossarm/shared';
import { Badge, Group, Text } from '@mantine/core';
import { applicationLabels, applicationOrder } from '../../shell/applications';

interface ApplicationBadgesProps {
  applications: readonly Application[];
}

/** The applications an organization has, as small badges in the product's order. */
export function ApplicationBadges({ applications }: ApplicationBadgesProps) {
  const on = applicationOrder.filter((application) => applications.includes(application));
  if (on.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
      {on.map((application) => (
        <Badge
          key={application}
          size="xs"
          variant="default"
          radius="sm"
          tt="none"
          fw={500}
          style={{ flexShrink: 0 }}
        >
          {applicationLabels[application]}
        </Badge>
      ))}
    </Group>
  );
}
