import { describe, expect, it } from 'vitest';
import { sharedViewMessage } from './use-view-events';

describe('sharedViewMessage', () => {
  it('names who shared which view', () => {
    expect(sharedViewMessage({ viewId: 'v1', name: 'Make ready', sharedByName: 'Dana Reyes' }, 'me')).toEqual(
      {
        viewId: 'v1',
        message: 'Dana Reyes shared “Make ready” with you.',
      },
    );
  });

  it('says it plainly when the sharer has no name, and ignores an event without a view', () => {
    expect(sharedViewMessage({ viewId: 'v1', name: 'Make ready', sharedByName: '' }, 'me')?.message).toBe(
      '“Make ready” is now shared with you.',
    );
    expect(sharedViewMessage({ name: 'Make ready' }, 'me')).toBeNull();
    expect(sharedViewMessage(null, 'me')).toBeNull();
  });

  it('says nothing to the sharer, or to someone who already had the view', () => {
    const event = { viewId: 'v1', name: 'Make ready', sharedByUserId: 'dana', sharedByName: 'Dana Reyes' };
    expect(sharedViewMessage(event, 'dana')).toBeNull();
    expect(sharedViewMessage(event, 'maria', new Set(['v1']))).toBeNull();
    expect(sharedViewMessage(event, 'maria', new Set(['v2']))?.viewId).toBe('v1');
  });
});
