import type { NotificationPreference } from '@crossarm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { recordPermitChange } from '../permits/events.ts';
import { PDF } from '../permits/files-test-scene.ts';
import { buildPermitScene, dataOf, KEY, type PermitScene, sceneProject } from '../permits/test-scene.ts';
import { DIGEST_DELAY_MS, sendDigests } from './digest.ts';

// E-mail about permit changes, sent by each person's notification settings for the project.

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
let permitId: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'MAIL')).id;
  templateId = (await buildPublishedTemplate(t.db, projectId)).templateId;
});
afterAll(() => t.close());

beforeEach(async () => {
  permitId = (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
  await t.db.deleteFrom('mail_outbox').execute();
  await t.db.deleteFrom('notification_digest_items').execute();
  await t.db.deleteFrom('project_notification_prefs').execute();
});

const emailOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

const outbox = () =>
  t.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'user_id', 'subject', 'text_body', 'template'])
    .orderBy('id')
    .execute();

const setPrefs = async (
  userId: string,
  muted: boolean,
  events: Record<string, NotificationPreference> = {},
) =>
  dataOf(
    await t.injectAs(userId, {
      method: 'PUT',
      url: `/api/projects/${projectId}/notification-prefs`,
      payload: { muted, events },
    }),
  );

const comment = (userId: string, html: string) =>
  t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/permit/${permitId}/comments`,
    ...multipart({ html }),
  });
const uploadPlan = async () =>
  dataOf(
    await t.injectAs(s.attacherMember, {
      method: 'POST',
      url: `/api/joint-use/permit/${permitId}/files`,
      ...multipart({}, { plan: { filename: 'plan.pdf', data: PDF } }),
    }),
    201,
  );
const mention = (userId: string) => `<p>Look, <span data-mention="${userId}">@someone</span></p>`;

describe('e-mail about a permit', () => {
  it('tells the person mentioned, by default at once, with a link to the permit', async () => {
    dataOf(await comment(s.attacherMember, mention(s.ownerMember)), 201);
    const mail = await outbox();
    expect(mail).toEqual([
      {
        to_address: await emailOf(s.ownerMember),
        user_id: s.ownerMember,
        subject: expect.stringMatching(/^MAIL-\d{6}: .+ mentioned you in a comment$/),
        text_body: expect.stringContaining(`/permitting/${permitId}`),
        template: 'permit-MentionedInComment',
      },
    ]);
  });

  it('sends nothing to someone who turned the event off, or muted the project', async () => {
    await setPrefs(s.ownerMember, false, { MentionedInComment: { inApp: true, email: 'Off' } });
    await setPrefs(s.ownerManager, true, { MentionedInComment: { inApp: true, email: 'Instant' } });
    dataOf(await comment(s.attacherMember, mention(s.ownerMember) + mention(s.ownerManager)), 201);
    expect(await outbox()).toEqual([]);
  });

  it('tells everyone who asked for an event type, but never the actor', async () => {
    const instant = { CommentAdded: { inApp: true, email: 'Instant' } } as const;
    await setPrefs(s.attacherMember, false, instant);
    await setPrefs(s.ownerMember, false, instant);
    // Another attacher never sees the permit, whatever it asked for.
    await setPrefs(s.otherAttacherMember, false, instant);
    dataOf(await comment(s.attacherMember, '<p>Any news?</p>'), 201);
    const mail = await outbox();
    expect(mail.map((m) => [m.user_id, m.template])).toEqual([[s.ownerMember, 'permit-CommentAdded']]);
    expect(mail[0]?.subject).toMatch(/commented on the permit$/);
  });

  it('tells the person assigned to a task, and the file uploads to whoever asked', async () => {
    await setPrefs(s.ownerManager, false, { FileUploaded: { inApp: true, email: 'Instant' } });
    dataOf(
      await t.injectAs(s.ownerMember, {
        method: 'PUT',
        url: `/api/joint-use/permit/${permitId}/stage/${KEY.intake}/task/${KEY.review}/user-assignments`,
        payload: { userIds: [s.attacherMember, s.ownerMember] },
      }),
    );
    await uploadPlan();
    const mail = await outbox();
    expect(mail.map((m) => [m.user_id, m.template])).toEqual([
      [s.attacherMember, 'permit-TaskAssignedToMe'],
      [s.ownerManager, 'permit-FileUploaded'],
    ]);
    expect(mail[1]?.text_body).toContain('Uploaded the file plan.pdf');
  });

  it('queues nothing when the change rolls back', async () => {
    const permit = { id: permitId, project_id: projectId, applicant_organization_id: s.attacherOrg };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordPermitChange({ system: true, publicUrl: 'http://crossarm.test' }, trx, permit, {
          kind: 'TaskAssigned',
          summary: 'Someone was assigned to Completeness Review',
          detail: { userId: s.ownerMember, taskKey: KEY.review },
        });
        expect(await trx.selectFrom('mail_outbox').select('id').execute()).toHaveLength(1);
        throw new Error('refused later');
      }),
    ).rejects.toThrow('refused later');
    expect(await outbox()).toEqual([]);
  });
});

describe('the e-mail digest', () => {
  it('gathers the changes set to Digest and sends them together once the oldest is a day old', async () => {
    const digest = { inApp: true, email: 'Digest' } as const;
    await setPrefs(s.ownerMember, false, { CommentAdded: digest, FileUploaded: digest });
    dataOf(await comment(s.attacherMember, '<p>First</p>'), 201);
    await uploadPlan();
    expect(await outbox()).toEqual([]);
    const waiting = await t.db.selectFrom('notification_digest_items').selectAll().orderBy('id').execute();
    expect(waiting.map((item) => [item.user_id, item.type])).toEqual([
      [s.ownerMember, 'CommentAdded'],
      [s.ownerMember, 'FileUploaded'],
    ]);
    const url = 'http://crossarm.test';
    expect(await sendDigests(t.db, url, new Date())).toBe(0);
    const later = new Date(Date.now() + DIGEST_DELAY_MS + 1000);
    expect(await sendDigests(t.db, url, later)).toBe(1);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      user_id: s.ownerMember,
      template: 'permit-digest',
      subject: 'Your Crossarm digest: 2 changes on your permits',
    });
    expect(mail?.text_body).toContain('commented on the permit');
    expect(mail?.text_body).toContain('Uploaded the file plan.pdf');
    expect(mail?.text_body).toContain(`${url}/permitting/${permitId}`);
    expect(await t.db.selectFrom('notification_digest_items').select('id').execute()).toEqual([]);
    expect(await sendDigests(t.db, url, later)).toBe(0);
  });
});
