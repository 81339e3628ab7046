import { MAX_PAGE_SIZE } from '@crossarm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchOrganizations, organizationKeys } from './api';

/** Organization names by id (the first page of all organizations), for showing names instead of ids. */
export function useOrganizationNames(enabled: boolean): Readonly<Record<string, string>> {
  const query = useQuery({
    queryKey: organizationKeys.options(''),
    queryFn: ({ signal }) =>
      fetchOrganizations(
        { search: '', sortBy: 'name', sortDir: 'asc', page: 1, pageSize: MAX_PAGE_SIZE },
        signal,
      ),
    enabled,
    staleTime: 60_000,
  });
  return useMemo(
    () =>
      Object.fromEntries(
        (query.data?.items ?? []).map((organization) => [organization.id, organization.name]),
      ),
    [query.data],
  );
}
