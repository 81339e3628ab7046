import type { FilterCondition, FilterGroup, FilterRow } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { type FilterChipSegment, filterChipsOf, removeRow } from './tracker-filter';

const row = (id: string, value: unknown = id): FilterRow => ({
  id,
  dataId: 'permit.Applicant',
  operator: 'Contains',
  value,
});
const group = (condition: FilterCondition, rows: FilterRow[], groups: FilterGroup[] = []): FilterGroup => ({
  condition,
  rows,
  groups,
});
const describeRow = (r: FilterRow) => `Applicant contains ${String(r.value)}`;

/** The chips as one line of text: rows by their value, groups bracketed, the words between them. */
function read(segments: FilterChipSegment[]): string {
  return segments
    .map((segment) => {
      const word = segment.joiner ? `${segment.joiner} ` : '';
      if (segment.kind === 'row') return `${word}${segment.text.replace('Applicant contains ', '')}`;
      return `${word}(${read(segment.segments)})`;
    })
    .join(' ');
}

describe('filter chips', () => {
  it('shows a nested group of the other condition bracketed, its rows joined by its word', () => {
    const chips = filterChipsOf(group('And', [row('A')], [group('Or', [row('B'), row('C')])]), describeRow);
    expect(chips).not.toBeNull();
    expect(read(chips!.segments)).toBe('A and (B or C)');
    expect(chips!.condition).toBe('And');
    expect(chips!.label).toBe('Active filters, all must match');
    const nested = chips!.segments[1]!;
    expect(nested).toMatchObject({
      kind: 'group',
      condition: 'Or',
      joiner: 'and',
      label: 'Any of 2 filters',
    });
    expect(chips!.segments[0]).toEqual({
      kind: 'row',
      rowId: 'A',
      text: 'Applicant contains A',
      joiner: null,
    });
  });

  it('keeps deeper nesting and says "any may match" for an Or filter', () => {
    const tree = group('Or', [row('A')], [group('And', [row('B')], [group('Or', [row('C'), row('D')])])]);
    const chips = filterChipsOf(tree, describeRow)!;
    expect(read(chips.segments)).toBe('A or (B and (C or D))');
    expect(chips.label).toBe('Active filters, any may match');
    const inner = chips.segments[1];
    expect(inner?.kind === 'group' ? inner.label : '').toBe('All of 2 filters');
  });

  it('reads a group of one as that row, and a group of the same condition as part of the one around it', () => {
    expect(
      read(filterChipsOf(group('And', [row('A')], [group('Or', [row('B')])]), describeRow)!.segments),
    ).toBe('A and B');
    expect(
      read(
        filterChipsOf(group('And', [row('A')], [group('And', [row('B'), row('C')])]), describeRow)!.segments,
      ),
    ).toBe('A and B and C');
    // An Or group holding only an And group: the And group joins the And around it.
    expect(
      read(
        filterChipsOf(
          group('And', [row('A')], [group('Or', [], [group('And', [row('B'), row('C')])])]),
          describeRow,
        )!.segments,
      ),
    ).toBe('A and B and C');
  });

  it('reads a filter that is one group of another condition as that group', () => {
    const chips = filterChipsOf(group('And', [], [group('Or', [row('A'), row('B')])]), describeRow)!;
    expect(read(chips.segments)).toBe('A or B');
    expect(chips.condition).toBe('Or');
    expect(chips.label).toBe('Active filters, any may match');
  });

  it('leaves out incomplete rows and empty groups, and is null when nothing filters', () => {
    const incomplete: FilterRow = { id: 'x', dataId: 'permit.Applicant', operator: 'Contains', value: '' };
    expect(filterChipsOf(null, describeRow)).toBeNull();
    expect(filterChipsOf(group('And', [incomplete], [group('Or', [])]), describeRow)).toBeNull();
    const chips = filterChipsOf(
      group('And', [row('A'), incomplete], [group('Or', [incomplete])]),
      describeRow,
    )!;
    expect(read(chips.segments)).toBe('A');
    expect(chips.label).toBe('Active filters');
  });

  it('after a row of a bracketed group is removed, the group of one reads as a plain row', () => {
    const tree = group('And', [row('A')], [group('Or', [row('B'), row('C')])]);
    expect(read(filterChipsOf(removeRow(tree, 'C'), describeRow)!.segments)).toBe('A and B');
    expect(read(filterChipsOf(removeRow(tree, 'A'), describeRow)!.segments)).toBe('B or C');
  });
});
