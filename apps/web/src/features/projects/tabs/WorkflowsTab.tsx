import type { Project } from '@crossarm/shared';
import { IconRoute } from '@tabler/icons-react';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

/** The project's workflow templates: the stages and tasks a permit on this project goes through. */
export function WorkflowsTab({ project }: { project: Project }) {
  return (
    <EmptyStatePanel
      icon={IconRoute}
      maw={520}
      title="No workflows yet"
      description={`The workflow templates of ${project.name} will be listed here: the stages and tasks each permit goes through, their timers, and which template is active for new permits.`}
    />
  );
}
