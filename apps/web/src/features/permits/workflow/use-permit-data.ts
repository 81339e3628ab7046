import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { isApiError, isNotFound } from '../../../lib/api/api-error';
import { permitKeys } from '../permit-keys';
import {
  fetchPermitProperties,
  fetchProjectUsers,
  fetchStage,
  fetchStageHeaders,
  fetchTimers,
  fetchTrackerHeader,
  markPermitViewed,
} from './api';

/** A permit that is gone, never was (a malformed id) or is another attacher's stays so: no retries. */
const retryUnlessRefused = (count: number, error: unknown) =>
  !(isNotFound(error) || (isApiError(error) && error.status === 403)) && count < 2;

export function useTrackerHeader(permitId: string) {
  return useQuery({
    queryKey: permitKeys.trackerHeader(permitId),
    queryFn: ({ signal }) => fetchTrackerHeader(permitId, signal),
    retry: retryUnlessRefused,
  });
}

export function useStageHeaders(permitId: string) {
  return useQuery({
    queryKey: permitKeys.stageHeaders(permitId),
    queryFn: ({ signal }) => fetchStageHeaders(permitId, signal),
    retry: retryUnlessRefused,
  });
}

export function usePermitStage(permitId: string, stageKey: string | null) {
  return useQuery({
    queryKey: permitKeys.stage(permitId, stageKey ?? ''),
    queryFn: ({ signal }) => fetchStage(permitId, stageKey ?? '', signal),
    enabled: Boolean(stageKey),
    retry: retryUnlessRefused,
  });
}

export function usePermitTimers(permitId: string) {
  return useQuery({
    queryKey: permitKeys.timers(permitId),
    queryFn: ({ signal }) => fetchTimers(permitId, signal),
    retry: retryUnlessRefused,
  });
}

export function usePermitProperties(permitId: string) {
  return useQuery({
    queryKey: permitKeys.properties(permitId),
    queryFn: ({ signal }) => fetchPermitProperties(permitId, signal),
    retry: retryUnlessRefused,
  });
}

/** The people of the permit's project the caller may pick, as select options ('Name · Organization'). */
export function usePeopleOptions(projectId: string | undefined) {
  const query = useQuery({
    queryKey: permitKeys.projectPeople(projectId ?? ''),
    queryFn: ({ signal }) => fetchProjectUsers(projectId ?? '', signal),
    enabled: Boolean(projectId),
    staleTime: 60_000,
  });
  const options = useMemo(
    () =>
      (query.data ?? [])
        .filter((user) => user.status === 'Active')
        .map((user) => ({ value: user.id, label: `${user.name} · ${user.organizationName}` })),
    [query.data],
  );
  return { options, loading: query.isPending && Boolean(projectId) };
}

/** Reads the whole permit again (after a change made here). */
export function useRefreshPermit(permitId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: permitKeys.detail(permitId) }),
    [queryClient, permitId],
  );
}

/** The last permit marked viewed, so moving between its stages does not mark it again. */
let lastViewed: { id: string; at: number } | null = null;
const VIEW_AGAIN_AFTER_MS = 60_000;

/** Puts the permit at the top of the caller's recents once when it is opened. */
export function useMarkViewed(permitId: string) {
  useEffect(() => {
    const now = Date.now();
    if (lastViewed?.id === permitId && now - lastViewed.at < VIEW_AGAIN_AFTER_MS) return;
    lastViewed = { id: permitId, at: now };
    void markPermitViewed(permitId).catch(() => undefined);
  }, [permitId]);
}
