import type {
  BulkAssignResult,
  PermitRestriction,
  PermitStatus,
  SelectedRestrictions,
} from '@crossarm/shared';
import { describe, expect, it, vi } from 'vitest';
import { idsFor } from '../overview/overview-test-kit.ts';
import {
  activityOf,
  eventsAbout,
  lifecycleSuite,
  permitIn,
  permitRow,
} from '../permits/lifecycle-test-kit.ts';
import { dataOf } from '../permits/test-scene.ts';

const suite = lifecycleSuite('BULK');

const post = (user: string, url: string, payload: object) =>
  suite.t.injectAs(user, { method: 'POST', url: `/api/joint-use/${url}`, payload });

const restrictions = async (user: string, permitId: string) =>
  dataOf(
    await suite.t.injectAs(user, { method: 'GET', url: `/api/joint-use/permit/${permitId}/restrictions` }),
  ) as PermitRestriction[];

/** A permit of the scene's attacher and one of the other attacher, in the given statuses. */
async function bothAttachers(mine: PermitStatus, theirs: PermitStatus, setup: { done?: boolean } = {}) {
  return {
    mine: await permitIn(suite.t, suite.s, suite.stage, mine, setup),
    theirs: await permitIn(suite.t, suite.s, suite.stage, theirs, {
      ...setup,
      applicantOrganizationId: suite.s.otherAttacherOrg,
    }),
  };
}

/** Gives a person a name of their own, for what names them. */
const rename = (id: string, first: string, last: string) =>
  suite.t.db.updateTable('users').set({ first_name: first, last_name: last }).where('id', '=', id).execute();

const bulkEvents = async (type: string) => {
  const rows = await suite.t.db
    .selectFrom('events')
    .select(['organization_id', 'user_id', 'payload'])
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows;
};

describe('restrictions of one and many permits', () => {
  it('restricts many with one entry each, tells each organization only of its own, and lifts by id', async () => {
    const { mine, theirs } = await bothAttachers('Active', 'OnHold');
    const done = dataOf(
      await post(suite.s.ownerManager, 'permit/bulk-action/restrictions', {
        selection: { permitIds: [mine.id, theirs.id] },
        action: 'Restrict',
        reason: 'Make-ready dispute',
      }),
    );
    expect(done.count).toBe(2);
    expect(await permitRow(suite.t, theirs.id)).toMatchObject({
      restricted: true,
      restricted_reason: 'Make-ready dispute',
      status: 'OnHold',
    });
    expect(await activityOf(suite.t, mine.id)).toEqual([
      {
        kind: 'PermitRestricted',
        actor_user_id: suite.s.ownerManager,
        summary: `Permit ${mine.permitNumber} was restricted: Make-ready dispute`,
        before: expect.objectContaining({ restricted: false }),
        after: expect.objectContaining({ restricted: true, restrictedReason: 'Make-ready dispute' }),
      },
    ]);
    const heard = new Map(
      (await bulkEvents('BulkPermitRestriction')).map((e) => [e.organization_id, e.payload.permitIds]),
    );
    expect(heard.get(suite.s.attacherOrg)).toEqual([mine.id]);
    expect(heard.get(suite.s.otherAttacherOrg)).toEqual([theirs.id]);
    expect([...(heard.get(suite.s.ownerOrg) as string[])].sort()).toEqual([mine.id, theirs.id].sort());
    expect((await eventsAbout(suite.t, mine.id)).map((e) => e.type)).toContain('PermitRestricted');

    const selected = dataOf(
      await post(suite.s.attacherMember, 'permit/selected-restrictions', {
        selection: { permitIds: [mine.id] },
      }),
    ) as SelectedRestrictions;
    expect(selected).toMatchObject({ total: 1, restrictedCount: 1 });
    expect(selected.permits[0]!.restriction).toMatchObject({ reason: 'Make-ready dispute', active: true });

    const [current] = await restrictions(suite.s.attacherMember, mine.id);
    expect(current).toMatchObject({
      reason: 'Make-ready dispute',
      active: true,
      removedAt: null,
      restrictedBy: { id: suite.s.ownerManager },
    });
    const url = `/api/joint-use/permit/${mine.id}/restriction/${current!.id}`;
    expect((await suite.t.injectAs(suite.s.attacherManager, { method: 'DELETE', url })).statusCode).toBe(403);
    expect(dataOf(await suite.t.injectAs(suite.s.ownerManager, { method: 'DELETE', url }))).toMatchObject({
      id: mine.id,
      restricted: false,
    });
    expect((await suite.t.injectAs(suite.s.ownerManager, { method: 'DELETE', url })).statusCode).toBe(409);
    const lifted = await restrictions(suite.s.ownerManager, mine.id);
    expect(lifted).toEqual([
      expect.objectContaining({
        id: current!.id,
        active: false,
        removedBy: expect.objectContaining({ id: suite.s.ownerManager }),
      }),
    ]);
    const unknown = `/api/joint-use/permit/${mine.id}/restriction/${theirs.id}`;
    expect(
      (await suite.t.injectAs(suite.s.ownerManager, { method: 'DELETE', url: unknown })).statusCode,
    ).toBe(404);

    const removed = await post(suite.s.ownerManager, 'permit/bulk-action/restrictions', {
      selection: { permitIds: [theirs.id] },
      action: 'Remove',
    });
    expect(dataOf(removed).permits).toEqual([expect.objectContaining({ id: theirs.id, restricted: false })]);
    expect(await bulkEvents('BulkPermitRestrictionRemoved')).toHaveLength(2);

    const single = dataOf(
      await post(suite.s.ownerManager, 'permit/restriction', { permitId: mine.id, reason: 'Again' }),
    );
    expect(single).toMatchObject({ id: mine.id, restricted: true, restrictedReason: 'Again' });
    expect((await restrictions(suite.s.ownerManager, mine.id)).map((r) => r.active)).toEqual([true, false]);
  });

  it('writes nothing when one permit refuses (409), and guards who and what (401, 403, 404, 400)', async () => {
    const { mine: active, theirs } = await bothAttachers('Active', 'Active');
    const completed = await permitIn(suite.t, suite.s, suite.stage, 'Completed');
    const body = (permitIds: string[]) => ({
      selection: { permitIds },
      action: 'Restrict',
      reason: 'Dispute',
    });
    const refused = await post(
      suite.s.ownerManager,
      'permit/bulk-action/restrictions',
      body([active.id, completed.id]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(`${completed.permitNumber} (completed)`);
    expect((await permitRow(suite.t, active.id))?.restricted).toBe(false);
    expect(await activityOf(suite.t, active.id)).toEqual([]);

    expect(
      (await post(suite.s.attacherManager, 'permit/bulk-action/restrictions', body([active.id]))).statusCode,
    ).toBe(403);
    expect(
      (
        await post(suite.s.attacherMember, 'permit/selected-restrictions', {
          selection: { permitIds: [active.id, theirs.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(suite.s.outsider, 'permit/bulk-action/restrictions', body([active.id]))).statusCode,
    ).toBe(404);
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: '/api/joint-use/permit/bulk-action/restrictions',
      payload: body([active.id]),
    });
    expect(anonymous.statusCode).toBe(401);
    const noReason = await post(suite.s.ownerManager, 'permit/bulk-action/restrictions', {
      selection: { permitIds: [active.id] },
      action: 'Restrict',
    });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json().errors)).toContain('reason');
    const both = await post(suite.s.ownerManager, 'permit/selected-restrictions', {
      selection: { permitIds: [active.id], filter: {} },
    });
    expect(both.statusCode).toBe(400);
    const badColumn = await post(suite.s.ownerManager, 'permit/selected-restrictions', {
      selection: {
        filter: { filterOptions: { rows: [{ id: 'a', dataId: 'nope', operator: 'Equals', value: 'x' }] } },
      },
    });
    expect(badColumn.statusCode).toBe(400);
    expect(badColumn.json().errors[0].field).toBe('body.selection.filter.filterOptions.rows.0.dataId');
    expect((await permitRow(suite.t, active.id))?.restricted).toBe(false);
  });

  it("selects by filter exactly the overview's rows, leaving another attacher's permits out", async () => {
    await bothAttachers('Active', 'Active');
    const filterOptions = {
      condition: 'And' as const,
      rows: [{ id: 'status', dataId: 'permit.Status', operator: 'Equals' as const, value: 'Active' }],
      groups: [],
    };
    for (const user of [suite.s.attacherMember, suite.s.ownerManager]) {
      const expected = await idsFor(suite.t, user, filterOptions);
      const selected = dataOf(
        await post(user, 'permit/selected-restrictions', { selection: { filter: { filterOptions } } }),
      ) as SelectedRestrictions;
      expect(selected.permits.map((p) => p.permitId).sort()).toEqual([...expected].sort());
      expect(expected.length).toBeGreaterThan(0);
    }
    const mineOnly = dataOf(
      await post(suite.s.attacherMember, 'permit/selected-restrictions', {
        selection: { filter: { filterOptions } },
      }),
    ) as SelectedRestrictions;
    const rows = await Promise.all(mineOnly.permits.map((p) => permitRow(suite.t, p.permitId)));
    expect(rows.every((row) => row?.applicant_organization_id === suite.s.attacherOrg)).toBe(true);

    // With the count the person confirmed: a filter matching another number now refuses (409) and writes
    // nothing; the number it matches is taken.
    const matching = await idsFor(suite.t, suite.s.ownerManager, filterOptions);
    const restrict = (expectedCount: number) =>
      post(suite.s.ownerManager, 'permit/bulk-action/restrictions', {
        selection: { filter: { filterOptions, expectedCount } },
        action: 'Restrict',
        reason: 'Counted',
      });
    const stale = await restrict(matching.length + 1);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().detail).toBe(
      `The filter now matches ${matching.length} permits, not the ${matching.length + 1} confirmed; nothing was changed. Review the list and try again.`,
    );
    const after = await Promise.all(matching.map((id) => permitRow(suite.t, id)));
    expect(after.every((row) => row?.restricted_reason !== 'Counted')).toBe(true);
    const bad = await restrict(-1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain(
      'body.selection.filter.expectedCount',
    );
    const counted = await post(suite.s.ownerManager, 'permit/selected-restrictions', {
      selection: { filter: { filterOptions, expectedCount: matching.length } },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect((dataOf(counted) as SelectedRestrictions).total).toBe(matching.length);
  });
});

describe('bulk assignment', () => {
  const task = () => suite.stage.definition.stages[0]!.tasks[0]!;

  it('previews, adds where missing, then synchronizes, with entries, the bulk event and personal events', async () => {
    await rename(suite.s.attacherMember, 'Abe', 'Member');
    await rename(suite.s.ownerMember, 'Oscar', 'Owner');
    await rename(suite.s.attacherManager, 'Ada', 'Attacher');
    const one = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    const two = await permitIn(suite.t, suite.s, suite.stage, 'OnHold', { done: false });
    const body = {
      selection: { permitIds: [one.id, two.id] },
      taskLibraryEntryId: task().libraryEntryId,
      userIds: [suite.s.attacherMember, suite.s.ownerMember],
    };
    const preview = dataOf(
      await post(suite.s.attacherMember, 'permits/bulk-assign/info', { ...body, mode: 'Difference' }),
    ) as BulkAssignResult;
    expect(preview).toMatchObject({ total: 2, changedCount: 2, problemCount: 0 });
    expect(preview.permits[0]!.tasks[0]!.added.map((p) => p.id).sort()).toEqual(body.userIds.sort());
    expect(await activityOf(suite.t, one.id)).toEqual([]);

    const added = dataOf(
      await post(suite.s.attacherMember, 'permits/bulk-assign/difference', body),
    ) as BulkAssignResult;
    expect(added.changedCount).toBe(2);
    const assignees = async (permitId: string) =>
      (
        await suite.t.db
          .selectFrom('permit_task_assignments')
          .select('user_id')
          .where('permit_id', '=', permitId)
          .where('task_key', '=', task().key)
          .execute()
      )
        .map((row) => row.user_id)
        .sort();
    expect(await assignees(two.id)).toEqual([...body.userIds].sort());
    // One entry per permit, naming everyone added.
    const [attacher, owner, attacherManager] = ['Abe Member', 'Oscar Owner', 'Ada Attacher'];
    const assigned = {
      kind: 'TaskAssigned',
      actor_user_id: suite.s.attacherMember,
      summary: `${attacher} and ${owner} were assigned to ${task().name}`,
      before: null,
      after: { userIds: body.userIds },
    };
    for (const permit of [one, two]) expect(await activityOf(suite.t, permit.id)).toEqual([assigned]);
    expect((await bulkEvents('BulkAssignment')).map((e) => e.organization_id).sort()).toEqual(
      [suite.s.ownerOrg, suite.s.attacherOrg].sort(),
    );
    const mine = (await bulkEvents('TaskAssignedToMe')).filter((e) => e.user_id === suite.s.ownerMember);
    expect(mine).toHaveLength(1);
    expect([...(mine[0]!.payload.permitIds as string[])].sort()).toEqual([one.id, two.id].sort());

    const again = dataOf(
      await post(suite.s.attacherMember, 'permits/bulk-assign/difference', body),
    ) as BulkAssignResult;
    expect(again.changedCount).toBe(0);

    const synced = dataOf(
      await post(suite.s.attacherMember, 'permits/bulk-assign/synchronize', {
        ...body,
        userIds: [suite.s.ownerMember],
      }),
    ) as BulkAssignResult;
    expect(synced.permits[0]!.tasks[0]!.removed.map((p) => p.id)).toEqual([suite.s.attacherMember]);
    expect(await assignees(one.id)).toEqual([suite.s.ownerMember]);
    const unassigned = {
      kind: 'TaskUnassigned',
      actor_user_id: suite.s.attacherMember,
      summary: `${attacher} was unassigned from ${task().name}`,
      before: { userIds: [suite.s.attacherMember] },
      after: null,
    };
    expect(await activityOf(suite.t, one.id)).toEqual([assigned, unassigned]);

    // Some added and some removed on a permit: still one entry, naming both.
    dataOf(
      await post(suite.s.attacherMember, 'permits/bulk-assign/synchronize', {
        ...body,
        selection: { permitIds: [one.id] },
        userIds: [suite.s.attacherManager],
      }),
    );
    expect((await activityOf(suite.t, one.id)).at(-1)).toEqual({
      kind: 'TaskAssigned',
      actor_user_id: suite.s.attacherMember,
      summary: `${attacherManager} was assigned to ${task().name}; ${owner} was unassigned from ${task().name}`,
      before: { userIds: [suite.s.ownerMember] },
      after: { userIds: [suite.s.attacherManager] },
    });
  });

  it('refuses the whole assignment (409) when someone cannot see a permit or it is closed', async () => {
    const open = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    const closed = await permitIn(suite.t, suite.s, suite.stage, 'Completed');
    const body = {
      selection: { permitIds: [open.id] },
      taskLibraryEntryId: task().libraryEntryId,
      userIds: [suite.s.otherAttacherMember],
    };
    const preview = dataOf(
      await post(suite.s.ownerManager, 'permits/bulk-assign/info', { ...body, mode: 'Synchronize' }),
    ) as BulkAssignResult;
    expect(preview.problemCount).toBe(1);
    expect(preview.permits[0]!.problem).toContain('cannot see it');
    const refused = await post(suite.s.ownerManager, 'permits/bulk-assign/difference', body);
    expect(refused.statusCode).toBe(409);
    const statusRefused = await post(suite.s.ownerManager, 'permits/bulk-assign/synchronize', {
      ...body,
      selection: { permitIds: [open.id, closed.id] },
      userIds: [suite.s.ownerMember],
    });
    expect(statusRefused.statusCode).toBe(409);
    expect(statusRefused.json().detail).toContain(`${closed.permitNumber} (completed)`);
    expect(await activityOf(suite.t, open.id)).toEqual([]);
    expect((await post(suite.s.otherAttacherMember, 'permits/bulk-assign/difference', body)).statusCode).toBe(
      404,
    );
    const noTask = await post(suite.s.ownerManager, 'permits/bulk-assign/difference', {
      ...body,
      taskLibraryEntryId: 'x',
    });
    expect(noTask.statusCode).toBe(400);
    await suite.t.db
      .insertInto('project_user_permissions')
      .values({
        project_id: suite.stage.projectId,
        organization_id: suite.s.attacherOrg,
        user_id: suite.s.attacherMember,
        permissions: ['ViewPermits'],
      })
      .execute();
    const viewer = await post(suite.s.attacherMember, 'permits/bulk-assign/difference', {
      ...body,
      userIds: [suite.s.attacherManager],
    });
    expect(viewer.statusCode).toBe(403);
    await suite.t.db
      .deleteFrom('project_user_permissions')
      .where('user_id', '=', suite.s.attacherMember)
      .execute();
  });

  it('names only people who see one of the selected permits; anyone else by their place in the request', async () => {
    await rename(suite.s.outsider, 'Secret', 'Outsider');
    await rename(suite.s.otherAttacherMember, 'Hidden', 'Competitor');
    const mine = await permitIn(suite.t, suite.s, suite.stage, 'Active', { done: false });
    const body = {
      selection: { permitIds: [mine.id] },
      taskLibraryEntryId: task().libraryEntryId,
      // Someone of an organization the attacher shares no project with, and someone of another attacher.
      userIds: [suite.s.outsider, suite.s.otherAttacherMember],
      mode: 'Difference',
    };
    const preview = dataOf(
      await post(suite.s.attacherMember, 'permits/bulk-assign/info', body),
    ) as BulkAssignResult;
    // The permit is named beside its problem, which does not name it again.
    expect(preview.permits[0]!.problem).toBe(
      'person 1 of those asked, person 2 of those asked cannot see it',
    );
    const refused = await post(suite.s.attacherMember, 'permits/bulk-assign/difference', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(
      `${mine.permitNumber} (person 1 of those asked, person 2 of those asked cannot see it)`,
    );
    expect(refused.json().detail).not.toMatch(/Secret|Outsider|Hidden|Competitor/);
    // A person who sees another of the selected permits is named.
    const theirs = await permitIn(suite.t, suite.s, suite.stage, 'Active', {
      done: false,
      applicantOrganizationId: suite.s.otherAttacherOrg,
    });
    const owner = dataOf(
      await post(suite.s.ownerManager, 'permits/bulk-assign/info', {
        ...body,
        selection: { permitIds: [mine.id, theirs.id] },
        userIds: [suite.s.otherAttacherMember],
      }),
    ) as BulkAssignResult;
    expect(owner.permits.find((p) => p.permitId === mine.id)!.problem).toBe(
      'Hidden Competitor cannot see it',
    );
  });
});

describe('bulk delete', () => {
  it("deletes all the pole owner's selection with an audit entry each and one BulkDelete per organization", async () => {
    const { mine, theirs } = await bothAttachers('Completed', 'Active');
    const deleted = dataOf(
      await post(suite.s.ownerManager, 'permits/bulk-assign/delete', {
        selection: { permitIds: [mine.id, theirs.id] },
      }),
    );
    expect(deleted.count).toBe(2);
    expect(await permitRow(suite.t, mine.id)).toBeUndefined();
    const audit = await suite.t.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'permit.deleted')
      .where('target_id', 'in', [mine.id, theirs.id])
      .execute();
    expect(audit).toHaveLength(2);
    const heard = new Map(
      (await bulkEvents('BulkDelete')).map((e) => [e.organization_id, e.payload.permitIds]),
    );
    expect(heard.get(suite.s.attacherOrg)).toEqual([mine.id]);
    expect(heard.get(suite.s.otherAttacherOrg)).toEqual([theirs.id]);
  });

  it('lets an applicant delete only untouched applications: one worked on refuses all (409)', async () => {
    const { mine: untouched, theirs } = await bothAttachers('Active', 'Active', { done: false });
    const worked = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const refused = await post(suite.s.attacherMember, 'permits/bulk-assign/delete', {
      selection: { permitIds: [untouched.id, worked.id] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(`${worked.permitNumber} (work has begun)`);
    expect(await permitRow(suite.t, untouched.id)).toBeDefined();
    expect(
      (
        await post(suite.s.attacherMember, 'permits/bulk-assign/delete', {
          selection: { permitIds: [untouched.id, theirs.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      dataOf(
        await post(suite.s.attacherMember, 'permits/bulk-assign/delete', {
          selection: { permitIds: [untouched.id] },
        }),
      ),
    ).toEqual({ count: 1, permitIds: [untouched.id] });
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: '/api/joint-use/permits/bulk-assign/delete',
      payload: { selection: { permitIds: [theirs.id] } },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await post(suite.s.ownerManager, 'permits/bulk-assign/delete', { selection: {} })).statusCode,
    ).toBe(400);
  });
});

describe('every bulk endpoint', () => {
  it("needs a token (401), hides another attacher's permit (404) and caps a selection (400)", async () => {
    const { theirs } = await bothAttachers('Active', 'Active', { done: false });
    const selection = { permitIds: [theirs.id] };
    const task = suite.stage.definition.stages[0]!.tasks[0]!.libraryEntryId;
    const assign = { selection, taskLibraryEntryId: task, userIds: [] };
    const calls: [string, string, object | undefined][] = [
      ['POST', 'permit/restriction', { permitId: theirs.id, reason: 'Dispute' }],
      ['GET', `permit/${theirs.id}/restrictions`, undefined],
      ['DELETE', `permit/${theirs.id}/restriction/${theirs.id}`, undefined],
      ['POST', 'permit/selected-restrictions', { selection }],
      ['POST', 'permit/bulk-action/restrictions', { selection, action: 'Remove' }],
      ['POST', 'permits/bulk-assign/info', { ...assign, mode: 'Difference' }],
      ['POST', 'permits/bulk-assign/difference', assign],
      ['POST', 'permits/bulk-assign/synchronize', assign],
      ['POST', 'permits/bulk-assign/delete', { selection }],
    ];
    for (const [method, url, payload] of calls) {
      const options = { method: method as 'GET' | 'POST' | 'DELETE', url: `/api/joint-use/${url}`, payload };
      expect((await suite.t.app.inject(options)).statusCode, url).toBe(401);
      expect((await suite.t.injectAs(suite.s.attacherMember, options)).statusCode, url).toBe(404);
    }
    expect(await permitRow(suite.t, theirs.id)).toBeDefined();
    const tooMany = Array.from({ length: 10_001 }, () => crypto.randomUUID());
    const capped = await post(suite.s.ownerManager, 'permits/bulk-assign/delete', {
      selection: { permitIds: tooMany },
    });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().errors[0].field).toBe('body.selection.permitIds');
  });
});

describe('the writes of a bulk action', () => {
  /**
   * The statements a call runs, in its transaction or not, leaving out the outbox relay's, which publishes on
   * its own.
   */
  async function statementsOf(call: () => Promise<{ statusCode: number }>) {
    // A transaction's executor is made anew from the database's, sharing the class that runs a statement.
    let runner = Object.getPrototypeOf(suite.t.db.getExecutor());
    while (!Object.hasOwn(runner, 'executeQuery')) runner = Object.getPrototypeOf(runner);
    const spy = vi.spyOn(runner as { executeQuery: (query: { sql: string }) => unknown }, 'executeQuery');
    try {
      const res = await call();
      expect(res.statusCode).toBe(200);
      return spy.mock.calls
        .map(([query]) => query.sql)
        .filter((text) => !/from "events"|update "events"/.test(text)).length;
    } finally {
      spy.mockRestore();
    }
  }

  it('run as many statements for permits of many applicants, each with its events, as for one permit', async () => {
    const task = suite.stage.definition.stages[0]!.tasks[0]!;
    const one = await bothAttachers('Active', 'Active', { done: false });
    const many = [
      ...Object.values(await bothAttachers('Active', 'Active', { done: false })),
      ...Object.values(await bothAttachers('Active', 'Active', { done: false })),
    ];
    const assign = (permitIds: string[], userIds: string[]) => () =>
      post(suite.s.ownerManager, 'permits/bulk-assign/synchronize', {
        selection: { permitIds },
        taskLibraryEntryId: task.libraryEntryId,
        userIds,
      });
    const restrict = (permitIds: string[]) => () =>
      post(suite.s.ownerManager, 'permit/bulk-action/restrictions', {
        selection: { permitIds },
        action: 'Restrict',
        reason: 'Easement dispute',
      });
    const remove = (permitIds: string[]) => () =>
      post(suite.s.ownerManager, 'permits/bulk-assign/delete', { selection: { permitIds } });

    // Two people who each hear their own event, on permits of two applicants: one statement each way.
    const people = [suite.s.ownerMember, suite.s.ownerManager];
    const ids = many.map((p) => p.id);
    expect(await statementsOf(assign(ids, people))).toBe(
      await statementsOf(assign([one.mine.id], people.slice(0, 1))),
    );
    expect(await statementsOf(restrict(ids))).toBe(await statementsOf(restrict([one.mine.id])));
    // The bulk events of each organization, and the audit entry of each deleted permit.
    expect(await statementsOf(remove(ids))).toBe(await statementsOf(remove([one.mine.id, one.theirs.id])));
    expect(
      await suite.t.db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'permit.deleted')
        .where('target_id', 'in', ids)
        .execute(),
    ).toHaveLength(4);
  });
});
