import { type LibraryEntry, type LibraryKind, LibrarySortBy, LibraryStatusFilter } from '@crossarm/shared';
import { SegmentedControl, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table/DataTable';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { fetchLibraryPage, type LibraryListParams, libraryKeys } from '../api';
import { libraryColumns } from '../library-columns';
import { kindText } from '../library-kinds';
import { useLibraryEntryActions } from '../use-library-entry-actions';
import { LibraryEmptyState } from './LibraryEmptyState';

// Active is the default and stays out of the URL; Archived and All are written.
const LIST: ListParamsConfig<LibrarySortBy, LibraryStatusFilter> = {
  sortKeys: LibrarySortBy.options,
  defaultSort: 'name',
  statuses: LibraryStatusFilter.options,
};

interface LibraryTabProps {
  kind: LibraryKind;
  canManage: boolean;
  onCreate: () => void;
  onEdit: (entry: LibraryEntry) => void;
}

/** One kind's tab: search and status, the table (skeleton, empty state, paging) and row actions. */
export function LibraryTab({ kind, canManage, onCreate, onEdit }: LibraryTabProps) {
  const [list, update, sortTo] = useListParams(LIST);
  const params: LibraryListParams = {
    search: list.search,
    status: list.status ?? 'Active',
    sortBy: list.sortBy,
    sortDir: list.sortDir,
    page: list.page,
    pageSize: list.pageSize,
  };
  const query = useQuery({
    queryKey: libraryKeys.list(kind, params),
    queryFn: ({ signal }) => fetchLibraryPage(kind, params, signal),
    placeholderData: keepPreviousData,
  });
  const { setArchived, remove } = useLibraryEntryActions();
  const columns = useMemo(
    () => libraryColumns(kind, canManage ? { onEdit, onSetArchived: setArchived, onDelete: remove } : null),
    [kind, canManage, onEdit, setArchived, remove],
  );
  const text = kindText[kind];
  const noun = text.plural.toLowerCase();
  const total = query.data?.total;

  return (
    <>
      <TableToolbar
        actions={
          total === undefined ? null : (
            <Text size="xs" c="dimmed" aria-live="polite">
              {total} {total === 1 ? text.singular : noun}
            </Text>
          )
        }
      >
        <SearchInput
          value={list.search}
          onChange={(search) => update({ search })}
          placeholder={`Search ${noun}`}
          label={`Search ${noun}`}
          width={260}
        />
        <SegmentedControl
          size="xs"
          value={params.status}
          onChange={(value) => {
            const status = LibraryStatusFilter.parse(value);
            update({ status: status === 'Active' ? null : status });
          }}
          data={LibraryStatusFilter.options}
          aria-label="Status"
        />
      </TableToolbar>
      <DataTable
        label={text.plural}
        columns={columns}
        rows={query.data?.items}
        getRowId={(entry) => entry.id}
        fetching={query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
        sort={{ by: list.sortBy, dir: list.sortDir, onChange: sortTo }}
        onRowClick={canManage ? onEdit : undefined}
        paging={
          query.data
            ? {
                page: list.page,
                pageSize: list.pageSize,
                total: query.data.total,
                onPageChange: (page) => update({ page }),
                onPageSizeChange: (pageSize) => update({ pageSize }),
              }
            : undefined
        }
        empty={
          <LibraryEmptyState
            kind={kind}
            filtered={params.search !== '' || params.status !== 'Active'}
            canManage={canManage}
            onCreate={onCreate}
            onClearFilters={() => update({ search: '', status: null })}
          />
        }
      />
    </>
  );
}
