import type { OverviewResult, OverviewRow } from '@crossarm/shared';

// Which permits a hub event is about, and how a refreshed row goes into the page shown.

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
export function replaceRow(page: OverviewResult | undefined, row: OverviewRow): OverviewResult | undefined {
  if (!page?.rows?.some((current) => current.id === row.id)) return page;
  return { ...page, rows: page.rows.map((current) => (current.id === row.id ? row : current)) };
}
