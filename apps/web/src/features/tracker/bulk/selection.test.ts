import { BulkSelection, MAX_BULK_PERMITS } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  bulkFilterOf,
  bulkSelectionOf,
  changedCount,
  idsSelection,
  matchingOffer,
  selectionCount,
} from './selection';

const id = (n: number) => `0b8f5f5e-8f2a-4c43-9a51-${String(n).padStart(12, '0')}`;
const page = [id(1), id(2), id(3)];

describe('selecting every permit that matches', () => {
  it('offers nothing until the whole page is selected', () => {
    expect(matchingOffer({ pageIds: page, selected: [], total: 120, allMatching: false })).toEqual({
      kind: 'none',
    });
    expect(
      matchingOffer({ pageIds: page, selected: [id(1), id(2)], total: 120, allMatching: false }).kind,
    ).toBe('none');
    expect(matchingOffer({ pageIds: [], selected: [], total: 0, allMatching: false }).kind).toBe('none');
  });

  it('offers nothing when the page already holds every match', () => {
    expect(matchingOffer({ pageIds: page, selected: page, total: 3, allMatching: false }).kind).toBe('none');
  });

  it('offers every match, naming the count from the table', () => {
    expect(matchingOffer({ pageIds: page, selected: page, total: 1234, allMatching: false })).toEqual({
      kind: 'offer',
      text: 'All 3 permits on this page are selected.',
      action: 'Select all 1,234 permits that match',
    });
  });

  it('refuses more matches than one action takes, and allows exactly the cap', () => {
    const over = matchingOffer({
      pageIds: page,
      selected: page,
      total: MAX_BULK_PERMITS + 1,
      allMatching: false,
    });
    expect(over.kind).toBe('too-many');
    expect(over.kind === 'too-many' && over.text).toContain('more than the 10,000 one action takes');
    expect(
      matchingOffer({ pageIds: page, selected: page, total: MAX_BULK_PERMITS, allMatching: false }).kind,
    ).toBe('offer');
    expect(
      matchingOffer({ pageIds: page, selected: page, total: 50, allMatching: false, max: 10 }).kind,
    ).toBe('too-many');
  });

  it('says when every match is selected and offers the page back', () => {
    expect(matchingOffer({ pageIds: page, selected: page, total: 1234, allMatching: true })).toEqual({
      kind: 'all',
      text: 'All 1,234 permits that match are selected.',
      action: 'Select only this page',
    });
  });
});

describe('the selection sent to the bulk endpoints', () => {
  it('sends ids once each, or the tracker filter and search', () => {
    const ids = idsSelection([id(1), id(2), id(1)]);
    expect(selectionCount(ids)).toBe(2);
    expect(bulkSelectionOf(ids)).toEqual({ permitIds: [id(1), id(2)] });
    expect(BulkSelection.safeParse(bulkSelectionOf(ids)).success).toBe(true);

    const filter = {
      condition: 'And' as const,
      rows: [{ id: 'r1', dataId: 'permit.Status', operator: 'Equals' as const, value: 'Active' }],
      groups: [],
    };
    const all = { kind: 'filter' as const, filter: bulkFilterOf({ filter, search: ' Valley ' }), count: 71 };
    expect(selectionCount(all)).toBe(71);
    // The count confirmed travels with the filter: the server refuses the action if it no longer matches.
    expect(bulkSelectionOf(all)).toEqual({
      filter: { filterOptions: filter, searchOptions: { text: 'Valley' }, expectedCount: 71 },
    });
    expect(BulkSelection.safeParse(bulkSelectionOf(all)).success).toBe(true);
  });

  it('sends no filter parts when nothing filters', () => {
    expect(bulkFilterOf({ filter: null, search: '  ' })).toEqual({
      filterOptions: null,
      searchOptions: null,
    });
  });

  it('reads how many permits a call changed from its answer', () => {
    expect(changedCount({ count: 12, permits: [] }, 3)).toBe(12);
    expect(changedCount([{}, {}], 3)).toBe(2);
    expect(changedCount(undefined, 3)).toBe(3);
    expect(changedCount({ count: 'x' }, 3)).toBe(3);
  });
});
