import type { Project } from '@crossarm/shared';
import { useSession } from '../../session/use-session';
import { WorkflowGroupList } from '../../workflows/groups/WorkflowGroupList';
import { canDesignWorkflows } from '../../workflows/workflow-abilities';

/** The project's workflow templates: the stages and tasks a permit on this project goes through. */
export function WorkflowsTab({ project }: { project: Project }) {
  const session = useSession();
  return <WorkflowGroupList project={project} canManage={canDesignWorkflows(session, project)} />;
}
