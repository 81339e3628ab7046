import {
  type ExportFormat,
  type FilterGroup,
  normalizeFilter,
  type OverviewRowByColumn,
} from '@crossarm/shared';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { IconColumns3, IconFileDescription, IconFilterOff, IconSum } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BulkActionBar } from '../../../components/data-table/BulkActionBar';
import { DataTableErrorState } from '../../../components/data-table/DataTableErrorState';
import { DataTablePagination } from '../../../components/data-table/DataTablePagination';
import { ExportMenu } from '../../../components/data-table/ExportMenu';
import { NoMatchesPanel } from '../../../components/data-table/NoMatchesPanel';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { usePageInRange } from '../../../components/data-table/use-page-in-range';
import { useRowSelection } from '../../../components/data-table/use-row-selection';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { notify } from '../../../components/notifications/notify';
import { permitKeys } from '../../permits/permit-keys';
import { useSession } from '../../session/use-session';
import { fetchPeopleNamed } from '../../views/views-api';
import { bulkFilterOf, idsSelection, matchingOffer, type TrackerSelection } from '../bulk/selection';
import { peopleOf } from '../people';
import { fetchOverviewColumns, fetchOverviewPage, fetchOverviewSummary } from '../tracker-api';
import {
  applyColumns,
  applyFilter,
  columnChangeLosses,
  columnLossText,
  columnsById,
  fitToCatalogue,
  permitCountText,
  setMetric,
  toggleSort,
} from '../tracker-columns';
import { unnamedPeople } from '../tracker-filter';
import {
  DEFAULT_TRACKER_COLUMNS,
  linkedFilterLost,
  overviewRequestOf,
  summaryRequestOf,
  TRACKER_PAGE_SIZES,
  type TrackerState,
} from '../tracker-state';
import { useOverviewExport } from '../use-overview-export';
import { useTrackerLive } from '../use-tracker-live';
import { useTrackerState } from '../use-tracker-state';
import { ColumnPicker } from './ColumnPicker';
import { ExportStatus } from './ExportStatus';
import { FilterChips } from './FilterChips';
import { FilterPopover } from './FilterPopover';
import { SelectAllMatching } from './SelectAllMatching';
import { SortPopover } from './SortPopover';
import { TableNotice } from './TableNotice';
import { TrackerTable } from './TrackerTable';

interface PermitTrackerProps {
  /** The view's name, shown above the table. */
  viewName: string;
  /** The views menu, beside the view's name. */
  viewMenu?: ReactNode;
  /** What the page says about the open view above the table (saved elsewhere meanwhile). */
  viewNotice?: ReactNode;
  /**
   * The actions on the selected permits, shown in the selection bar: the permits by id, or every permit
   * that matches the filter and search once the user chose them all.
   */
  bulkActions?: (selected: TrackerSelection, clear: () => void) => ReactNode;
  /** Whether the table can be exported (xlsx and csv: every permit it keeps, not only the page). */
  exportable?: boolean;
}

/** Where a row's permit opens: its workflow. */
const permitHref = (row: OverviewRowByColumn) => `/permitting/${row.id}/workflow`;

/**
 * The permit tracker: every permit the caller may see as a table whose columns, filters, sorts, summary,
 * search and page live in the URL; rows follow the hub's permit events.
 */
export function PermitTracker({
  viewName,
  viewMenu,
  viewNotice,
  bulkActions,
  exportable = true,
}: PermitTrackerProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { state: linked, update, rawFilter } = useTrackerState();
  const [picking, setPicking] = useState(false);

  const catalogue = useQuery({
    queryKey: permitKeys.overviewColumns(),
    queryFn: ({ signal }) => fetchOverviewColumns(signal),
    staleTime: 5 * 60_000,
  });
  const columns = useMemo(() => columnsById(catalogue.data ?? []), [catalogue.data]);
  const state: TrackerState = useMemo(
    () => (catalogue.data ? fitToCatalogue(linked, columns, DEFAULT_TRACKER_COLUMNS) : linked),
    [linked, columns, catalogue.data],
  );

  const request = useMemo(() => overviewRequestOf(state), [state]);
  const pageKey = permitKeys.overviewPage(request);
  const page = useQuery({
    queryKey: pageKey,
    queryFn: ({ signal }) => fetchOverviewPage(request, signal),
    enabled: Boolean(catalogue.data),
    placeholderData: keepPreviousData,
  });
  const summaryRequest = useMemo(() => summaryRequestOf(state), [state]);
  const summary = useQuery({
    queryKey: permitKeys.overviewSummary(summaryRequest ?? {}),
    queryFn: ({ signal }) => fetchOverviewSummary(summaryRequest ?? request, signal),
    enabled: Boolean(catalogue.data && summaryRequest),
    placeholderData: keepPreviousData,
  });

  const rows: OverviewRowByColumn[] | undefined = page.data?.rows ?? undefined;
  const total = page.data?.total ?? 0;
  const rowIds = useMemo(() => (rows ?? []).map((row) => row.id), [rows]);
  useTrackerLive(
    pageKey,
    rowIds,
    state.columns,
    Boolean(normalizeFilter(state.filter) || state.search.trim() || state.sorts.length > 0),
  );

  const meId = session.user.id;
  const meName = `${session.user.firstName} ${session.user.lastName}`.trim();
  const people = useMemo(() => peopleOf({ id: meId, name: meName }, rows ?? []), [meId, meName, rows]);
  // Names seen on earlier pages stay known, so a chip filtering by a person keeps their name.
  const [knownNames] = useState(() => new Map<string, string>());
  for (const [id, name] of people.names) knownNames.set(id, name);
  // People the filter names who are on no page seen so far (a saved view, a link): their names are asked for.
  const unnamed = unnamedPeople(state.filter, columns, knownNames);
  const named = useQuery({
    queryKey: permitKeys.peopleNamed(unnamed),
    queryFn: ({ signal }) => fetchPeopleNamed(unnamed, signal),
    enabled: unnamed.length > 0,
    staleTime: 5 * 60_000,
  });
  for (const person of named.data ?? []) knownNames.set(person.id, person.name);
  const filterKey = JSON.stringify([state.filter, state.search]);
  const selection = useRowSelection(filterKey);
  // Every permit that matches the filter and search, beyond the page: chosen from the offer above the rows.
  const [allMatching, setAllMatching] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or search is the trigger
  useEffect(() => setAllMatching(false), [filterKey]);
  const selectRows = (ids: string[]) => {
    setAllMatching(false);
    selection.setSelected(ids);
  };
  const clearSelection = () => {
    setAllMatching(false);
    selection.clear();
  };
  // While a new filter's page loads, the rows and count shown are the old filter's: nothing is offered.
  const offer = page.isPlaceholderData
    ? ({ kind: 'none' } as const)
    : matchingOffer({ pageIds: rowIds, selected: selection.selected, total, allMatching });
  const chosen: TrackerSelection = allMatching
    ? { kind: 'filter', filter: bulkFilterOf(state), count: total }
    : idsSelection(selection.selected);
  const exporter = useOverviewExport();

  // A page past the end (rows removed since the link was made) moves to the last page there is.
  const toPage = useCallback(
    (last: number) => update((s) => ({ ...s, page: last }), { replace: true }),
    [update],
  );
  usePageInRange(
    page.data && !page.isPlaceholderData ? (page.data.total ?? 0) : undefined,
    state.page,
    state.pageSize,
    toPage,
  );

  const change = (next: (s: TrackerState) => TrackerState, replace = false) =>
    update(
      (current) => next(catalogue.data ? fitToCatalogue(current, columns, DEFAULT_TRACKER_COLUMNS) : current),
      {
        replace,
      },
    );
  const setFilter = (filter: FilterGroup | null) => change((s) => applyFilter(s, filter));
  // New columns remove the filter rows, sorts and sums on the columns taken away: said, not done silently.
  const applyNewColumns = (next: string[]) => {
    const removed = columnLossText(columnChangeLosses(state, applyColumns(state, next)), 'applied');
    change((s) => applyColumns(s, next));
    if (removed) notify({ type: 'info', title: removed });
  };
  // The address asked for a filter the table could not apply whole (an old or edited link, or columns the
  // caller does not have): said above the rows until the filter is changed or the notice dismissed, which
  // writes the filter the table applies into the address.
  const filterLost = Boolean(catalogue.data) && linkedFilterLost(rawFilter, state.filter);
  const clearFilters = () => change((s) => ({ ...s, filter: null, search: '', page: 1 }));
  const filtering = Boolean(state.filter) || Boolean(state.search);
  const sortable = state.columns.flatMap((id) => {
    const column = columns.get(id);
    return column?.sortable ? [column] : [];
  });

  if (catalogue.error) {
    return (
      <>
        <Title order={1} fz="h3" mb="md">
          {viewName}
        </Title>
        <DataTableErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      </>
    );
  }

  const empty = filtering ? (
    <NoMatchesPanel
      noun="permits"
      hint="Search looks at the permit number, location, applicant, project name and code. Change the filters or clear them."
      onClearFilters={clearFilters}
    />
  ) : (
    <EmptyStatePanel
      icon={IconFileDescription}
      title="No permits yet"
      description="Permits on your projects will be listed here with their status, stage, next task and assignees. Start one with a permit application."
      action={
        <Button size="xs" component={Link} to="/permitting/application">
          New permit application
        </Button>
      }
    />
  );

  return (
    <Box>
      <Group justify="space-between" align="baseline" mb="sm" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={1} fz="h3" c="var(--mantine-color-bright)">
            {viewName}
          </Title>
          {viewMenu}
          <Text size="sm" c="dimmed" aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {page.data ? permitCountText(total) : page.error ? '' : 'Counting permits…'}
          </Text>
        </Group>
      </Group>
      <TableToolbar
        actions={
          exportable ? (
            <ExportMenu
              disabled={!page.data || total === 0}
              onExport={(format: ExportFormat) =>
                exporter.start(request, format, page.data ? total : null, viewName)
              }
            />
          ) : null
        }
      >
        <SearchInput
          value={state.search}
          onChange={(search) => change((s) => ({ ...s, search, page: 1 }), true)}
          placeholder="Search permits"
          label="Search permits"
        />
        <FilterPopover
          applied={state.filter}
          groups={catalogue.data ?? []}
          columns={columns}
          people={{ me: { id: meId, name: meName }, options: people.options, known: knownNames }}
          onApply={setFilter}
        />
        <SortPopover
          sorts={state.sorts}
          sortable={sortable}
          onChange={(sorts) => change((s) => ({ ...s, sorts, page: 1 }))}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns3 size={14} />}
          onClick={() => setPicking(true)}
          disabled={!catalogue.data}
        >
          Columns
        </Button>
        <Button
          size="xs"
          variant={state.summaryVisible ? 'light' : 'default'}
          leftSection={<IconSum size={14} />}
          aria-pressed={state.summaryVisible}
          onClick={() => change((s) => ({ ...s, summaryVisible: !s.summaryVisible }))}
        >
          Summary
        </Button>
      </TableToolbar>
      <ExportStatus state={exporter.state} onCancel={exporter.cancel} onDismiss={exporter.dismiss} />
      {viewNotice}
      {filterLost ? (
        <TableNotice
          icon={<IconFilterOff size={16} />}
          onDismiss={() => change((s) => s, true)}
          title="Part of the filter was left out"
        >
          The address asked to filter by columns, operators or values you cannot use here, so the table shows
          more permits than it meant. The filters you see are the ones applied.
        </TableNotice>
      ) : null}
      <FilterChips filter={state.filter} columns={columns} userNames={knownNames} onChange={setFilter} />
      <BulkActionBar
        count={allMatching ? total : selection.selected.length}
        noun="permits"
        onClear={clearSelection}
      >
        {bulkActions?.(chosen, clearSelection)}
      </BulkActionBar>
      <SelectAllMatching
        offer={offer}
        onToggle={() => {
          if (allMatching) selectRows(rowIds);
          else {
            selection.setSelected(rowIds);
            setAllMatching(true);
          }
        }}
      />
      <TrackerTable
        state={state}
        columns={columns}
        rows={catalogue.data ? rows : undefined}
        fetching={page.isFetching}
        error={page.error}
        onRetry={() => void page.refetch()}
        empty={empty}
        summary={summary.isError ? undefined : (summary.data?.summary ?? undefined)}
        summaryError={summary.isError ? { onRetry: () => void summary.refetch() } : null}
        selected={allMatching ? rowIds : selection.selected}
        onSelectedChange={selectRows}
        onOpen={(row) => navigate(permitHref(row))}
        hrefOf={permitHref}
        onSort={(dataId, additive) =>
          change((s) => ({ ...s, sorts: toggleSort(s.sorts, dataId, additive), page: 1 }))
        }
        onSortDirection={(dataId, direction) =>
          change((s) => {
            if (!direction) return { ...s, sorts: s.sorts.filter((sort) => sort.dataId !== dataId) };
            const exists = s.sorts.some((sort) => sort.dataId === dataId);
            const sorts = exists
              ? s.sorts.map((sort) => (sort.dataId === dataId ? { dataId, direction } : sort))
              : [{ dataId, direction }];
            return { ...s, sorts, page: 1 };
          })
        }
        onMetric={(dataId, metric) =>
          change((s) => ({ ...s, summary: setMetric(s.summary, dataId, metric), summaryVisible: true }))
        }
        footer={
          rows && rows.length > 0 ? (
            <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <DataTablePagination
                page={state.page}
                pageSize={state.pageSize}
                total={total}
                pageSizes={TRACKER_PAGE_SIZES}
                onPageChange={(next) => change((s) => ({ ...s, page: next }))}
                onPageSizeChange={(pageSize) => change((s) => ({ ...s, pageSize, page: 1 }))}
              />
            </Box>
          ) : null
        }
      />
      <ColumnPicker
        opened={picking}
        onClose={() => setPicking(false)}
        groups={catalogue.data ?? []}
        columns={columns}
        state={state}
        onApply={applyNewColumns}
      />
    </Box>
  );
}
