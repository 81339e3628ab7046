import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZES, type SortDir } from './data-table-types';

/** The state of one list as the URL holds it. */
export interface ListParams<Sort extends string, Status extends string> {
  search: string;
  sortBy: Sort;
  sortDir: SortDir;
  page: number;
  pageSize: number;
  /** Null: no status filter. */
  status: Status | null;
}

export interface ListParamsConfig<Sort extends string, Status extends string> {
  sortKeys: readonly Sort[];
  defaultSort: Sort;
  defaultDir?: SortDir;
  statuses?: readonly Status[];
  pageSizes?: readonly number[];
}

export const LIST_PARAM_KEYS = ['search', 'sortBy', 'sortDir', 'page', 'pageSize', 'status'] as const;

function oneOf<V extends string>(options: readonly V[], value: string | null): V | null {
  return options.find((option) => option === value) ?? null;
}

function read<Sort extends string, Status extends string>(
  params: URLSearchParams,
  config: ListParamsConfig<Sort, Status>,
): ListParams<Sort, Status> {
  const sizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const dir = params.get('sortDir');
  return {
    search: params.get('search') ?? '',
    sortBy: oneOf(config.sortKeys, params.get('sortBy')) ?? config.defaultSort,
    sortDir: dir === 'asc' || dir === 'desc' ? dir : (config.defaultDir ?? 'asc'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: sizes.includes(size) ? size : (sizes[0] ?? 25),
    status: oneOf(config.statuses ?? [], params.get('status')),
  };
}

function write<Sort extends string, Status extends string>(
  params: URLSearchParams,
  state: ListParams<Sort, Status>,
  config: ListParamsConfig<Sort, Status>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of LIST_PARAM_KEYS) next.delete(key);
  // Defaults stay out of the URL, so a plain link opens the list as it first appears.
  if (state.search) next.set('search', state.search);
  if (state.sortBy !== config.defaultSort) next.set('sortBy', state.sortBy);
  if (state.sortDir !== (config.defaultDir ?? 'asc')) next.set('sortDir', state.sortDir);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.pageSize !== (config.pageSizes ?? DEFAULT_PAGE_SIZES)[0])
    next.set('pageSize', String(state.pageSize));
  if (state.status) next.set('status', state.status);
  return next;
}

/**
 * A list's search, sort, page, page size and status filter, kept in the URL so that they survive a reload
 * and can be shared. Other query parameters (a tab) are left alone. A new search, filter, sort or page
 * size goes back to the first page. `config` must be a constant (defined outside the component).
 */
export function useListParams<Sort extends string, Status extends string = never>(
  config: ListParamsConfig<Sort, Status>,
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params, config), [params, config]);

  const update = useCallback(
    (patch: Partial<ListParams<Sort, Status>>) => {
      setParams(
        (current) => {
          const previous = read(current, config);
          const resetsPage = patch.page === undefined;
          return write(current, { ...previous, ...patch, ...(resetsPage ? { page: 1 } : {}) }, config);
        },
        { replace: true },
      );
    },
    [setParams, config],
  );
  /** A table header's sort request; keys the list does not sort by are ignored. */
  const sortTo = useCallback(
    (by: string, dir: SortDir) => {
      const key = config.sortKeys.find((candidate) => candidate === by);
      if (key) update({ sortBy: key, sortDir: dir });
    },
    [config, update],
  );
  return [state, update, sortTo] as const;
}
