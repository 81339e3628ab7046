import {
  type BulkFilter,
  type BulkSelection,
  MAX_BULK_PERMITS,
  normalizeFilter,
  permitsText,
} from '@crossarm/shared';
import type { TrackerState } from '../tracker-state';

/**
 * What the tracker's bulk actions act on: the permits picked one by one (by id), or every permit the caller
 * sees that matches the tracker's filter and search, counted when it was chosen.
 */
export type TrackerSelection =
  | { kind: 'ids'; permitIds: string[] }
  | { kind: 'filter'; filter: BulkFilter; count: number };

export function idsSelection(permitIds: readonly string[]): TrackerSelection {
  return { kind: 'ids', permitIds: [...new Set(permitIds)] };
}

/** How many permits the selection names (for a filter: how many matched when it was chosen). */
export function selectionCount(selection: TrackerSelection): number {
  return selection.kind === 'ids' ? selection.permitIds.length : selection.count;
}

/**
 * The selection as the bulk endpoints take it: `{permitIds}`, or `{filter}` with the count the person
 * confirmed, so that the server refuses the action if the filter has come to match other permits since.
 */
export function bulkSelectionOf(selection: TrackerSelection): BulkSelection {
  return selection.kind === 'ids'
    ? { permitIds: [...selection.permitIds] }
    : { filter: { ...selection.filter, expectedCount: selection.count } };
}

/** The tracker's current filter and search as a bulk selection's filter (the overview request's parts). */
export function bulkFilterOf(state: Pick<TrackerState, 'filter' | 'search'>): BulkFilter {
  const text = state.search.trim();
  return {
    filterOptions: normalizeFilter(state.filter),
    searchOptions: text ? { text } : null,
  };
}

/** What the tracker offers above the rows about selecting every permit that matches. */
export type MatchingOffer =
  /** Nothing to offer: the page is not wholly selected, or it already holds every match. */
  | { kind: 'none' }
  /** Every row of the page is selected and more permits match: offer them all. */
  | { kind: 'offer'; text: string; action: string }
  /** More permits match than one action takes: say so instead of offering. */
  | { kind: 'too-many'; text: string }
  /** Every matching permit is selected: say so, and offer to go back to the page. */
  | { kind: 'all'; text: string; action: string };

/**
 * The offer to select every permit of the filter, Gmail-style: shown once every row of the page is selected
 * and more permits match than the page shows; refused above `max`.
 */
export function matchingOffer(input: {
  pageIds: readonly string[];
  selected: readonly string[];
  total: number;
  allMatching: boolean;
  max?: number;
}): MatchingOffer {
  const { pageIds, selected, total, allMatching, max = MAX_BULK_PERMITS } = input;
  if (allMatching) {
    return {
      kind: 'all',
      text: `All ${permitsText(total)} that match are selected.`,
      action: 'Select only this page',
    };
  }
  const chosen = new Set(selected);
  const wholePage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  if (!wholePage || total <= pageIds.length || selected.length >= total) return { kind: 'none' };
  const page = `All ${permitsText(pageIds.length)} on this page are selected.`;
  if (total > max) {
    return {
      kind: 'too-many',
      text: `${page} ${permitsText(total)} match, more than the ${max.toLocaleString('en-US')} one action takes: narrow the filter to act on all of them.`,
    };
  }
  return { kind: 'offer', text: page, action: `Select all ${permitsText(total)} that match` };
}

/**
 * How many permits a bulk call changed, from its answer (a list of permits, or `{count}`); the selection's
 * own count when the answer says nothing.
 */
export function changedCount(result: unknown, fallback: number): number {
  if (Array.isArray(result)) return result.length;
  if (typeof result === 'object' && result !== null && 'count' in result) {
    const count = (result as { count: unknown }).count;
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) return count;
  }
  return fallback;
}
