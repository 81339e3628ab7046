import { ALL_PERMITS_VIEW_ID, type CustomView } from '@crossarm/shared';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconRefreshAlert } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DataTableErrorState } from '../../components/data-table/DataTableErrorState';
import { EmptyStatePanel } from '../../components/EmptyStatePanel';
import { notify } from '../../components/notifications/notify';
import { isApiError } from '../../lib/api/api-error';
import { permitKeys } from '../permits/permit-keys';
import { TableNotice } from '../tracker/components/TableNotice';
import { fetchOverviewColumns } from '../tracker/tracker-api';
import { columnsById, fitToCatalogue } from '../tracker/tracker-columns';
import { DEFAULT_TRACKER_COLUMNS, parseTrackerState, writeTrackerState } from '../tracker/tracker-state';
import { ViewsMenu } from './components/ViewsMenu';
import {
  clashesWithSavedView,
  DASHBOARD_PATH,
  followSavedView,
  hasTableState,
  hasUnsavedChanges,
  isDashboardView,
  trackerStateOfView,
  VIEW_PARAM,
} from './view-state';
import { fetchDefaultViews, fetchView, viewKeys } from './views-api';

/** The parameters with the view named. */
function withView(params: URLSearchParams, id: string) {
  const next = new URLSearchParams(params);
  next.set(VIEW_PARAM, id);
  return next;
}

export const VIEW_UNAVAILABLE_TITLE = 'View Unavailable';
export const VIEW_UNAVAILABLE_TEXT = 'The view either not longer exists or you no longer have access.';
/** What the page says where the view would be (the notification has said it is unavailable). */
const VIEW_UNAVAILABLE_HINT =
  'It may have been deleted, or it is no longer shared with you. Open another view from the Views menu or your favourites, or go to All Permits.';

export interface TrackerView {
  /** The view's name for the tracker's title. */
  name: string;
  /** The views menu (with the unsaved-changes dot), beside the title. */
  menu: ReactNode;
  /** What the page shows instead of the tracker: the view loading, missing or failing. */
  screen: ReactNode | null;
  /** A notice above the table: the view was saved elsewhere while the table has changes of its own. */
  notice: ReactNode | null;
}

/**
 * The view the tracker shows: `?view=<id>`, or the caller's default table view. Its saved state fills the
 * URL once, unless the URL already carries table state (a shared link keeps what it says). A dashboard
 * opens on the dashboard page instead.
 */
export function useTrackerView(): TrackerView {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const viewId = params.get(VIEW_PARAM);
  const dashboard = viewId !== null && isDashboardView({ id: viewId });
  const query = useQuery({
    enabled: !dashboard,
    queryKey: viewId ? viewKeys.detail(viewId) : viewKeys.defaults(),
    queryFn: async ({ signal }): Promise<CustomView> =>
      viewId ? fetchView(viewId, signal) : (await fetchDefaultViews(signal)).table,
    retry: (count, error) =>
      !(isApiError(error) && (error.status === 404 || error.status === 400)) && count < 2,
  });
  const view = query.data && !isDashboardView(query.data) ? query.data : undefined;
  // The view whose state the URL has been given (as it was then), and the parameters it was given (null once
  // they are there).
  const [applied, setApplied] = useState<{ id: string; view: CustomView; key: string | null } | null>(null);
  // A version of the open view saved elsewhere while the table had changes of its own, until the person
  // loads it or keeps editing.
  const [clash, setClash] = useState<CustomView | null>(null);
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  const key = params.toString();

  // Fill the table from the view once per view; a URL that carries table state keeps it. A default view of
  // the caller's own choosing is named in the URL, so that the page follows that view (deleted or unshared
  // while open, it says so) rather than whatever the default becomes.
  useEffect(() => {
    if (!view || applied?.id === view.id) return;
    const named = viewId === null && !view.isSystem;
    if (named) queryClient.setQueryData(viewKeys.detail(view.id), view);
    if (hasTableState(params)) {
      setApplied({ id: view.id, view, key: null });
      if (named) setParams((current) => withView(current, view.id), { replace: true });
      return;
    }
    const next = writeTrackerState(named ? withView(params, view.id) : params, trackerStateOfView(view));
    setApplied({ id: view.id, view, key: next.toString() });
    setParams(next, { replace: true });
  }, [view, viewId, applied, params, setParams, queryClient]);
  useEffect(() => {
    if (applied?.key !== null && applied?.key === key) setApplied({ ...applied, key: null });
  }, [applied, key]);
  const ready = Boolean(view && applied?.id === view.id && (applied.key === null || applied.key === key));

  useEffect(() => {
    if (!missing) return;
    notify({ type: 'info', title: VIEW_UNAVAILABLE_TITLE, message: VIEW_UNAVAILABLE_TEXT });
    // Favourites, the default and the lists of views read again, so the gone view leaves them too.
    void queryClient.invalidateQueries({
      queryKey: viewKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  }, [missing, queryClient]);

  // The caller's columns (the tracker's own query): the table is the URL's state as they allow it, so a
  // hand-edited filter row they leave out is neither an unsaved change nor saved with the view.
  const catalogue = useQuery({
    queryKey: permitKeys.overviewColumns(),
    queryFn: ({ signal }) => fetchOverviewColumns(signal),
    staleTime: 5 * 60_000,
  });
  const columns = useMemo(() => columnsById(catalogue.data ?? []), [catalogue.data]);
  const state = useMemo(() => {
    const linked = parseTrackerState(new URLSearchParams(key));
    return catalogue.data ? fitToCatalogue(linked, columns, DEFAULT_TRACKER_COLUMNS) : linked;
  }, [key, columns, catalogue.data]);
  const dirty = Boolean(view && ready && catalogue.data && hasUnsavedChanges(state, view, columns));

  // The open view saved again (by someone it is shared with, or on another page): the table follows the new
  // version, unless it holds changes of its own against the version it showed.
  useEffect(() => {
    if (!view || !ready || !applied || applied.view === view || !catalogue.data) return;
    const newer = view.updatedAt !== applied.view.updatedAt;
    const followed = newer ? followSavedView(state, applied.view, view, columns) : null;
    if (!followed) {
      if (newer && clashesWithSavedView(state, applied.view, view, columns)) setClash(view);
      setApplied({ ...applied, view });
      return;
    }
    const next = writeTrackerState(params, followed);
    setApplied({ id: view.id, view, key: next.toString() });
    setParams(next, { replace: true });
  }, [view, ready, applied, catalogue.data, state, columns, params, setParams]);

  if (dashboard || (query.data && isDashboardView(query.data))) {
    return { name: '', menu: null, screen: <Navigate to={DASHBOARD_PATH} replace />, notice: null };
  }
  if (missing) {
    return {
      name: VIEW_UNAVAILABLE_TITLE,
      menu: null,
      notice: null,
      screen: (
        <EmptyStatePanel
          icon={IconEyeOff}
          title={VIEW_UNAVAILABLE_TITLE}
          description={VIEW_UNAVAILABLE_HINT}
          action={
            <Button size="xs" component={Link} to={`/permitting/all?${VIEW_PARAM}=${ALL_PERMITS_VIEW_ID}`}>
              Go to All Permits
            </Button>
          }
        />
      ),
    };
  }
  if (query.error) {
    return {
      name: 'All Permits',
      menu: null,
      notice: null,
      screen: <DataTableErrorState error={query.error} onRetry={() => void query.refetch()} />,
    };
  }
  if (!view || !ready) {
    return {
      name: '',
      menu: null,
      notice: null,
      screen: (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the view">
          <Skeleton h={28} w={240} />
          <Skeleton h={30} />
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
            <Skeleton key={index} h={32} />
          ))}
        </Stack>
      ),
    };
  }
  // Their version, from its first page, keeping the search and page size; the table's own changes go.
  const loadSaved = () => {
    const next = writeTrackerState(params, {
      ...trackerStateOfView(view),
      search: state.search,
      pageSize: state.pageSize,
    });
    setClash(null);
    setApplied({ id: view.id, view, key: next.toString() });
    setParams(next, { replace: true });
  };
  const notice =
    clash?.id === view.id && dirty ? (
      <TableNotice icon={<IconRefreshAlert size={16} />} title={`${clash.name} was saved by someone else`}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            Your changes to this table are not saved. Saving them now would replace the version just saved.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-xs" onClick={loadSaved}>
              Load their version
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => setClash(null)}>
              Keep editing
            </Button>
          </Group>
        </Group>
      </TableNotice>
    ) : null;
  return {
    name: view.name,
    menu: <ViewsMenu view={view} state={state} dirty={dirty} />,
    screen: null,
    notice,
  };
}
