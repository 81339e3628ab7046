import type { ActivityFilters } from '@crossarm/shared';

/** The activity filters as the panel holds them: chosen kinds and people, and days as 'yyyy-mm-dd'. */
export interface ActivityFilterState {
  kinds: string[];
  userIds: string[];
  fromDay: string;
  toDay: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilterState = { kinds: [], userIds: [], fromDay: '', toDay: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local day's first (or last) instant as an ISO timestamp; null for anything that is not a day. */
export function dayBoundary(day: string, end: boolean): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const local = end
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0);
  return Number.isNaN(local.getTime()) ? null : local.toISOString();
}

/** Why the date range cannot be used, or null. */
export function dateRangeProblem(state: ActivityFilterState): string | null {
  if (state.fromDay && state.toDay && state.fromDay > state.toDay) return 'The start is after the end';
  return null;
}

/** The body the activity endpoints take: only the filters that are set. */
export function activityFilterBody(state: ActivityFilterState): ActivityFilters {
  const body: ActivityFilters = {};
  if (state.kinds.length > 0) body.kinds = state.kinds as ActivityFilters['kinds'];
  if (state.userIds.length > 0) body.userIds = state.userIds;
  if (dateRangeProblem(state)) return body;
  const from = dayBoundary(state.fromDay, false);
  const to = dayBoundary(state.toDay, true);
  if (from) body.from = from;
  if (to) body.to = to;
  return body;
}

/** Whether any filter is set. */
export function hasActivityFilters(state: ActivityFilterState): boolean {
  return state.kinds.length > 0 || state.userIds.length > 0 || state.fromDay !== '' || state.toDay !== '';
}
