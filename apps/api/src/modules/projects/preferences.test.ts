import { MAX_RECENTS, NotificationEventType } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildProjectScene, type ProjectScene, UNKNOWN_ID } from '../../../test/project-scene.ts';

let t: TestApp;
let s: ProjectScene;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildProjectScene(t);
});
afterAll(() => t.close());

describe('notification preferences', () => {
  const url = (projectId = s.projectId) => `/api/projects/${projectId}/notification-prefs`;
  const put = (userId: string, payload: Record<string, unknown>, projectId = s.projectId) =>
    t.injectAs(userId, { method: 'PUT', url: url(projectId), payload });
  const stored = () =>
    t.db.selectFrom('project_notification_prefs').select(['user_id', 'muted', 'events']).execute();

  it('starts at the defaults: mentions and my assignments by e-mail at once, the rest in the app', async () => {
    const res = await t.injectAs(s.attacherMember, { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    const prefs = res.json().data;
    expect(prefs.muted).toBe(false);
    expect(Object.keys(prefs.events)).toEqual(NotificationEventType.options);
    expect(prefs.events.MentionedInComment).toEqual({ inApp: true, email: 'Instant' });
    expect(prefs.events.TaskAssignedToMe).toEqual({ inApp: true, email: 'Instant' });
    expect(prefs.events.PermitCreated).toEqual({ inApp: true, email: 'Off' });
  });

  it('stores only what differs from the defaults and keeps the types not sent', async () => {
    const first = await put(s.attacherMember, {
      muted: false,
      events: {
        PermitCreated: { inApp: true, email: 'Digest' },
        MentionedInComment: { inApp: true, email: 'Instant' },
      },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.events.PermitCreated).toEqual({ inApp: true, email: 'Digest' });
    const second = await put(s.attacherMember, {
      muted: true,
      events: { CommentAdded: { inApp: false, email: 'Off' } },
    });
    expect(second.json().data).toMatchObject({
      muted: true,
      events: {
        PermitCreated: { inApp: true, email: 'Digest' },
        CommentAdded: { inApp: false, email: 'Off' },
        MentionedInComment: { inApp: true, email: 'Instant' },
      },
    });
    expect(await stored()).toEqual([
      {
        user_id: s.attacherMember,
        muted: true,
        events: {
          PermitCreated: { inApp: true, email: 'Digest' },
          CommentAdded: { inApp: false, email: 'Off' },
        },
      },
    ]);
    // Each person has their own settings.
    const colleague = await t.injectAs(s.attacherManager, { method: 'GET', url: url() });
    expect(colleague.json().data.muted).toBe(false);
  });

  it('names an unknown event type or a bad setting, writing nothing', async () => {
    const before = await stored();
    const unknown = await put(s.attacherMember, {
      muted: false,
      events: { PermitCreated: { inApp: true, email: 'Off' }, PermitExploded: { inApp: true, email: 'Off' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'body.events.PermitExploded', message: 'Unknown event type' },
    ]);
    const badEmail = await put(s.attacherMember, {
      muted: false,
      events: { PermitCreated: { inApp: true, email: 'Weekly' } },
    });
    expect(badEmail.json().errors[0].field).toBe('body.events.PermitCreated.email');
    expect((await put(s.attacherMember, { events: {} })).json().errors[0].field).toBe('body.muted');
    expect(await stored()).toEqual(before);
  });

  it('is only for people of the project', async () => {
    expect((await t.injectAs(s.outsider, { method: 'GET', url: url() })).statusCode).toBe(404);
    expect((await put(s.outsider, { muted: true })).statusCode).toBe(404);
    expect((await put(s.ownerMember, { muted: true }, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: url(), payload: { muted: true } })).statusCode).toBe(
      401,
    );
    expect((await stored()).map((row) => row.user_id)).toEqual([s.attacherMember]);
  });
});

describe('recents', () => {
  const view = (userId: string, projectId: string) =>
    t.injectAs(userId, { method: 'PUT', url: `/api/joint-use/projects/${projectId}/viewed` });
  const recents = (userId: string) =>
    t.db
      .selectFrom('recents')
      .select(['type', 'ref_id', 'metadata'])
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .execute();

  it('records a visit with the project name, once per project, newest first', async () => {
    const res = await view(s.attacherMember, s.projectId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      type: 'Project',
      refId: s.projectId,
      metadata: { ProjectName: 'Program SCENE' },
      viewedAt: expect.any(String),
    });
    await view(s.attacherMember, s.projectId);
    expect(await recents(s.attacherMember)).toEqual([
      { type: 'Project', ref_id: s.projectId, metadata: { ProjectName: 'Program SCENE' } },
    ]);
  });

  it(`keeps only the latest ${MAX_RECENTS} projects of a person`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_RECENTS + 2; i++) {
      const created = await t.injectAs(s.ownerManager, {
        method: 'POST',
        url: '/api/projects',
        payload: { name: `Visited ${i}`, projectCode: `V${i}` },
      });
      ids.push(created.json().data.id);
      await view(s.ownerManager, created.json().data.id);
    }
    const kept = await recents(s.ownerManager);
    expect(kept).toHaveLength(MAX_RECENTS);
    expect(kept[0]?.ref_id).toBe(ids.at(-1));
    expect(kept.map((row) => row.ref_id)).not.toContain(ids[0]);
    expect(kept.map((row) => row.ref_id)).not.toContain(ids[1]);
  });

  it('is only for people of the project', async () => {
    expect((await view(s.outsider, s.projectId)).statusCode).toBe(404);
    expect((await view(s.outsider, 'nope')).json().errors[0].field).toBe('params.id');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/joint-use/projects/${s.projectId}/viewed` }))
        .statusCode,
    ).toBe(401);
    expect(await recents(s.outsider)).toEqual([]);
  });
});
