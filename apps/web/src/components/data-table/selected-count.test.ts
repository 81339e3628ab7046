import { describe, expect, it } from 'vitest';
import { selectedCountText } from './selected-count';

describe('selectedCountText', () => {
  it('names one row in the singular', () => {
    expect(selectedCountText(1, 'permits')).toBe('1 permit selected');
    expect(selectedCountText(1, 'organizations')).toBe('1 organization selected');
    expect(selectedCountText(1, 'people')).toBe('1 person selected');
  });

  it('names more rows in the plural, with thousands separated', () => {
    expect(selectedCountText(2, 'permits')).toBe('2 permits selected');
    expect(selectedCountText(1234, 'permits')).toBe('1,234 permits selected');
    expect(selectedCountText(3, 'people')).toBe('3 people selected');
  });
});
