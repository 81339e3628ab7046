import type { MyMentionsPage, MyMentionsRequest, MyTasksPage, MyTasksRequest } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate, buildUser } from '../../../test/factories.ts';
import {
  buildPermitScene,
  dataOf,
  grantOnly,
  KEY,
  type PermitScene,
  sceneProject,
} from '../permits/test-scene.ts';

let t: TestApp;
let s: PermitScene;
let author: string;
const projects = { one: '', two: '' };
const permits: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5', { id: string; permitNumber: string }> = {} as never;
const comments: Record<string, string> = {};

const tasksAs = (userId: string, body: MyTasksRequest = {}, query = '') =>
  t.injectAs(userId, { method: 'POST', url: `/api/joint-use/my-work/tasks${query}`, payload: body });
const tasksOf = async (userId: string, body: MyTasksRequest = {}, query = '') =>
  dataOf(await tasksAs(userId, body, query)) as MyTasksPage;
const mentionsAs = (userId: string, body: MyMentionsRequest = {}, query = '') =>
  t.injectAs(userId, { method: 'POST', url: `/api/joint-use/my-work/mentions${query}`, payload: body });
const mentionsOf = async (userId: string, body: MyMentionsRequest = {}, query = '') =>
  dataOf(await mentionsAs(userId, body, query)) as MyMentionsPage;

async function assign(permitId: string, taskKey: string, userId: string, at: string) {
  await t.db
    .insertInto('permit_task_assignments')
    .values({ permit_id: permitId, task_key: taskKey, user_id: userId, assigned_at: new Date(at) })
    .execute();
}

async function comment(
  name: string,
  permit: { id: string },
  projectId: string,
  html: string,
  mentioned: string[],
  at: string,
) {
  const row = await t.db
    .insertInto('permit_comments')
    .values({
      permit_id: permit.id,
      project_id: projectId,
      author_user_id: author,
      author_organization_id: s.ownerOrg,
      html,
      created_at: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  comments[name] = row.id;
  if (mentioned.length > 0) {
    await t.db
      .insertInto('permit_comment_mentions')
      .values(mentioned.map((userId) => ({ comment_id: row.id, user_id: userId, permit_id: permit.id })))
      .execute();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  author = (await buildUser(t.db, { organizationId: s.ownerOrg, firstName: 'Cal', lastName: 'Writer' })).id;
  const one = await sceneProject(t, s, 'MWA');
  const two = await sceneProject(t, s, 'MWB');
  projects.one = one.id;
  projects.two = two.id;
  const templateOne = (await buildPublishedTemplate(t.db, one.id)).templateId;
  const templateTwo = (await buildPublishedTemplate(t.db, two.id)).templateId;
  const make = (projectId: string, templateId: string, applicantOrganizationId: string) =>
    buildPermit(t.db, { projectId, templateId, applicantOrganizationId, location: 'Elm Street' });
  permits.p1 = await make(one.id, templateOne, s.attacherOrg);
  permits.p2 = await make(one.id, templateOne, s.attacherOrg);
  permits.p3 = await make(two.id, templateTwo, s.otherAttacherOrg);
  permits.p4 = await make(one.id, templateOne, s.attacherOrg);
  permits.p5 = await make(two.id, templateTwo, s.attacherOrg);

  await assign(permits.p1.id, KEY.review, s.attacherMember, '2026-05-01T10:00:00Z');
  await assign(permits.p1.id, KEY.walk, s.attacherMember, '2026-05-02T10:00:00Z');
  await assign(permits.p5.id, KEY.review, s.attacherMember, '2026-05-03T10:00:00Z');
  // A completed task and a cancelled permit's task are no longer work.
  await assign(permits.p2.id, KEY.review, s.attacherMember, '2026-05-04T10:00:00Z');
  await t.db
    .updateTable('permit_tasks')
    .set({ status: 'Completed', completed_at: new Date() })
    .where('permit_id', '=', permits.p2.id)
    .where('task_key', '=', KEY.review)
    .execute();
  await assign(permits.p4.id, KEY.review, s.attacherMember, '2026-05-05T10:00:00Z');
  await t.db.updateTable('permits').set({ status: 'Cancelled' }).where('id', '=', permits.p4.id).execute();
  // Someone else's task.
  await assign(permits.p3.id, KEY.review, s.ownerMember, '2026-05-06T10:00:00Z');

  await comment(
    'first',
    permits.p1,
    projects.one,
    '<p>Hi <span data-mention="x">@Attacher</span>, poles &amp; spans?</p>',
    [s.attacherMember],
    '2026-05-10T09:00:00Z',
  );
  await comment(
    'second',
    permits.p1,
    projects.one,
    '<p>Second note</p>',
    [s.attacherMember, s.ownerMember],
    '2026-05-11T09:00:00Z',
  );
  await comment(
    'third',
    permits.p5,
    projects.two,
    '<p>On the other project</p>',
    [s.attacherMember],
    '2026-05-12T09:00:00Z',
  );
  await comment('unmentioned', permits.p1, projects.one, '<p>Nobody</p>', [], '2026-05-13T09:00:00Z');
  await t.db
    .insertInto('permit_comment_reads')
    .values({ user_id: s.attacherMember, comment_id: comments.first!, permit_id: permits.p1.id })
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('my tasks', () => {
  it('lists the open tasks assigned to the caller, with permit, stage, status and clock', async () => {
    const page = await tasksOf(s.attacherMember, { sort: { column: 'AssignedAt', direction: 'Ascending' } });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.permitNumber, item.taskName])).toEqual([
      [permits.p1.permitNumber, 'Completeness Review'],
      [permits.p1.permitNumber, 'Field Walk'],
      [permits.p5.permitNumber, 'Completeness Review'],
    ]);
    const [review, walk] = page.items;
    expect(review).toMatchObject({
      permitId: permits.p1.id,
      projectId: projects.one,
      projectCode: 'MWA',
      stageKey: KEY.intake,
      stageName: 'Intake',
      taskKey: KEY.review,
      status: 'ReadyToBegin',
      assignedAt: '2026-05-01T10:00:00.000Z',
    });
    expect(review!.timer).not.toBeNull();
    expect(review!.timer!.dueAt).not.toBeNull();
    expect(review!.timer!.breached).toBe(false);
    expect(review!.timer!.remainingDays).toBeGreaterThan(0);
    expect(walk).toMatchObject({ stageName: 'Survey', status: 'NotStarted', timer: null });

    const owner = await tasksOf(s.ownerMember);
    expect(owner.items.map((item) => item.permitId)).toEqual([permits.p3.id]);
  });

  it('filters by project, status and text', async () => {
    const ids = async (filter: MyTasksRequest['filter']) =>
      (await tasksOf(s.attacherMember, { filter })).items.map(
        (item) => `${item.permitNumber}/${item.taskName}`,
      );
    expect(await ids({ projectIds: [projects.two] })).toEqual([
      `${permits.p5.permitNumber}/Completeness Review`,
    ]);
    expect(await ids({ statuses: ['NotStarted'] })).toEqual([`${permits.p1.permitNumber}/Field Walk`]);
    expect(await ids({ text: 'field' })).toEqual([`${permits.p1.permitNumber}/Field Walk`]);
    expect((await ids({ text: permits.p5.permitNumber.toLowerCase() })).length).toBe(1);
    expect(await ids({ text: 'MWB' })).toEqual([`${permits.p5.permitNumber}/Completeness Review`]);
    expect(await ids({ text: 'no such thing' })).toEqual([]);
  });

  it('sorts by task name, permit number, project and due date', async () => {
    const order = async (sort: MyTasksRequest['sort']) =>
      (await tasksOf(s.attacherMember, { sort })).items.map((item) => `${item.permitNumber}/${item.taskKey}`);
    const p1Review = `${permits.p1.permitNumber}/${KEY.review}`;
    const p1Walk = `${permits.p1.permitNumber}/${KEY.walk}`;
    const p5Review = `${permits.p5.permitNumber}/${KEY.review}`;
    expect(await order({ column: 'TaskName', direction: 'Descending' })).toEqual([
      p1Walk,
      p1Review,
      p5Review,
    ]);
    expect(await order({ column: 'PermitNumber', direction: 'Descending' })).toEqual([
      p5Review,
      p1Review,
      p1Walk,
    ]);
    expect(await order({ column: 'Project', direction: 'Descending' })).toEqual([p5Review, p1Review, p1Walk]);
    // Tasks without a running clock come last either way.
    expect((await order({ column: 'DueDate', direction: 'Ascending' })).at(-1)).toBe(p1Walk);
    expect((await order({ column: 'DueDate', direction: 'Descending' })).at(-1)).toBe(p1Walk);
  });

  it('sorts by the due date it shows: a paused clock by when it would run out were it to resume now', async () => {
    const clock = (permitId: string) =>
      t.db
        .selectFrom('permit_timers')
        .selectAll()
        .where('permit_id', '=', permitId)
        .where('owner_key', '=', KEY.review)
        .where('stopped_at', 'is', null);
    const saved = [
      await clock(permits.p1.id).executeTakeFirstOrThrow(),
      await clock(permits.p5.id).executeTakeFirstOrThrow(),
    ];
    const set = (permitId: string, values: Record<string, unknown>) =>
      t.db
        .updateTable('permit_timers')
        .set(values)
        .where('permit_id', '=', permitId)
        .where('owner_key', '=', KEY.review)
        .execute();
    const DAY = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    // p1's clock ran for 7 days (5 business days), then a hold paused it two days ago, and it has no moment
    // kept; p5's runs out in 11 days.
    const paused = (dayKind: 'Calendar' | 'Business', durationDays: number) =>
      set(permits.p1.id, {
        day_kind: dayKind,
        duration_days: durationDays,
        started_at: ago(9),
        pauses_on_hold: true,
        holds: JSON.stringify([{ from: ago(2).toISOString(), to: null }]),
        due_at: null,
        breached_at: null,
      });
    await set(permits.p5.id, { due_at: new Date(Date.now() + 11 * DAY), breached_at: null });
    const p1Review = `${permits.p1.permitNumber}/${KEY.review}`;
    const p5Review = `${permits.p5.permitNumber}/${KEY.review}`;
    const listed = async () => {
      const items = (await tasksOf(s.attacherMember, { sort: { column: 'DueDate', direction: 'Ascending' } }))
        .items;
      const shown = items.flatMap((item) => (item.timer?.dueAt ? [Date.parse(item.timer.dueAt)] : []));
      // In the order of the due dates it shows, the tasks without one last.
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
      expect(items.at(-1)?.timer).toBeNull();
      return items
        .map((item) => `${item.permitNumber}/${item.taskKey}`)
        .filter((key) => key !== `${permits.p1.permitNumber}/${KEY.walk}`);
    };
    try {
      // 7 calendar days counted of 9: due in 2 days when it resumes, before p5.
      await paused('Calendar', 9);
      expect(await listed()).toEqual([p1Review, p5Review]);
      // 5 business days counted of 15: 10 left are at least 11.5 calendar days from any moment, after p5
      // (counted as calendar days, they would come first).
      await paused('Business', 15);
      expect(await listed()).toEqual([p5Review, p1Review]);
    } finally {
      for (const row of saved) {
        await t.db
          .updateTable('permit_timers')
          .set({ ...row, holds: JSON.stringify(row.holds), on_breach: JSON.stringify(row.on_breach) })
          .where('permit_id', '=', row.permit_id)
          .where('owner_key', '=', row.owner_key)
          .execute();
      }
    }
  });

  it("says each task's permit status: a permit on hold is listed as such", async () => {
    await t.db.updateTable('permits').set({ status: 'OnHold' }).where('id', '=', permits.p5.id).execute();
    try {
      const items = (await tasksOf(s.attacherMember, {})).items;
      expect(items.length).toBeGreaterThan(1);
      for (const item of items) {
        expect(item.permitStatus, item.permitNumber).toBe(
          item.permitId === permits.p5.id ? 'OnHold' : 'Active',
        );
      }
    } finally {
      await t.db.updateTable('permits').set({ status: 'Active' }).where('id', '=', permits.p5.id).execute();
    }
  });

  it('pages', async () => {
    const first = await tasksOf(s.attacherMember, { sort: { column: 'AssignedAt' } }, '?page=1&pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    const second = await tasksOf(s.attacherMember, { sort: { column: 'AssignedAt' } }, '?page=2&pageSize=2');
    expect(second.items.map((item) => item.permitId)).toEqual([permits.p5.id]);
    const past = await tasksOf(s.attacherMember, {}, '?page=9&pageSize=2');
    expect(past).toMatchObject({ items: [], total: 3 });
  });

  it('needs a signed-in caller and well-formed input', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/joint-use/my-work/tasks',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const badProject = await tasksAs(s.attacherMember, { filter: { projectIds: ['nope'] } });
    expect(badProject.statusCode).toBe(400);
    expect(badProject.json().errors[0].field).toBe('body.filter.projectIds.0');
    const badStatus = await tasksAs(s.attacherMember, { filter: { statuses: ['Completed' as never] } });
    expect(badStatus.statusCode).toBe(400);
    const badSort = await tasksAs(s.attacherMember, { sort: { column: 'Nope' as never } });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].field).toBe('body.sort.column');
    const badPage = await tasksAs(s.attacherMember, {}, '?pageSize=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errors[0].field).toContain('pageSize');
  });
});

describe('my mentions', () => {
  it('lists the comments that mention the caller, newest first, with excerpt, author and read mark', async () => {
    const page = await mentionsOf(s.attacherMember);
    expect(page).toMatchObject({ total: 3, unread: 2, page: 1 });
    expect(page.items.map((item) => item.commentId)).toEqual([
      comments.third,
      comments.second,
      comments.first,
    ]);
    expect(page.items[2]).toEqual({
      commentId: comments.first,
      permitId: permits.p1.id,
      permitNumber: permits.p1.permitNumber,
      projectId: projects.one,
      projectName: expect.any(String),
      author: { id: author, name: 'Cal Writer' },
      excerpt: 'Hi @Attacher, poles & spans?',
      createdAt: '2026-05-10T09:00:00.000Z',
      read: true,
    });
    expect(page.items[0]!.read).toBe(false);

    const unread = await mentionsOf(s.attacherMember, { show: 'Unread' });
    expect(unread).toMatchObject({ total: 2, unread: 2 });
    expect(unread.items.map((item) => item.commentId)).toEqual([comments.third, comments.second]);

    const owner = await mentionsOf(s.ownerMember);
    expect(owner.items.map((item) => item.commentId)).toEqual([comments.second]);
  });

  it('pages', async () => {
    const second = await mentionsOf(s.attacherMember, {}, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.commentId)).toEqual([comments.first]);
  });

  it('needs a signed-in caller and well-formed input', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/joint-use/my-work/mentions',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await mentionsAs(s.attacherMember, { show: 'Some' as never });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.show');
    const badPage = await mentionsAs(s.attacherMember, {}, '?page=0');
    expect(badPage.statusCode).toBe(400);
  });

  it('answers a bare POST (no body) with every mention, and likewise every open task', async () => {
    for (const list of ['mentions', 'tasks']) {
      const bare = await t.injectAs(s.attacherMember, {
        method: 'POST',
        url: `/api/joint-use/my-work/${list}?pageSize=10`,
      });
      expect(bare.statusCode, list).toBe(200);
      const withBody = await t.injectAs(s.attacherMember, {
        method: 'POST',
        url: `/api/joint-use/my-work/${list}?pageSize=10`,
        payload: {},
      });
      // Compared without the clocks, which are read at the moment of each answer.
      const shape = (data: { total: number; items: { permitId: string; timer?: unknown }[] }) => ({
        total: data.total,
        items: data.items.map(({ timer: _timer, ...item }) => item),
      });
      expect(shape(bare.json().data), list).toEqual(shape(withBody.json().data));
      expect(bare.json().data.total, list).toBeGreaterThan(0);
    }
  });
});

describe('visibility', () => {
  it('leaves out the tasks and mentions of permits the caller can no longer see', async () => {
    await grantOnly(t, { projectId: projects.two, organizationId: s.attacherOrg, userId: s.attacherMember }, [
      'CreatePermits',
    ]);
    const tasks = await tasksOf(s.attacherMember);
    expect(tasks.total).toBe(2);
    expect(tasks.items.every((item) => item.permitId === permits.p1.id)).toBe(true);
    const mentions = await mentionsOf(s.attacherMember);
    expect(mentions).toMatchObject({ total: 2, unread: 1 });
    expect(mentions.items.map((item) => item.commentId)).toEqual([comments.second, comments.first]);
  });
});
