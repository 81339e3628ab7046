import type { OverviewRowByColumn } from '@crossarm/shared';
import type { OverviewPage } from './tracker-api';

// Which permits a hub event is about, how the page catches up with a burst of them, and how a refreshed row
// goes into the page shown.

/** The permit ids an event's payload names (`permitId`) or lists (`permitIds`). */
export function permitIdsOf(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const record = payload as { permitId?: unknown; permitIds?: unknown };
  const ids: string[] = [];
  if (typeof record.permitId === 'string') ids.push(record.permitId);
  if (Array.isArray(record.permitIds))
    for (const id of record.permitIds) if (typeof id === 'string') ids.push(id);
  return ids;
}

/** The page with a row replaced by its fresh values; the page itself when the row is not on it. */
export function replaceRow(
  page: OverviewPage | undefined,
  row: OverviewRowByColumn,
): OverviewPage | undefined {
  if (!page?.rows?.some((current) => current.id === row.id)) return page;
  return { ...page, rows: page.rows.map((current) => (current.id === row.id ? row : current)) };
}

/** The most rows a burst of events reads one by one; a bulk action touching more reads the page once. */
export const MOST_ROWS_READ_ALONE = 5;

/**
 * How the page catches up with a burst of events about `changed` of its rows: the page again when it is
 * filtered, searched or sorted (a change may move a row off it or elsewhere on it) or when more rows changed
 * than are worth a request each, such as after a bulk action; else each row on its own.
 */
export function catchUpBy(changed: number, reordered: boolean): 'page' | 'rows' {
  return reordered || changed > MOST_ROWS_READ_ALONE ? 'page' : 'rows';
}
