import type { ProjectPermission, ProjectUserPermissions } from '@crossarm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useRowSelection } from '../../../components/data-table/use-row-selection';
import { fetchOrganizationPermissions, fetchPeople, type PeopleListParams, setupKeys } from '../setup-api';

const FIRST: PeopleListParams = { search: '', sortBy: 'name', sortDir: 'asc', page: 1, pageSize: 25 };
const NO_PERMISSIONS: ProjectPermission[] = [];

/**
 * A contributor's people list: its search, order and page (local to the list, not the URL), the selection,
 * the organization's set they inherit, and what to refresh once their permissions change.
 */
export function usePeopleList(projectId: string, organizationId: string) {
  const queryClient = useQueryClient();
  const [params, setParams] = useState(FIRST);
  const selection = useRowSelection(params.search);
  // Rows seen on any page, so a selection spanning pages can still be edited.
  const seen = useRef(new Map<string, ProjectUserPermissions>());
  const query = useQuery({
    queryKey: setupKeys.peoplePage(projectId, organizationId, params),
    queryFn: ({ signal }) => fetchPeople(projectId, organizationId, params, signal),
    placeholderData: keepPreviousData,
  });
  const organizationQuery = useQuery({
    queryKey: setupKeys.organizationPermissions(projectId, organizationId),
    queryFn: ({ signal }) => fetchOrganizationPermissions(projectId, organizationId, signal),
  });
  for (const user of query.data?.items ?? []) seen.current.set(user.userId, user);

  /** A new search, order or page size starts from the first page; a page change keeps the rest. */
  const update = useCallback(
    (patch: Partial<PeopleListParams>) =>
      setParams((current) => ({ ...current, ...(patch.page === undefined ? { page: 1 } : {}), ...patch })),
    [],
  );
  const selectedPeople = () => selection.selected.flatMap((id) => seen.current.get(id) ?? []);
  const changed = () => {
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: setupKeys.people(projectId, organizationId) });
    void queryClient.invalidateQueries({ queryKey: setupKeys.check(projectId) });
  };

  return {
    params,
    update,
    query,
    selection,
    selectedPeople,
    changed,
    organization: organizationQuery.data?.permissions ?? NO_PERMISSIONS,
  };
}
