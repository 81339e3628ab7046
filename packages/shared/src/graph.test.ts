import { describe, expect, it } from 'vitest';
import { findCycle } from './graph.ts';

describe('findCycle', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c', 'd']],
    ['c', ['a']],
    ['d', []],
    ['e', ['e']],
  ]);

  it('finds a path back to the start, or null', () => {
    expect(findCycle('a', graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle('e', graph)).toEqual(['e', 'e']);
    expect(findCycle('d', graph)).toBeNull();
    expect(findCycle('unknown', graph)).toBeNull();
  });
});
