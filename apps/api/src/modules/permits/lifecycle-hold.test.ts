import { describe, expect, it } from 'vitest';
import { buildOrg, buildPublishedTemplate } from '../../../test/factories.ts';
import { activityOf, eventsAbout, lifecycleSuite, permitIn, permitRow } from './lifecycle-test-kit.ts';
import { dataOf, sceneProject } from './test-scene.ts';

const suite = lifecycleSuite('HOLD');

const hold = (user: string, payload: object, path = 'on-hold') =>
  suite.t.injectAs(user, { method: 'POST', url: `/api/joint-use/permit/${path}`, payload });

const statusesOf = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await permitRow(suite.t, id))?.status));

describe('putting permits on hold and taking them off, in bulk', () => {
  it('holds every listed permit with one activity entry each, and tells each organization only of its own', async () => {
    const mine = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const theirs = await permitIn(suite.t, suite.s, suite.stage, 'Active', {
      applicantOrganizationId: suite.s.otherAttacherOrg,
    });
    const held = dataOf(
      await hold(suite.s.ownerManager, { permitIds: [mine.id, theirs.id], reason: 'Storm season' }),
    );
    expect(held).toHaveLength(2);
    expect(held).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: mine.id, status: 'OnHold', onHoldReason: 'Storm season' }),
        expect.objectContaining({ id: theirs.id, status: 'OnHold', onHoldReason: 'Storm season' }),
      ]),
    );
    const row = await permitRow(suite.t, mine.id);
    expect(row).toMatchObject({ status: 'OnHold', on_hold_reason: 'Storm season' });
    expect(await activityOf(suite.t, mine.id)).toEqual([
      {
        kind: 'PermitAddOnHold',
        actor_user_id: suite.s.ownerManager,
        summary: `Permit ${mine.permitNumber} was put on hold: Storm season`,
        before: expect.objectContaining({ status: 'Active', onHoldReason: null }),
        after: expect.objectContaining({ status: 'OnHold', onHoldReason: 'Storm season' }),
      },
    ]);
    const events = (await eventsAbout(suite.t, mine.id)).map((event) => [event.type, event.organization_id]);
    expect(events).toEqual([
      ['PermitAddOnHold', suite.s.ownerOrg],
      ['PermitAddOnHold', suite.s.attacherOrg],
      ['BulkPermitAddOnHold', suite.s.ownerOrg],
      ['BulkPermitAddOnHold', suite.s.attacherOrg],
    ]);
    const bulk = await suite.t.db
      .selectFrom('events')
      .select(['organization_id', 'payload'])
      .where('type', '=', 'BulkPermitAddOnHold')
      .execute();
    const heard = new Map(bulk.map((event) => [event.organization_id, event.payload.permitIds]));
    expect(heard.get(suite.s.attacherOrg)).toEqual([mine.id]);
    expect(heard.get(suite.s.otherAttacherOrg)).toEqual([theirs.id]);
    expect([...(heard.get(suite.s.ownerOrg) as string[])].sort()).toEqual([mine.id, theirs.id].sort());

    const released = dataOf(
      await hold(suite.s.ownerManager, { permitIds: [mine.id], reason: 'Weather cleared' }, 'on-hold-remove'),
    );
    expect(released).toEqual([
      expect.objectContaining({ id: mine.id, status: 'Active', onHoldReason: null }),
    ]);
    expect((await activityOf(suite.t, mine.id)).map((entry) => entry.kind)).toEqual([
      'PermitAddOnHold',
      'PermitRemoveOnHold',
    ]);
    // One permit is no bulk action.
    expect(
      (await eventsAbout(suite.t, mine.id)).filter((event) => event.type === 'BulkPermitRemoveOnHold'),
    ).toEqual([]);
  });

  it('changes nothing when one permit is in a status that does not allow it (409 listing it)', async () => {
    const active = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const completed = await permitIn(suite.t, suite.s, suite.stage, 'Completed');
    const cancelled = await permitIn(suite.t, suite.s, suite.stage, 'Cancelled');
    const res = await hold(suite.s.ownerManager, {
      permitIds: [active.id, completed.id, cancelled.id],
      reason: 'Storm',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(`${completed.permitNumber} (completed)`);
    expect(res.json().detail).toContain(`${cancelled.permitNumber} (cancelled)`);
    expect(res.json().detail).not.toContain(active.permitNumber);
    expect(await statusesOf([active.id, completed.id, cancelled.id])).toEqual([
      'Active',
      'Completed',
      'Cancelled',
    ]);
    expect(await activityOf(suite.t, active.id)).toEqual([]);
  });

  it("changes nothing when one permit is outside the caller's projects (404)", async () => {
    const active = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const strangerOrg = (await buildOrg(suite.t.db, { name: 'Stranger Power' })).id;
    const project = await sceneProject(suite.t, suite.s, 'ELSE');
    await suite.t.db
      .updateTable('project_organizations')
      .set({ organization_id: strangerOrg })
      .where('project_id', '=', project.id)
      .where('role', '=', 'PoleOwner')
      .execute();
    const { templateId, definition } = await buildPublishedTemplate(suite.t.db, project.id);
    const foreign = await permitIn(
      suite.t,
      suite.s,
      { projectId: project.id, templateId, definition },
      'Active',
    );
    const res = await hold(suite.s.ownerManager, { permitIds: [active.id, foreign.id], reason: 'Storm' });
    expect(res.statusCode).toBe(404);
    expect(await statusesOf([active.id, foreign.id])).toEqual(['Active', 'Active']);
    expect(await activityOf(suite.t, active.id)).toEqual([]);
  });

  it("is the pole owner managers' call (403), needs a token (401) and good input (400)", async () => {
    const active = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const attacher = await hold(suite.s.attacherManager, { permitIds: [active.id], reason: 'Storm' });
    expect(attacher.statusCode).toBe(403);
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: '/api/joint-use/permit/on-hold',
      payload: { permitIds: [active.id], reason: 'Storm' },
    });
    expect(anonymous.statusCode).toBe(401);
    const cases = [
      [{ permitIds: [active.id] }, 'body.reason'],
      [{ permitIds: [active.id], reason: ' ' }, 'body.reason'],
      [{ permitIds: [], reason: 'Storm' }, 'body.permitIds'],
      [{ permitIds: [active.id, active.id], reason: 'Storm' }, 'body.permitIds'],
      [{ permitIds: ['nope'], reason: 'Storm' }, 'body.permitIds.0'],
      [{ permitIds: Array.from({ length: 1001 }, () => active.id), reason: 'Storm' }, 'body.permitIds'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await hold(suite.s.ownerManager, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect(await statusesOf([active.id])).toEqual(['Active']);
    expect(await activityOf(suite.t, active.id)).toEqual([]);
  });
});
