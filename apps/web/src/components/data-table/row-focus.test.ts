import { describe, expect, it } from 'vitest';
import { isPlainKey, rowFocusTarget } from './row-focus';

describe('rowFocusTarget', () => {
  it('moves by one row with the arrows, by a page, and to the ends', () => {
    expect(rowFocusTarget('ArrowDown', 2, 25)).toBe(3);
    expect(rowFocusTarget('ArrowUp', 2, 25)).toBe(1);
    expect(rowFocusTarget('PageDown', 2, 25)).toBe(12);
    expect(rowFocusTarget('PageUp', 12, 25, 5)).toBe(7);
    expect(rowFocusTarget('Home', 9, 25)).toBe(0);
    expect(rowFocusTarget('End', 0, 25)).toBe(24);
  });

  it('stays within the rows, and leaves other keys alone', () => {
    expect(rowFocusTarget('ArrowUp', 0, 25)).toBe(0);
    expect(rowFocusTarget('ArrowDown', 24, 25)).toBe(24);
    expect(rowFocusTarget('PageDown', 20, 25)).toBe(24);
    expect(rowFocusTarget('Enter', 3, 25)).toBeNull();
    expect(rowFocusTarget('a', 3, 25)).toBeNull();
    expect(rowFocusTarget('ArrowDown', 0, 0)).toBeNull();
  });
});

describe('isPlainKey', () => {
  it('leaves the combinations of Alt, Ctrl and Meta to the browser', () => {
    const none = { altKey: false, ctrlKey: false, metaKey: false };
    expect(isPlainKey(none)).toBe(true);
    expect(isPlainKey({ ...none, altKey: true })).toBe(false);
    expect(isPlainKey({ ...none, ctrlKey: true })).toBe(false);
    expect(isPlainKey({ ...none, metaKey: true })).toBe(false);
  });
});
