import type { Project } from '@crossarm/shared';
import { IconBell } from '@tabler/icons-react';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

/** Who is told about what on the project: the e-mail and in-app notifications of its permits. */
export function NotificationsTab({ project }: { project: Project }) {
  return (
    <EmptyStatePanel
      icon={IconBell}
      maw={520}
      title="No notification settings yet"
      description={`Which people and organizations are notified when permits on ${project.name} change stage, need a task done or fall behind will be set here.`}
    />
  );
}
