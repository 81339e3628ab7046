import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { DetailSkeleton } from '../components/DetailSkeleton';
import { LoadErrorState } from '../components/LoadErrorState';
import { fetchProject, markProjectViewed, projectKeys } from '../features/projects/api';
import { ProjectActions } from '../features/projects/components/ProjectActions';
import { ProjectHeader } from '../features/projects/components/ProjectHeader';
import { ProjectTabs } from '../features/projects/components/ProjectTabs';
import { projectAbilities } from '../features/projects/project-abilities';
import { useSession } from '../features/session/use-session';

const BACK = { label: 'Projects', to: '/projects' };

/** One project: its header with the manager's actions, and its tabs. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const abilities = projectAbilities(useSession());
  const query = useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProject(id, signal),
    retry: false,
  });
  const project = query.data;

  // The visit feeds the user's recent projects; it is recorded once per opening, whatever the answer.
  useEffect(() => {
    if (id) void markProjectViewed(id).catch(() => undefined);
  }, [id]);

  return (
    <>
      <ProjectHeader
        project={project}
        loading={query.isPending}
        actions={project && abilities.manage ? <ProjectActions project={project} /> : null}
      />
      {query.isError ? (
        <LoadErrorState
          error={query.error}
          noun="project"
          backTo={BACK}
          onRetry={() => void query.refetch()}
        />
      ) : !project ? (
        <DetailSkeleton />
      ) : (
        <ProjectTabs project={project} />
      )}
    </>
  );
}
