import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTablePaging, DataTableSort, SortDir } from './data-table-types';

interface PagedList {
  sortBy: string;
  sortDir: SortDir;
  page: number;
  pageSize: number;
}

/**
 * The props a list's `DataTable` takes from its page query and its URL list state (`useListParams`): rows,
 * loading and error states, sorting and paging.
 */
export function pagedTableProps<T>(
  query: UseQueryResult<{ items: T[]; total: number }>,
  list: PagedList,
  update: (patch: { page?: number; pageSize?: number }) => void,
  sortTo: (by: string, dir: SortDir) => void,
) {
  const sort: DataTableSort = { by: list.sortBy, dir: list.sortDir, onChange: sortTo };
  const paging: DataTablePaging = {
    page: list.page,
    pageSize: list.pageSize,
    total: query.data?.total ?? 0,
    onPageChange: (page) => update({ page }),
    onPageSizeChange: (pageSize) => update({ pageSize }),
  };
  return {
    rows: query.data?.items,
    fetching: query.isPlaceholderData,
    error: query.error,
    onRetry: () => void query.refetch(),
    sort,
    paging,
  };
}
