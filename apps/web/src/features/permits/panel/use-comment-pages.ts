import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { permitKeys } from '../permit-keys';
import { earlierPage, lastPageOf, laterPage, unreadIds } from './comment-pages';
import { fetchCommentPage, fetchCommentsPage, markCommentsRead } from './panel-api';

export const COMMENT_PAGE_SIZE = 20;

/** Page 1 tells how many comments there are; the latest page is fetched next when it is another one. */
async function latestPage(permitId: string, signal: AbortSignal) {
  const first = await fetchCommentsPage(permitId, 1, COMMENT_PAGE_SIZE, signal);
  const last = lastPageOf(first.total, COMMENT_PAGE_SIZE);
  return last === 1 ? first : fetchCommentsPage(permitId, last, COMMENT_PAGE_SIZE, signal);
}

/** Marks the shown comments read once each, then refreshes the unread count. */
function useMarkShownRead(
  permitId: string,
  comments: { id: string; read: boolean }[],
  queryClient: QueryClient,
) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const fresh = unreadIds(comments).filter((id) => !sent.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) sent.current.add(id);
    markCommentsRead(permitId, fresh)
      .then((unread) => queryClient.setQueryData(permitKeys.commentsUnread(permitId), unread))
      .catch(() => {
        // Left unread: they are marked again the next time they are shown.
        for (const id of fresh) sent.current.delete(id);
      });
  }, [permitId, comments, queryClient]);
}

/**
 * The permit's comments, oldest to newest: the latest page first, or the page of a linked comment
 * (`focus`). Earlier pages load on request; later ones load by themselves while following the latest.
 */
export function useCommentPages(permitId: string, focus: string | null) {
  const queryClient = useQueryClient();
  const located = useQuery({
    queryKey: permitKeys.commentPageOf(permitId, focus ?? '', COMMENT_PAGE_SIZE),
    queryFn: ({ signal }) => fetchCommentPage(permitId, focus ?? '', COMMENT_PAGE_SIZE, signal),
    enabled: focus !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // A link to a comment that is gone shows the latest comments instead.
  const startPage = focus !== null && located.data ? located.data.page : null;
  const following = startPage === null;
  const pages = useInfiniteQuery({
    queryKey: permitKeys.commentPages(permitId, following ? null : focus),
    queryFn: ({ pageParam, signal }) =>
      pageParam === null
        ? latestPage(permitId, signal)
        : fetchCommentsPage(permitId, pageParam, COMMENT_PAGE_SIZE, signal),
    initialPageParam: startPage as number | null,
    getPreviousPageParam: (first) => earlierPage(first),
    getNextPageParam: (last) => laterPage(last),
    enabled: focus === null || !located.isPending,
  });

  // New comments made a new page: keep following to the newest.
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  useEffect(() => {
    if (following && hasNextPage && !isFetching) void fetchNextPage();
  }, [following, hasNextPage, isFetching, fetchNextPage]);

  const comments = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  useMarkShownRead(permitId, comments, queryClient);
  const first = pages.data?.pages[0];
  return {
    comments,
    first,
    pages,
    locating: focus !== null && located.isPending,
    focusMissing: focus !== null && located.isError,
    following,
  };
}
