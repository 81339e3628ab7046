import { describe, expect, it } from 'vitest';
import { activityOf, eventsAbout, lifecycleSuite, permitIn, permitRow } from './lifecycle-test-kit.ts';
import { dataOf, KEY } from './test-scene.ts';

const suite = lifecycleSuite('LIFE');

const base = '/api/joint-use/permit';
const call = (user: string, method: 'POST' | 'DELETE', path: string, payload?: object) =>
  suite.t.injectAs(user, { method, url: `${base}/${path}`, payload });

describe('completing a permit', () => {
  it('completes a permit whose stages are done, recording the change for both sides', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const data = dataOf(await call(suite.s.ownerManager, 'POST', `${permit.id}/complete`));
    expect(data).toMatchObject({ id: permit.id, permitNumber: permit.permitNumber, status: 'Completed' });
    expect(data.completedAt).toEqual(expect.any(String));
    const row = await permitRow(suite.t, permit.id);
    expect(row?.status).toBe('Completed');
    expect(row?.completed_at?.toISOString()).toBe(data.completedAt);
    expect(await activityOf(suite.t, permit.id)).toEqual([
      {
        kind: 'PermitCompleted',
        actor_user_id: suite.s.ownerManager,
        summary: `Permit ${permit.permitNumber} was completed`,
        before: { status: 'Active', restricted: false, restrictedReason: null, onHoldReason: null },
        after: { status: 'Completed', restricted: false, restrictedReason: null, onHoldReason: null },
      },
    ]);
    expect(
      (await eventsAbout(suite.t, permit.id)).map((event) => [event.type, event.organization_id]),
    ).toEqual([
      ['PermitCompleted', suite.s.ownerOrg],
      ['PermitCompleted', suite.s.attacherOrg],
    ]);
    const reopened = dataOf(await call(suite.s.ownerManager, 'POST', `${permit.id}/uncomplete`));
    expect(reopened).toMatchObject({ status: 'Active', completedAt: null });
    expect((await permitRow(suite.t, permit.id))?.completed_at).toBeNull();
  });

  it('names the stage still open, and refuses a restricted permit (409)', async () => {
    const open = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    const res = await call(suite.s.ownerManager, 'POST', `${open.id}/complete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`Stage "Intake" of permit ${open.permitNumber} is not completed yet.`);
    const restricted = await permitIn(suite.t, suite.s, suite.stage, 'Active', { restricted: true });
    const refused = await call(suite.s.ownerManager, 'POST', `${restricted.id}/complete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('is restricted');
    expect(await activityOf(suite.t, open.id)).toEqual([]);
    expect(await activityOf(suite.t, restricted.id)).toEqual([]);
  });

  it("is the pole owner managers' call (403), hides others' permits (404), needs a token (401)", async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const attacher = await call(suite.s.attacherManager, 'POST', `${permit.id}/complete`);
    expect(attacher.statusCode).toBe(403);
    expect(attacher.json().detail).toBe("Only the pole owner's permit managers may do this.");
    await suite.t.db
      .insertInto('project_user_permissions')
      .values({
        project_id: suite.stage.projectId,
        organization_id: suite.s.ownerOrg,
        user_id: suite.s.ownerMember,
        permissions: ['ViewPermits', 'EditPermits'],
      })
      .execute();
    expect((await call(suite.s.ownerMember, 'POST', `${permit.id}/complete`)).statusCode).toBe(403);
    expect((await call(suite.s.ownerMember, 'DELETE', permit.id)).statusCode).toBe(403);
    await suite.t.db
      .deleteFrom('project_user_permissions')
      .where('user_id', '=', suite.s.ownerMember)
      .execute();
    expect((await call(suite.s.otherAttacherMember, 'POST', `${permit.id}/uncomplete`)).statusCode).toBe(404);
    expect((await call(suite.s.outsider, 'POST', `${permit.id}/complete`)).statusCode).toBe(404);
    const anonymous = await suite.t.app.inject({ method: 'POST', url: `${base}/${permit.id}/complete` });
    expect(anonymous.statusCode).toBe(401);
    expect((await permitRow(suite.t, permit.id))?.status).toBe('Active');
  });
});

describe('restricting a permit', () => {
  it('restricts with a reason and lifts the restriction', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'OnHold');
    const restricted = dataOf(
      await call(suite.s.ownerManager, 'POST', `${permit.id}/restriction`, { reason: 'Unpaid make-ready' }),
    );
    expect(restricted).toMatchObject({
      status: 'OnHold',
      restricted: true,
      restrictedReason: 'Unpaid make-ready',
    });
    expect(await permitRow(suite.t, permit.id)).toMatchObject({
      restricted: true,
      restricted_reason: 'Unpaid make-ready',
    });
    const lifted = dataOf(await call(suite.s.ownerManager, 'DELETE', `${permit.id}/restriction`));
    expect(lifted).toMatchObject({ restricted: false, restrictedReason: null });
    expect((await activityOf(suite.t, permit.id)).map((entry) => [entry.kind, entry.summary])).toEqual([
      ['PermitRestricted', `Permit ${permit.permitNumber} was restricted: Unpaid make-ready`],
      ['PermitRestrictionRemoved', `The restriction on permit ${permit.permitNumber} was removed`],
    ]);
    expect((await eventsAbout(suite.t, permit.id)).map((event) => event.type)).toEqual([
      'PermitRestricted',
      'PermitRestricted',
      'PermitRestrictionRemoved',
      'PermitRestrictionRemoved',
    ]);
  });

  it('needs a reason (400 naming it) and the pole owner (403), writing nothing', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    for (const payload of [{}, { reason: '' }]) {
      const res = await call(suite.s.ownerManager, 'POST', `${permit.id}/restriction`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body.reason' })]);
    }
    const attacher = await call(suite.s.attacherManager, 'POST', `${permit.id}/restriction`, { reason: 'x' });
    expect(attacher.statusCode).toBe(403);
    expect((await call(suite.s.otherAttacherMember, 'DELETE', `${permit.id}/restriction`)).statusCode).toBe(
      404,
    );
    expect(await permitRow(suite.t, permit.id)).toMatchObject({ restricted: false });
    expect(await activityOf(suite.t, permit.id)).toEqual([]);
  });
});

describe('deleting a permit', () => {
  it('lets the pole owner delete a permit with everything on it, keeping an audit entry', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'CancelRequested');
    expect(dataOf(await call(suite.s.ownerManager, 'DELETE', permit.id))).toEqual({ id: permit.id });
    expect(await permitRow(suite.t, permit.id)).toBeUndefined();
    for (const table of [
      'permit_stages',
      'permit_tasks',
      'permit_activity',
      'permit_cancel_requests',
    ] as const) {
      const left = await suite.t.db
        .selectFrom(table)
        .select('permit_id')
        .where('permit_id', '=', permit.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    const audit = await suite.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_type', 'organization_id', 'before'])
      .where('target_id', '=', permit.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'permit.deleted',
        actor_user_id: suite.s.ownerManager,
        target_type: 'permit',
        organization_id: suite.s.ownerOrg,
        before: expect.objectContaining({ permitNumber: permit.permitNumber, status: 'CancelRequested' }),
      },
    ]);
    expect(
      (await eventsAbout(suite.t, permit.id)).map((event) => [event.type, event.organization_id]),
    ).toEqual([
      ['PermitDeleted', suite.s.ownerOrg],
      ['PermitDeleted', suite.s.attacherOrg],
    ]);
  });

  it('lets the applicant delete a permit no one has worked on, and refuses it once work is done (409)', async () => {
    const untouched = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    expect((await call(suite.s.otherAttacherMember, 'DELETE', untouched.id)).statusCode).toBe(404);
    expect(dataOf(await call(suite.s.attacherMember, 'DELETE', untouched.id))).toEqual({ id: untouched.id });
    expect(await permitRow(suite.t, untouched.id)).toBeUndefined();

    const worked = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    await suite.t.db
      .updateTable('permit_tasks')
      .set({ status: 'Completed', completed_at: new Date() })
      .where('permit_id', '=', worked.id)
      .where('task_key', '=', KEY.review)
      .execute();
    const refused = await call(suite.s.attacherMember, 'DELETE', worked.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Work on permit ${worked.permitNumber} has begun, so only the pole owner may delete it now.`,
    );
    const held = await permitIn(suite.t, suite.s, suite.stage, 'OnHold', { done: false });
    expect((await call(suite.s.attacherMember, 'DELETE', held.id)).statusCode).toBe(409);
    expect(await permitRow(suite.t, worked.id)).toBeDefined();
    expect(await permitRow(suite.t, held.id)).toBeDefined();
    const anonymous = await suite.t.app.inject({ method: 'DELETE', url: `${base}/${worked.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
