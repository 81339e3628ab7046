import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('configuration', () => {
  it('lets the heap grow 30% past its live size unless told otherwise', () => {
    expect(parseConfig({}).heapGrowthPercent).toBe(30);
    expect(parseConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(parseConfig({ HEAP_GROWTH_PERCENT: '100' }).heapGrowthPercent).toBe(100);
  });

  it('refuses a heap growth that is not a whole percentage up to 400, naming the variable', () => {
    for (const bad of ['much', '-5', '12.5', '401']) {
      expect(() => parseConfig({ HEAP_GROWTH_PERCENT: bad })).toThrow(/HEAP_GROWTH_PERCENT/);
    }
  });
});
