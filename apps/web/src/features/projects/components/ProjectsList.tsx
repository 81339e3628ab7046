import { SegmentedControl } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable';
import { ExportMenu } from '../../../components/data-table/ExportMenu';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { useListPageInRange } from '../../../components/data-table/use-page-in-range';
import {
  exportProjects,
  fetchProjects,
  type ProjectListParams,
  type ProjectSortBy,
  type ProjectStatusFilter,
  projectKeys,
} from '../api';
import { PROJECT_STATUS_FILTERS } from '../project-labels';
import { useProjectArchive } from '../use-project-archive';
import { ProjectsEmptyState } from './ProjectsEmptyState';
import { projectColumns, projectPath } from './project-columns';

// Active is the default and stays out of the URL; Archived and All are written.
const LIST: ListParamsConfig<ProjectSortBy, ProjectStatusFilter> = {
  sortKeys: ['name', 'projectCode', 'owner', 'createdAt'],
  defaultSort: 'name',
  statuses: PROJECT_STATUS_FILTERS,
};

interface ProjectsListProps {
  /** Archive and unarchive from the rows. */
  canManage: boolean;
  /** Set for people who may create projects (the empty state's first action). */
  onCreate?: () => void;
}

/** The caller's projects: search, status, sort, paging, export of the filter, and archive per row. */
export function ProjectsList({ canManage, onCreate }: ProjectsListProps) {
  const navigate = useNavigate();
  const [list, update, sortTo] = useListParams(LIST);
  const params: ProjectListParams = { ...list, status: list.status ?? 'Active' };
  const query = useQuery({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => fetchProjects(params, signal),
    placeholderData: keepPreviousData,
  });
  useListPageInRange(query, list, update);
  const { setArchived, running } = useProjectArchive();
  const columns = useMemo(
    () =>
      projectColumns(
        canManage
          ? { running, onSetArchived: (project, archived) => void setArchived(project, archived) }
          : null,
      ),
    [canManage, running, setArchived],
  );

  return (
    <>
      <TableToolbar
        actions={
          <ExportMenu
            onExport={(format) =>
              exportProjects(format, {
                search: params.search || undefined,
                status: params.status,
                sortBy: params.sortBy,
                sortDir: params.sortDir,
              })
            }
          />
        }
      >
        <SearchInput
          value={list.search}
          onChange={(search) => update({ search })}
          placeholder="Search projects"
          label="Search projects"
        />
        <SegmentedControl
          size="xs"
          aria-label="Status"
          value={params.status}
          onChange={(value) => {
            const status = PROJECT_STATUS_FILTERS.find((option) => option === value) ?? 'Active';
            update({ status: status === 'Active' ? null : status });
          }}
          data={[...PROJECT_STATUS_FILTERS]}
        />
      </TableToolbar>
      <DataTable
        label="Projects"
        columns={columns}
        {...pagedTableProps(query, list, update, sortTo)}
        getRowId={(project) => project.id}
        onRowClick={(project) => navigate(projectPath(project))}
        empty={
          <ProjectsEmptyState
            filtered={params.search !== '' || params.status !== 'Active'}
            onClearFilters={() => update({ search: '', status: null })}
            onCreate={onCreate}
          />
        }
      />
    </>
  );
}
