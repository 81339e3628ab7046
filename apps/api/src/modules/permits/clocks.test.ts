import { describe, expect, it } from 'vitest';
import { lifecycleSuite, permitIn } from './lifecycle-test-kit.ts';

// Every permit change goes through one recording function, which also moves the permit's clocks: these
// tests drive real endpoints and look at the stored clocks.
const suite = lifecycleSuite('CLK');

const clocksOf = (permitId: string) =>
  suite.t.db.selectFrom('permit_timers').selectAll().where('permit_id', '=', permitId).execute();

describe("a permit's clocks follow its changes", () => {
  it('starts the clock that runs from receipt when the permit is created', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    const clocks = await clocksOf(permit.id);
    expect(clocks).toHaveLength(1);
    expect(clocks[0]).toMatchObject({ stopped_at: null, holds: [], breached_at: null });
  });

  it('pauses while the permit is on hold and resumes when the hold is removed', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    const hold = (path: string, reason: string) =>
      suite.t.injectAs(suite.s.ownerManager, {
        method: 'POST',
        url: `/api/joint-use/permit/${path}`,
        payload: { permitIds: [permit.id], reason },
      });
    expect((await hold('on-hold', 'Storm season')).statusCode).toBe(200);
    const [held] = await clocksOf(permit.id);
    expect(held!.holds).toEqual([{ from: expect.any(String), to: null }]);
    expect((await hold('on-hold-remove', 'Weather cleared')).statusCode).toBe(200);
    const [resumed] = await clocksOf(permit.id);
    expect(resumed!.holds).toEqual([{ from: expect.any(String), to: expect.any(String) }]);
    expect(resumed!.stopped_at).toBeNull();
  });
});
