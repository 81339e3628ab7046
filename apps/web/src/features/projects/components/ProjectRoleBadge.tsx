import { PROJECT_ROLE_LABELS, type ProjectRole } from '@crossarm/shared';
import { Badge } from '@mantine/core';
import { ROLE_COLORS } from '../project-labels';

/** An organization's role in a project as a small badge. */
export function ProjectRoleBadge({ role }: { role: ProjectRole }) {
  return (
    <Badge size="sm" variant="light" color={ROLE_COLORS[role]} radius="sm" tt="none" fw={600}>
      {PROJECT_ROLE_LABELS[role]}
    </Badge>
  );
}
