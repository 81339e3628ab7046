import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounced, isAboutPermit, PERMIT_EVENT_TYPES } from './permit-events';

describe('isAboutPermit', () => {
  it('matches events naming or listing the permit', () => {
    expect(isAboutPermit({ permitId: 'p1', taskKey: 't' }, 'p1')).toBe(true);
    expect(isAboutPermit({ permitIds: ['p0', 'p1'], count: 2 }, 'p1')).toBe(true);
    expect(isAboutPermit({ permitId: 'p2' }, 'p1')).toBe(false);
    expect(isAboutPermit(null, 'p1')).toBe(false);
    expect(isAboutPermit('p1', 'p1')).toBe(false);
  });

  it('listens to every notification event type', () => {
    expect(PERMIT_EVENT_TYPES).toContain('TaskCompleted');
    expect(PERMIT_EVENT_TYPES).toContain('CommentAdded');
    expect(PERMIT_EVENT_TYPES).toContain('PermitDeleted');
  });
});

describe('debounced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after a burst, and not at all when cancelled', () => {
    const run = vi.fn();
    const call = debounced(run, 150);
    call();
    vi.advanceTimersByTime(100);
    call();
    call();
    vi.advanceTimersByTime(149);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    call();
    call.cancel();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
