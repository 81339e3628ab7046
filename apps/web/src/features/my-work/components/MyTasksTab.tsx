import { enumWords, MY_TASK_SORTS, type MyTaskSort, OpenTaskStatus } from '@crossarm/shared';
import { Select } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable';
import { NoMatchesPanel } from '../../../components/data-table/NoMatchesPanel';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { useListPageInRange } from '../../../components/data-table/use-page-in-range';
import { permitKeys } from '../../permits/permit-keys';

import { useNow } from '../../permits/workflow/use-now';
import { isFiltered, type MyTasksListState, myTasksRequest, PROJECT_PARAM, taskPath } from '../my-work';
import { fetchMyTasks, fetchMyWorkProjects } from '../my-work-api';
import { MyWorkEmptyState } from './MyWorkEmptyState';
import { myTaskColumns } from './my-task-columns';

const LIST: ListParamsConfig<MyTaskSort, OpenTaskStatus> = {
  sortKeys: MY_TASK_SORTS,
  defaultSort: 'DueDate',
  statuses: OpenTaskStatus.options,
};

const STATUS_OPTIONS = OpenTaskStatus.options.map((status) => ({
  value: status,
  label: enumWords(status),
}));

/**
 * The project filter, kept in the URL (`?project=<id>`); a new project goes back to the first page. Also
 * clears every filter at once (search, status and project in one URL change).
 */
function useProjectParam() {
  const [params, setParams] = useSearchParams();
  const change = (patch: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        patch(next);
        return next;
      },
      { replace: true },
    );
  const setProjectId = (projectId: string | null) =>
    change((next) => (projectId ? next.set(PROJECT_PARAM, projectId) : next.delete(PROJECT_PARAM)));
  const clearFilters = () =>
    change((next) => {
      for (const key of [PROJECT_PARAM, 'search', 'status']) next.delete(key);
    });
  return { projectId: params.get(PROJECT_PARAM), setProjectId, clearFilters };
}

/** The open tasks assigned to the caller: search, project and status filters, sort, paging. */
export function MyTasksTab() {
  const navigate = useNavigate();
  const now = useNow();
  const [list, update, sortTo] = useListParams(LIST);
  const { projectId, setProjectId, clearFilters } = useProjectParam();
  const state: MyTasksListState = { ...list, projectId };
  const request = myTasksRequest(state);
  const paging = { page: list.page, pageSize: list.pageSize };
  const query = useQuery({
    queryKey: permitKeys.myTasks(request, paging),
    queryFn: ({ signal }) => fetchMyTasks(request, paging, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useListPageInRange(query, list, update);
  const projects = useQuery({
    queryKey: permitKeys.myWorkProjects(),
    queryFn: ({ signal }) => fetchMyWorkProjects(signal),
  });
  const projectOptions = useMemo(
    () => (projects.data ?? []).map((project) => ({ value: project.id, label: project.name })),
    [projects.data],
  );
  const columns = useMemo(() => myTaskColumns(now), [now]);

  return (
    <>
      <TableToolbar>
        <SearchInput
          value={list.search}
          onChange={(search) => update({ search })}
          placeholder="Search tasks"
          label="Search tasks"
        />
        <Select
          size="xs"
          w={220}
          aria-label="Project"
          placeholder={projects.isError ? 'Projects did not load' : 'All projects'}
          data={projectOptions}
          value={projectId}
          onChange={setProjectId}
          searchable
          clearable
          nothingFoundMessage="No project matches"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={160}
          aria-label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS}
          value={list.status}
          onChange={(value) => update({ status: OpenTaskStatus.safeParse(value).data ?? null })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </TableToolbar>
      <DataTable
        label="My tasks"
        columns={columns}
        {...pagedTableProps(query, list, update, sortTo)}
        getRowId={(task) => `${task.permitId}/${task.stageKey}/${task.taskKey}`}
        onRowClick={(task) => navigate(taskPath(task))}
        empty={
          isFiltered(state) ? (
            <NoMatchesPanel
              noun="tasks"
              hint="Search looks at permit numbers, locations, task and stage names, and project names and codes. Try another search, or clear the filters."
              onClearFilters={clearFilters}
            />
          ) : (
            <MyWorkEmptyState
              icon={IconChecklist}
              title="No tasks are assigned to you"
              description="Tasks assigned to you on permits you can see are listed here until they are completed. Find a permit to work on in All Permits."
            />
          )
        }
      />
    </>
  );
}
