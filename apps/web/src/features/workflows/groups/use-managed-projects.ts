import { useQuery } from '@tanstack/react-query';
import { fetchProjects, projectKeys } from '../../projects/api';

// The projects a manager runs are few: one page of them, narrowed in the picker itself.
const MANAGED_PROJECTS = {
  search: '',
  status: 'Active',
  sortBy: 'name',
  sortDir: 'asc',
  page: 1,
  pageSize: 200,
} as const;

/** The active projects the caller's organization takes part in, with its role and the caller's permissions. */
export function useActiveProjects(enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.list(MANAGED_PROJECTS),
    queryFn: ({ signal }) => fetchProjects(MANAGED_PROJECTS, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** The active projects the caller's organization owns, as picker options; `projectId` is marked as this one. */
export function useManagedProjects(projectId: string, enabled: boolean) {
  const query = useActiveProjects(enabled);
  const options = (query.data?.items ?? [])
    .filter((project) => project.myRole === 'PoleOwner')
    .map((project) => ({
      value: project.id,
      label: project.id === projectId ? `${project.name} (this project)` : project.name,
    }));
  return { options, isPending: query.isPending, isError: query.isError };
}
