// Comment pages count from the oldest (page 1). The panel opens at the latest page and loads earlier
// ones on request, so the newest comment is always last.

export interface PageFacts {
  page: number;
  pageSize: number;
  total: number;
}

/** The number of the page holding the newest comment (1 when there are none). */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page before the earliest one loaded, or undefined at the first. */
export function earlierPage(first: PageFacts): number | undefined {
  return first.page > 1 ? first.page - 1 : undefined;
}

/** The page after the latest one loaded, or undefined when it already holds the newest comment. */
export function laterPage(last: PageFacts): number | undefined {
  return last.page < lastPageOf(last.total, last.pageSize) ? last.page + 1 : undefined;
}

/** How many comments come before the earliest page loaded. */
export function earlierCount(first: PageFacts): number {
  return Math.min(first.total, (first.page - 1) * first.pageSize);
}

/** The ids of shown comments the caller has not read yet. */
export function unreadIds(comments: readonly { id: string; read: boolean }[]): string[] {
  return comments.filter((comment) => !comment.read).map((comment) => comment.id);
}
