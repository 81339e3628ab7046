import type { WorkflowTemplateStatus } from '@crossarm/shared';
import { Badge } from '@mantine/core';

/** A version's status: Published in the completed colour, Draft neutral. */
export function VersionStatusBadge({ status }: { status: WorkflowTemplateStatus }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={status === 'Published' ? 'green' : 'gray'}
      radius="sm"
      tt="none"
      fw={600}
    >
      {status}
    </Badge>
  );
}
