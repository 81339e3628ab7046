import { FEDERAL_TIMER_PRESETS } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, buildWorld, dataOf, type World } from './test-world.ts';

let w: World;

beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w.t.close());

const PATH = '/api/projects/timer-presets';

const stateRule = {
  name: 'State survey (NH)',
  description: 'State rule: 60 days for the survey.',
  timer: {
    durationDays: 60,
    dayKind: 'Calendar',
    startsOn: { event: 'TaskReadyToBegin' },
    stopsOn: { event: 'TaskCompleted' },
    pausesOnHold: true,
    onBreach: { flag: true, notify: ['Assignees', 'Applicant'] },
  },
};

async function presetRows() {
  return w.t.db.selectFrom('timer_presets').selectAll().orderBy('name').execute();
}

describe('timer presets', () => {
  it('lists the federal presets to anyone signed in', async () => {
    const presets = dataOf(await w.t.injectAs(w.member, { method: 'GET', url: PATH }));
    expect(presets.map((preset: { id: string }) => preset.id)).toEqual(
      FEDERAL_TIMER_PRESETS.map((p) => p.id),
    );
    expect(presets[0]).toMatchObject({ source: 'Federal', createdAt: null, timer: { durationDays: 10 } });
    expect((await w.t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
  });

  it("saves an organization's preset, shown to its own people only, and refuses its name twice", async () => {
    const created = dataOf(
      await w.t.injectAs(w.manager, { method: 'POST', url: PATH, payload: stateRule }),
      201,
    );
    expect(created).toMatchObject({ name: stateRule.name, source: 'Organization', timer: stateRule.timer });
    const rows = await presetRows();
    expect(rows).toEqual([
      expect.objectContaining({
        id: created.id,
        organization_id: w.ownerOrg,
        name: stateRule.name,
        timer: stateRule.timer,
        created_by: w.manager,
      }),
    ]);
    expect((await auditOf(w, created.id)).map((entry) => entry.action)).toEqual(['timer-preset.created']);
    const mine = dataOf(await w.t.injectAs(w.member, { method: 'GET', url: PATH }));
    expect(mine.at(-1)).toMatchObject({ id: created.id, source: 'Organization' });
    const theirs = dataOf(await w.t.injectAs(w.attacher, { method: 'GET', url: PATH }));
    expect(theirs).toHaveLength(FEDERAL_TIMER_PRESETS.length);
    const twice = await w.t.injectAs(w.manager, {
      method: 'POST',
      url: PATH,
      payload: { ...stateRule, name: 'state SURVEY (nh)' },
    });
    expect(twice.statusCode).toBe(409);
    // Another organization may use the same name.
    dataOf(await w.t.injectAs(w.attacher, { method: 'POST', url: PATH, payload: stateRule }), 201);
  });

  it('refuses a preset without ManageProjects (403) or malformed (400), writing nothing', async () => {
    const before = await presetRows();
    expect((await w.t.app.inject({ method: 'POST', url: PATH, payload: stateRule })).statusCode).toBe(401);
    expect((await w.t.injectAs(w.member, { method: 'POST', url: PATH, payload: stateRule })).statusCode).toBe(
      403,
    );
    const bad = await w.t.injectAs(w.manager, {
      method: 'POST',
      url: PATH,
      payload: { ...stateRule, name: 'Other', timer: { ...stateRule.timer, durationDays: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'body.timer.durationDays', message: 'At least 1' }]);
    expect(await presetRows()).toEqual(before);
  });

  it("deletes its own organization's preset only", async () => {
    const created = dataOf(
      await w.t.injectAs(w.manager, {
        method: 'POST',
        url: PATH,
        payload: { ...stateRule, name: 'Short lived' },
      }),
      201,
    );
    const url = `${PATH}/${created.id}`;
    expect((await w.t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await w.t.injectAs(w.member, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await w.t.injectAs(w.attacher, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await w.t.injectAs(w.manager, { method: 'DELETE', url: `${PATH}/federal-survey` })).statusCode,
    ).toBe(400);
    expect(
      (await w.t.db.selectFrom('timer_presets').select('id').where('id', '=', created.id).execute()).length,
    ).toBe(1);
    expect(dataOf(await w.t.injectAs(w.manager, { method: 'DELETE', url }))).toEqual({ id: created.id });
    expect(
      await w.t.db.selectFrom('timer_presets').select('id').where('id', '=', created.id).execute(),
    ).toEqual([]);
    expect((await auditOf(w, created.id)).map((entry) => entry.action)).toEqual([
      'timer-preset.created',
      'timer-preset.deleted',
    ]);
    expect((await w.t.injectAs(w.manager, { method: 'DELETE', url })).statusCode).toBe(404);
  });
});
