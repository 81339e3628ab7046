import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DetailSkeleton } from '../components/DetailSkeleton';
import { LoadErrorState } from '../components/LoadErrorState';
import { fetchProject, projectKeys } from '../features/projects/api';
import { useSession } from '../features/session/use-session';
import { fetchTemplate, workflowKeys } from '../features/workflows/api';
import { WorkflowDesigner } from '../features/workflows/components/WorkflowDesigner';
import { canDesignWorkflows } from '../features/workflows/workflow-abilities';

/** One version of a project's workflow template in the designer: a draft to edit, or a version to read. */
export function WorkflowDesignerPage() {
  const { id = '', templateId = '' } = useParams();
  const session = useSession();
  const project = useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProject(id, signal),
    retry: false,
  });
  const template = useQuery({
    queryKey: workflowKeys.template(templateId),
    queryFn: ({ signal }) => fetchTemplate(templateId, signal),
    retry: false,
    // The designer holds its own copy while editing; a refetch would only be overwritten.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const error = template.error ?? project.error;
  if (error) {
    return (
      <LoadErrorState
        error={error}
        noun="workflow template"
        backTo={{ label: 'the project', to: `/projects/${encodeURIComponent(id)}?tab=workflows` }}
        onRetry={() => {
          void template.refetch();
          void project.refetch();
        }}
      />
    );
  }
  if (!template.data || !project.data) return <DetailSkeleton />;
  const canManage = canDesignWorkflows(session, project.data);
  const readOnly =
    !canManage || template.data.status === 'Published' || template.data.group.status === 'Archived';
  // Keyed by version: opening another version starts the designer afresh.
  return (
    <WorkflowDesigner
      key={template.data.id}
      template={template.data}
      readOnly={readOnly}
      canManage={canManage}
    />
  );
}
