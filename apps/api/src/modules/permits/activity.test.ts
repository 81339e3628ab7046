import { wallClockText } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { withProjectPermissions } from './header-test-support.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let permitId: string;

const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'ACT')).id;
  const { templateId } = await buildPublishedTemplate(t.db, projectId);
  permitId = (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
  // Only the entries the tests write: the creation entry has today's time, which the tests do not need.
  await t.db.deleteFrom('permit_activity').where('permit_id', '=', permitId).execute();
  const entry = (
    day: number,
    kind: 'CommentAdded' | 'TaskCompleted' | 'FileUploaded',
    actor: string | null,
  ) => ({
    permit_id: permitId,
    project_id: projectId,
    kind,
    actor_user_id: actor,
    summary: `${kind} on day ${day}`,
    created_at: at(day),
  });
  await t.db
    .insertInto('permit_activity')
    .values([
      entry(1, 'CommentAdded', s.attacherMember),
      entry(2, 'TaskCompleted', s.ownerMember),
      entry(3, 'CommentAdded', s.ownerMember),
      entry(4, 'FileUploaded', null),
    ])
    .execute();
});
afterAll(() => t.close());

const ownerManagerOn = () => ({ projectId, organizationId: s.ownerOrg, userId: s.ownerManager });

const base = () => `/api/joint-use/permit/${permitId}`;
const page = (userId: string, payload: Record<string, unknown> = {}, query = '') =>
  t.injectAs(userId, { method: 'POST', url: `${base()}/activity${query}`, payload });
const summaries = (data: { items: { summary: string }[] }) => data.items.map((item) => item.summary);

describe('the activity filters', () => {
  it('offers the kinds and people present and the time span', async () => {
    const filters = dataOf(
      await t.injectAs(s.attacherMember, { method: 'GET', url: `${base()}/activity-filters` }),
    );
    expect(filters.kinds).toEqual(['CommentAdded', 'FileUploaded', 'TaskCompleted']);
    expect(filters.users.map((user: { id: string }) => user.id).sort()).toEqual(
      [s.attacherMember, s.ownerMember].sort(),
    );
    expect(filters.from).toBe(at(1).toISOString());
    expect(filters.to).toBe(at(4).toISOString());
  });
});

describe('the activity log', () => {
  it('pages the entries newest first', async () => {
    const first = dataOf(await page(s.attacherMember, {}, '?page=1&page_size=3'));
    expect(first.total).toBe(4);
    expect(first.pageSize).toBe(3);
    expect(summaries(first)).toEqual([
      'FileUploaded on day 4',
      'CommentAdded on day 3',
      'TaskCompleted on day 2',
    ]);
    expect(first.items[0].actor).toBeNull();
    expect(first.items[1].actor.id).toBe(s.ownerMember);
    const second = dataOf(await page(s.attacherMember, {}, '?page=2&page_size=3'));
    expect(summaries(second)).toEqual(['CommentAdded on day 1']);
  });

  it('narrows by kind, person and time', async () => {
    expect(summaries(dataOf(await page(s.ownerMember, { kinds: ['CommentAdded'] })))).toEqual([
      'CommentAdded on day 3',
      'CommentAdded on day 1',
    ]);
    expect(summaries(dataOf(await page(s.ownerMember, { userIds: [s.ownerMember] })))).toEqual([
      'CommentAdded on day 3',
      'TaskCompleted on day 2',
    ]);
    const span = { from: at(2).toISOString(), to: at(3).toISOString() };
    expect(summaries(dataOf(await page(s.ownerMember, span)))).toEqual([
      'CommentAdded on day 3',
      'TaskCompleted on day 2',
    ]);
  });

  it('names the field of a bad filter or page', async () => {
    const kind = await page(s.ownerMember, { kinds: ['Nonsense'] });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors[0].field).toMatch(/^body\.kinds/);
    const order = await page(s.ownerMember, { from: at(3).toISOString(), to: at(2).toISOString() });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0].field).toBe('body.from');
    const size = await page(s.ownerMember, {}, '?page_size=0');
    expect(size.statusCode).toBe(400);
    expect(size.json().errors[0].field).toBe('querystring.page_size');
  });

  it("is 401 without a token, 404 outside the permit's audience, 403 without ViewPermits", async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: `${base()}/activity`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await page(s.otherAttacherMember)).statusCode).toBe(404);
    expect((await page(s.outsider)).statusCode).toBe(404);
    const filters = await t.injectAs(s.otherAttacherMember, {
      method: 'GET',
      url: `${base()}/activity-filters`,
    });
    expect(filters.statusCode).toBe(404);
    await withProjectPermissions(t, ownerManagerOn(), [], async () => {
      expect((await page(s.ownerManager)).statusCode).toBe(403);
    });
  });
});

describe('exporting the activity log', () => {
  const exportAs = (userId: string, format: 'csv' | 'xlsx', payload: Record<string, unknown> = {}) =>
    t.injectAs(userId, { method: 'POST', url: `${base()}/activity/export/${format}`, payload });

  it('writes the filtered entries newest first as CSV, and as a workbook', async () => {
    const csv = await exportAs(s.attacherMember, 'csv', { kinds: ['CommentAdded'] });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('ACT-000001-activity-');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Activity,User,Summary');
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual([
      'CommentAdded on day 3',
      'CommentAdded on day 1',
    ]);
    const xlsx = await exportAs(s.ownerMember, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("writes each entry's moment as the caller's time zone (X-Timezone) reads it", async () => {
    const datesOf = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')[0]!);
    const inUtc = datesOf((await exportAs(s.attacherMember, 'csv', { kinds: ['CommentAdded'] })).body);
    const zone = 'Asia/Kolkata';
    const local = await t.injectAs(s.attacherMember, {
      method: 'POST',
      url: `${base()}/activity/export/csv`,
      payload: { kinds: ['CommentAdded'] },
      headers: { 'x-timezone': zone },
    });
    expect(local.statusCode).toBe(200);
    expect(inUtc[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(datesOf(local.body)).toEqual(
      inUtc.map((at) => wallClockText(new Date(`${at.replace(' ', 'T')}Z`), zone)),
    );
    expect(datesOf(local.body)).not.toEqual(inUtc);
  });

  it('needs ExportPermits and valid filters', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: `${base()}/activity/export/csv`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await exportAs(s.otherAttacherMember, 'csv')).statusCode).toBe(404);
    await withProjectPermissions(t, ownerManagerOn(), ['ViewPermits'], async () => {
      const refused = await exportAs(s.ownerManager, 'csv');
      expect(refused.statusCode).toBe(403);
    });
    const bad = await exportAs(s.ownerMember, 'xlsx', { userIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.userIds.0');
  });
});
