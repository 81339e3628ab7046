import { randomUUID } from 'node:crypto';
import { MAX_BULK_HOLD_PERMITS, type PermitLifecycleState, type PermitStatus } from '@crossarm/shared';
import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildOrg, buildPublishedTemplate } from '../../../test/factories.ts';
import {
  activityOf,
  eventsAbout,
  lifecycleProject,
  lifecycleSuite,
  permitIn,
  permitRow,
} from './lifecycle-test-kit.ts';
import { dataOf, sceneProject } from './test-scene.ts';
import { nextDueAt } from './timer-state.ts';

const suite = lifecycleSuite('HOLD');

const hold = (user: string, payload: object, path = 'on-hold') =>
  suite.t.injectAs(user, { method: 'POST', url: `/api/joint-use/permit/${path}`, payload });

const statusesOf = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await permitRow(suite.t, id))?.status));

const manyIds = (count: number) => Array.from({ length: count }, () => randomUUID());

/** The tracker's filter: the permits of the project coded `code`, narrowed by one more row when given. */
const byCode = (code: string, extra?: { dataId: string; value?: string }) => ({
  filterOptions: {
    condition: 'And',
    groups: [],
    rows: [
      { id: 'code', dataId: 'project.ProjectCode', operator: 'Equals', value: code },
      ...(extra
        ? [{ id: 'extra', operator: 'Equals', value: extra.value ?? 'x', dataId: extra.dataId }]
        : []),
    ],
  },
});

const withStatus = (code: string, status: PermitStatus) =>
  byCode(code, { dataId: 'permit.Status', value: status });

/** The bulk events of the type that list any of the permits, as organization → permits listed. */
async function bulkHeard(type: string, permitIds: string[]) {
  const rows = await suite.t.db
    .selectFrom('events')
    .select(['organization_id', 'payload'])
    .where('type', '=', type)
    .where(sql<boolean>`(payload->'permitIds') ?| ${permitIds}::text[]`)
    .execute();
  return new Map(
    rows.map((row) => [row.organization_id, [...(row.payload.permitIds as string[])].sort()] as const),
  );
}

const clocksOf = (permitId: string) =>
  suite.t.db.selectFrom('permit_timers').selectAll().where('permit_id', '=', permitId).execute();

/** Copies of a permit (same project, applicant, status and clocks), numbered after it. */
async function copies(permitId: string, count: number, from = 1) {
  await sql`
    WITH made AS (
      INSERT INTO permits (project_id, applicant_organization_id, template_id, permit_number, status,
        active_stage_key, created_by)
      SELECT p.project_id, p.applicant_organization_id, p.template_id, p.permit_number || '-' || n, p.status,
        p.active_stage_key, p.created_by
      FROM permits p, generate_series(${from}::int, ${from + count - 1}::int) n
      WHERE p.id = ${permitId}
      RETURNING id, project_id
    )
    INSERT INTO permit_timers (permit_id, project_id, owner_key, owner_kind, stage_key, duration_days, day_kind,
      pauses_on_hold, on_breach, started_at, holds, due_at)
    SELECT made.id, made.project_id, t.owner_key, t.owner_kind, t.stage_key, t.duration_days, t.day_kind,
      t.pauses_on_hold, t.on_breach, t.started_at, t.holds, t.due_at
    FROM made, permit_timers t WHERE t.permit_id = ${permitId}`.execute(suite.t.db);
}

const countOf = async (query: RawBuilder<{ count: string | number }>) =>
  Number((await query.execute(suite.t.db)).rows[0]!.count);

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
    // Many permits: one event per permit to its open pages, and one bulk event per organization.
    const events = (await eventsAbout(suite.t, mine.id)).map((event) => [event.type, event.organization_id]);
    expect(events).toEqual([
      ['PermitAddOnHold', null],
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
    // One permit is no bulk action: each organization hears the permit's own event.
    expect(
      (await eventsAbout(suite.t, mine.id))
        .filter((event) => event.type.endsWith('RemoveOnHold'))
        .map((event) => [event.type, event.organization_id]),
    ).toEqual([
      ['PermitRemoveOnHold', suite.s.ownerOrg],
      ['PermitRemoveOnHold', suite.s.attacherOrg],
    ]);
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
      [{ permitIds: manyIds(MAX_BULK_HOLD_PERMITS + 1), reason: 'Storm' }, 'body.permitIds'],
      [{ reason: 'Storm' }, 'body'],
      [{ permitIds: [active.id], filter: {}, reason: 'Storm' }, 'body'],
      [{ filter: { filterOptions: { rows: 'x' } }, reason: 'Storm' }, 'body.filter.filterOptions.rows'],
      [
        { filter: byCode('HOLD', { dataId: 'nope' }), reason: 'Storm' },
        'body.filter.filterOptions.rows.1.dataId',
      ],
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

describe('putting permits on hold and taking them off by filter, set-wise', () => {
  it('holds exactly the visible permits the filter matches, and releases them the same way', async () => {
    const project = await lifecycleProject(suite.t, suite.s, 'HOLDF');
    const mine = [
      await permitIn(suite.t, suite.s, project, 'Active'),
      await permitIn(suite.t, suite.s, project, 'Active'),
    ];
    const theirs = await permitIn(suite.t, suite.s, project, 'Active', {
      applicantOrganizationId: suite.s.otherAttacherOrg,
    });
    const completed = await permitIn(suite.t, suite.s, project, 'Completed');
    const elsewhere = await permitIn(suite.t, suite.s, suite.stage, 'Active');
    const matched = [...mine.map((permit) => permit.id), theirs.id].sort();
    const before = new Date();

    const held = dataOf(
      await hold(suite.s.ownerManager, { filter: withStatus('HOLDF', 'Active'), reason: 'Pole replacement' }),
    ) as PermitLifecycleState[];
    expect(held.map((permit) => permit.id)).toEqual(matched);
    for (const permit of held) {
      expect(permit).toMatchObject({ status: 'OnHold', onHoldReason: 'Pole replacement' });
    }
    expect(await statusesOf([...matched, completed.id, elsewhere.id])).toEqual([
      'OnHold',
      'OnHold',
      'OnHold',
      'Completed',
      'Active',
    ]);
    for (const permit of [...mine, theirs]) {
      expect(await activityOf(suite.t, permit.id)).toEqual([
        {
          kind: 'PermitAddOnHold',
          actor_user_id: suite.s.ownerManager,
          summary: `Permit ${permit.permitNumber} was put on hold: Pole replacement`,
          before: { status: 'Active', restricted: false, restrictedReason: null, onHoldReason: null },
          after: {
            status: 'OnHold',
            restricted: false,
            restrictedReason: null,
            onHoldReason: 'Pole replacement',
          },
        },
      ]);
      const row = await permitRow(suite.t, permit.id);
      expect(row!.last_activity_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
      // One event to the permit's open pages; the organizations hear the bulk event.
      expect(
        (await eventsAbout(suite.t, permit.id)).map((event) => [event.type, event.organization_id]),
      ).toEqual(
        expect.arrayContaining([
          ['PermitAddOnHold', null],
          ['BulkPermitAddOnHold', suite.s.ownerOrg],
        ]),
      );
    }
    const heard = await bulkHeard('BulkPermitAddOnHold', matched);
    expect(heard).toEqual(
      new Map([
        [suite.s.ownerOrg, matched],
        [suite.s.attacherOrg, mine.map((permit) => permit.id).sort()],
        [suite.s.otherAttacherOrg, [theirs.id]],
      ]),
    );
    expect((await activityOf(suite.t, elsewhere.id)).map((entry) => entry.kind)).toEqual([]);

    const released = dataOf(
      await hold(
        suite.s.ownerManager,
        { filter: withStatus('HOLDF', 'OnHold'), reason: 'Crews back' },
        'on-hold-remove',
      ),
    ) as PermitLifecycleState[];
    expect(released.map((permit) => [permit.id, permit.status, permit.onHoldReason])).toEqual(
      matched.map((id) => [id, 'Active', null]),
    );
    for (const id of matched) {
      expect((await activityOf(suite.t, id)).map((entry) => entry.kind)).toEqual([
        'PermitAddOnHold',
        'PermitRemoveOnHold',
      ]);
    }
    expect((await bulkHeard('BulkPermitRemoveOnHold', matched)).get(suite.s.otherAttacherOrg)).toEqual([
      theirs.id,
    ]);
  });

  it('records a filter that matches one permit as the bulk action it is, with its bulk events', async () => {
    const project = await lifecycleProject(suite.t, suite.s, 'HOLDO');
    const alone = await permitIn(suite.t, suite.s, project, 'Active');
    const typesHeard = async (suffix: string) =>
      (await eventsAbout(suite.t, alone.id))
        .filter((event) => event.type.endsWith(suffix))
        .map((event) => [event.type, event.organization_id]);

    dataOf(await hold(suite.s.ownerManager, { filter: withStatus('HOLDO', 'Active'), reason: 'Storm' }));
    expect(await typesHeard('AddOnHold')).toEqual([
      ['PermitAddOnHold', null],
      ['BulkPermitAddOnHold', suite.s.ownerOrg],
      ['BulkPermitAddOnHold', suite.s.attacherOrg],
    ]);
    expect((await bulkHeard('BulkPermitAddOnHold', [alone.id])).get(suite.s.ownerOrg)).toEqual([alone.id]);

    dataOf(
      await hold(
        suite.s.ownerManager,
        { filter: withStatus('HOLDO', 'OnHold'), reason: 'Clear' },
        'on-hold-remove',
      ),
    );
    expect(await typesHeard('RemoveOnHold')).toEqual([
      ['PermitRemoveOnHold', null],
      ['BulkPermitRemoveOnHold', suite.s.ownerOrg],
      ['BulkPermitRemoveOnHold', suite.s.attacherOrg],
    ]);
    expect((await activityOf(suite.t, alone.id)).map((entry) => entry.kind)).toEqual([
      'PermitAddOnHold',
      'PermitRemoveOnHold',
    ]);
  });

  it("reaches only permits the caller sees: an attacher's filter never takes another attacher's", async () => {
    const project = await lifecycleProject(suite.t, suite.s, 'HOLDA');
    const theirs = await permitIn(suite.t, suite.s, project, 'Active', {
      applicantOrganizationId: suite.s.otherAttacherOrg,
    });
    // The attacher sees none of the project's permits, so its filter takes none: nothing to hold.
    expect(dataOf(await hold(suite.s.attacherManager, { filter: byCode('HOLDA'), reason: 'Storm' }))).toEqual(
      [],
    );
    expect(dataOf(await hold(suite.s.outsider, { filter: byCode('HOLDA'), reason: 'Storm' }))).toEqual([]);
    // With its own permit among them, the attacher is refused: holding is the pole owner's call.
    const mine = await permitIn(suite.t, suite.s, project, 'Active');
    const refused = await hold(suite.s.attacherManager, { filter: byCode('HOLDA'), reason: 'Storm' });
    expect(refused.statusCode).toBe(403);
    expect(await statusesOf([theirs.id, mine.id])).toEqual(['Active', 'Active']);
    expect(await activityOf(suite.t, theirs.id)).toEqual([]);
    expect(await eventsAbout(suite.t, theirs.id)).toEqual([]);
    // An attacher naming another attacher's permit by id hears 404, as for a permit that does not exist.
    const named = await hold(suite.s.attacherManager, { permitIds: [mine.id, theirs.id], reason: 'Storm' });
    expect(named.statusCode).toBe(404);
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: '/api/joint-use/permit/on-hold-remove',
      payload: { filter: byCode('HOLDA'), reason: 'Storm' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes nothing when the filter takes a permit whose status refuses it (409 naming it)', async () => {
    const project = await lifecycleProject(suite.t, suite.s, 'HOLDM');
    const actives = [
      await permitIn(suite.t, suite.s, project, 'Active', { done: false }),
      await permitIn(suite.t, suite.s, project, 'Active', { done: false }),
    ];
    const onHold = await permitIn(suite.t, suite.s, project, 'OnHold');
    const waiting = await permitIn(suite.t, suite.s, project, 'CancelRequested');
    const clocksBefore = await clocksOf(actives[0]!.id);
    const res = await hold(suite.s.ownerManager, { filter: byCode('HOLDM'), reason: 'Storm' });
    expect(res.statusCode).toBe(409);
    const detail: string = res.json().detail;
    expect(detail).toContain('Only active permits can be put on hold; nothing was changed.');
    expect(detail).toContain(`${onHold.permitNumber} (on hold)`);
    expect(detail).toContain(`${waiting.permitNumber} (waiting for a cancellation decision)`);
    for (const active of actives) expect(detail).not.toContain(`${active.permitNumber} (`);
    expect(await statusesOf([...actives.map((p) => p.id), onHold.id, waiting.id])).toEqual([
      'Active',
      'Active',
      'OnHold',
      'CancelRequested',
    ]);
    for (const active of actives) {
      expect(await activityOf(suite.t, active.id)).toEqual([]);
      expect(await eventsAbout(suite.t, active.id)).toEqual([]);
    }
    expect(await clocksOf(actives[0]!.id)).toEqual(clocksBefore);

    const release = await hold(
      suite.s.ownerManager,
      { permitIds: [onHold.id, actives[0]!.id], reason: 'Back' },
      'on-hold-remove',
    );
    expect(release.statusCode).toBe(409);
    expect(release.json().detail).toContain(`${actives[0]!.permitNumber} (active)`);
    expect(await statusesOf([onHold.id])).toEqual(['OnHold']);
  });

  it('pauses and resumes the clocks of many permits as it does those of one', async () => {
    const project = await lifecycleProject(suite.t, suite.s, 'HOLDT');
    const alone = await permitIn(suite.t, suite.s, project, 'Active', { done: false });
    const many = [
      await permitIn(suite.t, suite.s, project, 'Active', { done: false }),
      await permitIn(suite.t, suite.s, project, 'Active', { done: false }),
      await permitIn(suite.t, suite.s, project, 'Active', { done: false }),
    ];
    // A clock that already stopped is left as it is, on one permit as on many.
    const stopped = many[2]!.id;
    await suite.t.db
      .updateTable('permit_timers')
      .set({ stopped_at: new Date(), due_at: null })
      .where('permit_id', '=', stopped)
      .execute();
    const [stoppedBefore] = await clocksOf(stopped);
    const running = [alone.id, many[0]!.id, many[1]!.id];
    const dueBefore = new Map<string, number>();
    for (const id of running) {
      const clocks = await clocksOf(id);
      expect(clocks).toHaveLength(1);
      expect(clocks[0]!).toMatchObject({ stopped_at: null, holds: [], pauses_on_hold: true });
      dueBefore.set(id, clocks[0]!.due_at!.getTime());
    }

    dataOf(await hold(suite.s.ownerManager, { permitIds: [alone.id], reason: 'Storm' }));
    dataOf(await hold(suite.s.ownerManager, { filter: withStatus('HOLDT', 'Active'), reason: 'Storm' }));
    for (const id of running) {
      const [clock] = await clocksOf(id);
      // Paused: an open hold, and no time it runs out while it lasts.
      expect(clock!.holds, id).toEqual([{ from: expect.any(String), to: null }]);
      expect(clock!.due_at, id).toBeNull();
    }
    expect((await clocksOf(stopped))[0]).toEqual(stoppedBefore);

    dataOf(await hold(suite.s.ownerManager, { permitIds: [alone.id], reason: 'Clear' }, 'on-hold-remove'));
    dataOf(
      await hold(
        suite.s.ownerManager,
        { filter: withStatus('HOLDT', 'OnHold'), reason: 'Clear' },
        'on-hold-remove',
      ),
    );
    for (const id of running) {
      const [clock] = await clocksOf(id);
      expect(clock!.holds, id).toEqual([{ from: expect.any(String), to: expect.any(String) }]);
      expect(clock!.stopped_at).toBeNull();
      // Running again, due later by the time it was paused, as the clock reads it when the hold ended.
      const endedAt = new Date(clock!.holds[0]!.to!);
      expect(clock!.due_at!.getTime(), id).toBe(nextDueAt(clock!, endedAt)!.getTime());
      expect(clock!.due_at!.getTime(), id).toBeGreaterThanOrEqual(dueBefore.get(id)!);
    }
    expect((await clocksOf(stopped))[0]).toEqual(stoppedBefore);
  });

  it(`holds ${MAX_BULK_HOLD_PERMITS} permits matched by a filter in one call and refuses more (400)`, {
    timeout: 600_000,
  }, async () => {
    const project = await lifecycleProject(suite.t, suite.s, 'HOLDC');
    const first = await permitIn(suite.t, suite.s, project, 'Active', { done: false });
    await copies(first.id, MAX_BULK_HOLD_PERMITS - 1);
    const inProject = (what: string) => sql<{ count: string }>`
      SELECT count(*) AS count FROM permits p JOIN projects pr ON pr.id = p.project_id
      WHERE pr.project_code = 'HOLDC' AND ${sql.raw(what)}`;
    const held = dataOf(
      await hold(suite.s.ownerManager, { filter: withStatus('HOLDC', 'Active'), reason: 'Storm' }),
    ) as PermitLifecycleState[];
    expect(held).toHaveLength(MAX_BULK_HOLD_PERMITS);
    expect(await countOf(inProject(`p.status = 'OnHold'`))).toBe(MAX_BULK_HOLD_PERMITS);
    const entries = (kind: string) => sql<{ count: string }>`
      SELECT count(*) AS count FROM permit_activity a JOIN projects pr ON pr.id = a.project_id
      WHERE pr.project_code = 'HOLDC' AND a.kind = ${kind}`;
    expect(await countOf(entries('PermitAddOnHold'))).toBe(MAX_BULK_HOLD_PERMITS);
    expect(
      await countOf(
        inProject(`EXISTS (SELECT 1 FROM permit_timers t WHERE t.permit_id = p.id AND t.due_at IS NULL
          AND t.holds @> '[{"to": null}]')`),
      ),
    ).toBe(MAX_BULK_HOLD_PERMITS);
    expect((await bulkHeard('BulkPermitAddOnHold', [first.id])).get(suite.s.ownerOrg)).toHaveLength(
      MAX_BULK_HOLD_PERMITS,
    );
    // One more permit in the project: the filter now matches more than a call takes, and nothing moves.
    await copies(first.id, 1, MAX_BULK_HOLD_PERMITS);
    const over = await hold(
      suite.s.ownerManager,
      { filter: byCode('HOLDC'), reason: 'Clear' },
      'on-hold-remove',
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.map((error: { field: string }) => error.field)).toEqual(['body.filter']);
    expect(await countOf(inProject(`p.status = 'OnHold'`))).toBe(MAX_BULK_HOLD_PERMITS + 1);
    expect(await countOf(entries('PermitRemoveOnHold'))).toBe(0);
  });
});
