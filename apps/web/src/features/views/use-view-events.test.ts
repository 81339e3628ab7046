import { describe, expect, it } from 'vitest';
import { sharedViewMessage } from './use-view-events';

describe('sharedViewMessage', () => {
  it('names who shared which view', () => {
    expect(sharedViewMessage({ viewId: 'v1', name: 'Make ready', sharedByName: 'Dana Reyes' })).toEqual({
      viewId: 'v1',
      message: 'Dana Reyes shared “Make ready” with you.',
    });
  });

  it('says it plainly when the sharer has no name, and ignores an event without a view', () => {
    expect(sharedViewMessage({ viewId: 'v1', name: 'Make ready', sharedByName: '' })?.message).toBe(
      '“Make ready” is now shared with you.',
    );
    expect(sharedViewMessage({ name: 'Make ready' })).toBeNull();
    expect(sharedViewMessage(null)).toBeNull();
  });
});
