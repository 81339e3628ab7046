import { describe, expect, it } from 'vitest';
import { lastPage } from './use-page-in-range';

describe('lastPage', () => {
  it('is the page holding the last row, and page 1 of an empty list', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
    expect(lastPage(1_001, 50)).toBe(21);
  });
});
