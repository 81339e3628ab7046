import { useCallback, useEffect } from 'react';

/** The last page a list of `total` rows has at `pageSize` a page (1 when it is empty). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Moves a list shown past its end (rows gone since the link was made, or since the page was left open) to
 * its last page, once the page's answer says how many rows there are. `total` is undefined until then, and
 * while a previous answer stands in for the page being fetched.
 */
export function usePageInRange(
  total: number | undefined,
  page: number,
  pageSize: number,
  toPage: (page: number) => void,
): void {
  useEffect(() => {
    if (total === undefined || page === 1) return;
    const last = lastPage(total, pageSize);
    if (page > last) toPage(last);
  }, [total, page, pageSize, toPage]);
}

/** `usePageInRange` for a list kept by `useListParams`, from its page query. */
export function useListPageInRange(
  query: { data?: { total: number }; isPlaceholderData: boolean },
  list: { page: number; pageSize: number },
  update: (patch: { page?: number }) => void,
): void {
  const toPage = useCallback((page: number) => update({ page }), [update]);
  usePageInRange(query.isPlaceholderData ? undefined : query.data?.total, list.page, list.pageSize, toPage);
}
