import { describe, expect, it } from 'vitest';
import { activityOf, eventsAbout, lifecycleSuite, permitIn, permitRow } from './lifecycle-test-kit.ts';
import { dataOf } from './test-scene.ts';

const suite = lifecycleSuite('CXL');

const base = '/api/joint-use/permit';
const requestsOf = (permitId: string) =>
  suite.t.db
    .selectFrom('permit_cancel_requests')
    .selectAll()
    .where('permit_id', '=', permitId)
    .orderBy('requested_at')
    .execute();

const act = (user: string, path: string, payload?: object) =>
  suite.t.injectAs(user, { method: 'POST', url: `${base}/${path}`, payload });

/** The applicant's request to cancel, as the API answers it. */
const ask = async (permitId: string, reason = 'Not needed') =>
  dataOf(await act(suite.s.attacherMember, `${permitId}/cancel`, { reason }));

/** A permit in `status` with no cancel request of its own yet. */
async function fresh(status: 'Active' | 'OnHold') {
  const permit = await permitIn(suite.t, suite.s, suite.stage, status);
  await suite.t.db.deleteFrom('permit_cancel_requests').where('permit_id', '=', permit.id).execute();
  return permit;
}

describe('asking for a cancellation and deciding on it', () => {
  it('records the request, then the rejection returns the permit on hold where it was', async () => {
    const permit = await fresh('OnHold');
    const asked = await ask(permit.id, '  Route changed  ');
    expect(asked.permit).toMatchObject({ status: 'CancelRequested', onHoldReason: 'Storm season' });
    expect(asked.cancelRequest).toMatchObject({
      permitId: permit.id,
      reason: 'Route changed',
      requestedBy: suite.s.attacherMember,
      status: 'Pending',
      previousStatus: 'OnHold',
      decidedAt: null,
    });
    const rejected = dataOf(
      await act(suite.s.ownerManager, `${permit.id}/cancel/${asked.cancelRequest.id}/reject`, {
        reason: 'Make-ready is paid',
      }),
    );
    expect(rejected.permit.status).toBe('OnHold');
    expect(await requestsOf(permit.id)).toEqual([
      expect.objectContaining({
        id: asked.cancelRequest.id,
        status: 'Rejected',
        decided_by: suite.s.ownerManager,
        decision_reason: 'Make-ready is paid',
        previous_status: 'OnHold',
      }),
    ]);
    expect((await permitRow(suite.t, permit.id))?.status).toBe('OnHold');
    const activity = await activityOf(suite.t, permit.id);
    expect(
      activity.map((entry) => [entry.kind, entry.actor_user_id, entry.before?.status, entry.after?.status]),
    ).toEqual([
      ['PermitCancelRequested', suite.s.attacherMember, 'OnHold', 'CancelRequested'],
      ['PermitCancelRejected', suite.s.ownerManager, 'CancelRequested', 'OnHold'],
    ]);
    const events = await eventsAbout(suite.t, permit.id);
    expect(events.map((event) => [event.type, event.organization_id])).toEqual([
      ['PermitCancelRequested', suite.s.ownerOrg],
      ['PermitCancelRequested', suite.s.attacherOrg],
      ['PermitCancelRejected', suite.s.ownerOrg],
      ['PermitCancelRejected', suite.s.attacherOrg],
    ]);
    expect(events[0]?.payload).toMatchObject({ permitId: permit.id, cancelId: asked.cancelRequest.id });
  });

  it('approves, then undoes the cancellation back to the status before the request', async () => {
    const permit = await fresh('Active');
    const asked = await ask(permit.id);
    const cancelId = asked.cancelRequest.id;
    // The permit's header names the request the page decides on, then the approved one it can undo.
    const headerRequest = async () =>
      dataOf(await suite.t.injectAs(suite.s.ownerManager, { url: `${base}/${permit.id}/header` }))
        .cancelRequest;
    expect(await headerRequest()).toEqual({ id: cancelId, status: 'Pending', reason: 'Not needed' });
    const approved = dataOf(await act(suite.s.ownerManager, `${permit.id}/cancel/${cancelId}/approve`));
    expect(approved).toMatchObject({
      permit: { status: 'Cancelled' },
      cancelRequest: { status: 'Approved', decidedBy: suite.s.ownerManager },
    });
    expect(await headerRequest()).toMatchObject({ id: cancelId, status: 'Approved' });
    const undone = dataOf(await act(suite.s.ownerManager, `${permit.id}/cancel/${cancelId}/undo`));
    expect(undone).toMatchObject({
      permit: { status: 'Active' },
      cancelRequest: { status: 'Undone', decidedBy: suite.s.ownerManager, undoneBy: suite.s.ownerManager },
    });
    expect(await headerRequest()).toBeNull();
    expect((await activityOf(suite.t, permit.id)).map((entry) => entry.kind)).toEqual([
      'PermitCancelRequested',
      'PermitCancelApproved',
      'PermitUncancelled',
    ]);
    // Undone requests are history: the permit may be asked about again.
    const again = await act(suite.s.attacherMember, `${permit.id}/cancel`, { reason: 'Really not needed' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await requestsOf(permit.id)).toHaveLength(2);
  });

  it('lets the applicant withdraw its pending request; a decided request cannot be decided again', async () => {
    const permit = await fresh('Active');
    const asked = await ask(permit.id);
    const cancelId = asked.cancelRequest.id;
    const withdrawn = dataOf(await act(suite.s.attacherManager, `${permit.id}/cancel/${cancelId}/undo`));
    expect(withdrawn).toMatchObject({
      permit: { status: 'Active' },
      cancelRequest: { status: 'Undone', decidedBy: null, undoneBy: suite.s.attacherManager },
    });
    const late = await act(suite.s.ownerManager, `${permit.id}/cancel/${cancelId}/approve`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('The cancel request was withdrawn or undone, so it cannot be approved.');
  });

  it('cancels directly, approving a pending request on the way, with or without a body', async () => {
    const asking = await fresh('Active');
    const asked = await ask(asking.id);
    const direct = dataOf(
      await act(suite.s.ownerManager, `${asking.id}/direct-cancel`, { reason: 'Duplicate application' }),
    );
    expect(direct.cancelRequest).toMatchObject({
      id: asked.cancelRequest.id,
      status: 'Approved',
      decisionReason: 'Duplicate application',
      previousStatus: 'Active',
    });
    expect(await requestsOf(asking.id)).toHaveLength(1);

    const quiet = await fresh('OnHold');
    const cancelled = dataOf(await act(suite.s.ownerManager, `${quiet.id}/direct-cancel`));
    expect(cancelled).toMatchObject({
      permit: { status: 'Cancelled' },
      cancelRequest: {
        reason: null,
        requestedBy: suite.s.ownerManager,
        status: 'Approved',
        previousStatus: 'OnHold',
      },
    });
    expect((await activityOf(suite.t, quiet.id)).map((entry) => entry.summary)).toEqual([
      `Permit ${quiet.permitNumber} was cancelled by the pole owner`,
    ]);
  });
});

describe('who may act on a cancellation', () => {
  it('keeps each side to its own calls (403) and nothing changes', async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'CancelRequested');
    const calls = [
      { user: suite.s.ownerManager, url: `${base}/${permit.id}/cancel`, payload: { reason: 'x' } },
      { user: suite.s.attacherManager, url: `${base}/${permit.id}/cancel/${permit.cancelId}/approve` },
      {
        user: suite.s.attacherManager,
        url: `${base}/${permit.id}/cancel/${permit.cancelId}/reject`,
        payload: { reason: 'x' },
      },
      { user: suite.s.attacherManager, url: `${base}/${permit.id}/direct-cancel`, payload: {} },
      { user: suite.s.ownerManager, url: `${base}/${permit.id}/cancel/${permit.cancelId}/undo` },
    ];
    for (const call of calls) {
      const res = await suite.t.injectAs(call.user, { method: 'POST', url: call.url, payload: call.payload });
      expect(res.statusCode, call.url).toBe(403);
    }
    const owner = await act(suite.s.ownerManager, `${permit.id}/cancel`, { reason: 'x' });
    expect(owner.json().detail).toBe('Only the applicant may ask for a permit to be cancelled.');
    expect((await permitRow(suite.t, permit.id))?.status).toBe('CancelRequested');
    expect((await requestsOf(permit.id)).map((row) => row.status)).toEqual(['Pending']);
  });

  it('needs EditPermits of the applicant', async () => {
    const permit = await fresh('Active');
    await suite.t.db
      .insertInto('project_user_permissions')
      .values({
        project_id: suite.stage.projectId,
        organization_id: suite.s.attacherOrg,
        user_id: suite.s.attacherManager,
        permissions: ['ViewPermits'],
      })
      .execute();
    const res = await act(suite.s.attacherManager, `${permit.id}/cancel`, { reason: 'x' });
    expect(res.statusCode).toBe(403);
    await suite.t.db
      .deleteFrom('project_user_permissions')
      .where('user_id', '=', suite.s.attacherManager)
      .execute();
    expect(await requestsOf(permit.id)).toEqual([]);
  });

  it("hides another attacher's permit and another permit's request (404), and needs a token (401)", async () => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, 'CancelRequested');
    const other = await permitIn(suite.t, suite.s, suite.stage, 'CancelRequested');
    const notMine = await act(suite.s.otherAttacherMember, `${permit.id}/cancel/${permit.cancelId}/undo`);
    expect(notMine.statusCode).toBe(404);
    const outsider = await act(suite.s.outsider, `${permit.id}/direct-cancel`);
    expect(outsider.statusCode).toBe(404);
    const crossed = await act(suite.s.ownerManager, `${permit.id}/cancel/${other.cancelId}/approve`);
    expect(crossed.statusCode).toBe(404);
    const anonymous = await suite.t.app.inject({ method: 'POST', url: `${base}/${permit.id}/direct-cancel` });
    expect(anonymous.statusCode).toBe(401);
    expect((await permitRow(suite.t, permit.id))?.status).toBe('CancelRequested');
    expect((await permitRow(suite.t, other.id))?.status).toBe('CancelRequested');
  });

  it('needs a reason to ask and to reject (400 naming it), writing nothing', async () => {
    const permit = await fresh('Active');
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(2001) }]) {
      const res = await act(suite.s.attacherMember, `${permit.id}/cancel`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body.reason' })]);
    }
    expect(await requestsOf(permit.id)).toEqual([]);
    const pending = await permitIn(suite.t, suite.s, suite.stage, 'CancelRequested');
    const reject = await act(suite.s.ownerManager, `${pending.id}/cancel/${pending.cancelId}/reject`, {});
    expect(reject.statusCode).toBe(400);
    expect(reject.json().errors).toEqual([expect.objectContaining({ field: 'body.reason' })]);
    expect((await requestsOf(pending.id)).map((row) => row.status)).toEqual(['Pending']);
    expect(await activityOf(suite.t, permit.id)).toEqual([]);
  });
});
