import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate, buildUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const newPermit = async (applicantOrganizationId = s.attacherOrg) =>
  (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId })).id;

const post = (
  userId: string,
  permitId: string,
  html: string,
  files: Record<string, { filename: string; data: Buffer; type?: string }> = {},
) =>
  t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/permit/${permitId}/comments`,
    ...multipart({ html }, files),
  });

const get = (userId: string, url: string) =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/${url}` });

const markRead = (userId: string, payload: Record<string, unknown>) =>
  t.injectAs(userId, { method: 'POST', url: '/api/joint-use/permit/comments/read', payload });

const marksOf = (userId: string, permitId: string) =>
  t.db
    .selectFrom('permit_comment_reads')
    .select('comment_id')
    .where('user_id', '=', userId)
    .where('permit_id', '=', permitId)
    .execute();

const mention = (userId: string, text = '@someone') => `<span data-mention="${userId}">${text}</span>`;

const commentRows = (permitId: string) =>
  t.db.selectFrom('permit_comments').selectAll().where('permit_id', '=', permitId).orderBy('seq').execute();

const eventsOf = (type: string, commentId: string) =>
  t.db
    .selectFrom('events')
    .select(['user_id', 'organization_id', 'payload'])
    .where('type', '=', type)
    .where(({ eb, ref }) => eb(ref('payload', '->>').key('commentId'), '=', commentId))
    .execute();

/** Takes ViewPermits-only permissions for a user on the project, within their organization. */
const onlyView = (userId: string, organizationId: string) =>
  t.db
    .insertInto('project_user_permissions')
    .values({
      project_id: projectId,
      organization_id: organizationId,
      user_id: userId,
      permissions: ['ViewPermits'],
    })
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'CMT')).id;
  templateId = (await buildPublishedTemplate(t.db, projectId)).templateId;
});
afterAll(() => t.close());

describe('commenting on a permit', () => {
  it('stores the sanitised comment, its mention and file, and tells the organizations and the person mentioned', async () => {
    const permitId = await newPermit();
    const html = `<p>Pole <strong>P-12</strong> needs a look, ${mention(s.ownerMember)}. See <a href="https://example.com/p12">the photo</a>.</p>`;
    const res = await post(s.attacherMember, permitId, html, {
      files: { filename: 'survey.pdf', data: PDF, type: 'application/pdf' },
    });
    const comment = dataOf(res, 201);
    expect(comment).toMatchObject({
      author: {
        userId: s.attacherMember,
        name: 'Test User',
        organizationId: s.attacherOrg,
        organizationName: 'Attacher Fiber',
      },
      mentions: [{ userId: s.ownerMember, name: 'Test User' }],
      attachments: [{ name: 'survey.pdf', contentType: 'application/pdf', sizeBytes: PDF.length }],
      read: true,
    });
    expect(comment.html).toBe(
      `<p>Pole <strong>P-12</strong> needs a look, <span data-mention="${s.ownerMember}">@Test User</span>. See <a href="https://example.com/p12" rel="noopener nofollow" target="_blank">the photo</a>.</p>`,
    );

    const [row] = await commentRows(permitId);
    expect(row).toMatchObject({
      id: comment.id,
      author_user_id: s.attacherMember,
      author_organization_id: s.attacherOrg,
      html: comment.html,
      project_id: projectId,
    });
    const mentions = await t.db
      .selectFrom('permit_comment_mentions')
      .selectAll()
      .where('comment_id', '=', comment.id)
      .execute();
    expect(mentions).toEqual([{ comment_id: comment.id, user_id: s.ownerMember, permit_id: permitId }]);
    const file = await t.db
      .selectFrom('permit_comment_files as cf')
      .innerJoin('stored_files as f', 'f.id', 'cf.file_id')
      .select(['f.id', 'f.purpose', 'f.content_type', 'f.organization_id', 'f.created_by'])
      .where('cf.comment_id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({
      id: comment.attachments[0].id,
      purpose: 'permit-comment',
      content_type: 'application/pdf',
      organization_id: s.attacherOrg,
      created_by: s.attacherMember,
    });

    const activity = await t.db
      .selectFrom('permit_activity')
      .selectAll()
      .where('permit_id', '=', permitId)
      .where('kind', '=', 'CommentAdded')
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      actor_user_id: s.attacherMember,
      summary: 'Test User commented with 1 file',
    });
    const added = await eventsOf('CommentAdded', comment.id);
    expect(added.map((e) => e.organization_id).sort()).toEqual([s.ownerOrg, s.attacherOrg].sort());
    const mentioned = await eventsOf('MentionedInComment', comment.id);
    expect(mentioned).toEqual([
      {
        user_id: s.ownerMember,
        organization_id: null,
        payload: { permitId, projectId, commentId: comment.id },
      },
    ]);

    // The pole owner downloads the file; it has not read the comment yet.
    const download = await get(s.ownerMember, `permit/${permitId}/comments/${comment.id}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''survey.pdf");
    const seen = dataOf(await get(s.ownerMember, `permit/${permitId}/comments`));
    expect(seen).toMatchObject({ total: 1, unreadComments: 1, items: [{ id: comment.id, read: false }] });
  });

  it('removes script, event handlers and unsafe links', async () => {
    const permitId = await newPermit();
    const html =
      '<p onclick="steal()">Hello<script>alert(1)</script><img src="x" onerror="alert(2)">' +
      '<a href="javascript:alert(3)" onmouseover="alert(4)">click</a><iframe src="https://evil.example"></iframe>' +
      '<span style="position:fixed">styled</span></p><style>p{}</style>';
    const comment = dataOf(await post(s.ownerMember, permitId, html), 201);
    expect(comment.html).toBe(
      '<p>Hello<a rel="noopener nofollow" target="_blank">click</a><span>styled</span></p>',
    );
    const [row] = await commentRows(permitId);
    expect(row!.html).toBe(comment.html);
    expect(row!.html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i);
  });

  it('strips a mention of someone who cannot see the permit, and tells them nothing', async () => {
    const permitId = await newPermit();
    const html = `<p>${mention(s.otherAttacherMember, '@rival')} ${mention(s.outsider, '@outsider')} ${mention(s.attacherManager, '@boss')}</p>`;
    const comment = dataOf(await post(s.attacherMember, permitId, html), 201);
    expect(comment.html).toBe(
      `<p><span>@rival</span> <span>@outsider</span> <span data-mention="${s.attacherManager}">@Test User</span></p>`,
    );
    expect(comment.mentions).toEqual([{ userId: s.attacherManager, name: 'Test User' }]);
    const rows = await t.db
      .selectFrom('permit_comment_mentions')
      .select('user_id')
      .where('comment_id', '=', comment.id)
      .execute();
    expect(rows).toEqual([{ user_id: s.attacherManager }]);
    const mentioned = await eventsOf('MentionedInComment', comment.id);
    expect(mentioned.map((e) => e.user_id)).toEqual([s.attacherManager]);
  });

  it('takes mentions only from mention spans, never from text that reads like one', async () => {
    const permitId = await newPermit();
    const html = `<p>data-mention="${s.otherAttacherMember}" <a href="https://x.example/?data-mention=&quot;${s.ownerMember}&quot;">link</a></p>`;
    const comment = dataOf(await post(s.attacherMember, permitId, html), 201);
    expect(comment.mentions).toEqual([]);
    expect(await eventsOf('MentionedInComment', comment.id)).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const permitId = await newPermit();
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/joint-use/permit/${permitId}/comments`,
      ...multipart({ html: '<p>hi</p>' }),
    });
    expect(unsigned.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: `/api/joint-use/permit/${permitId}/comments` });
    expect(list.statusCode).toBe(401);
    expect(await commentRows(permitId)).toEqual([]);
  });

  it('needs CommentOnPermits to comment, and only ViewPermits to read', async () => {
    const permitId = await newPermit();
    const viewer = (await buildUser(t.db, { organizationId: s.attacherOrg })).id;
    await onlyView(viewer, s.attacherOrg);
    const res = await post(viewer, permitId, '<p>hi</p>');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You may not comment on permits of this project.');
    expect(await commentRows(permitId)).toEqual([]);
    expect(dataOf(await get(viewer, `permit/${permitId}/comments`))).toMatchObject({ total: 0, items: [] });
  });

  it("is not found for another attacher's permit or an outsider, whatever the endpoint", async () => {
    const permitId = await newPermit();
    const comment = dataOf(
      await post(s.attacherMember, permitId, '<p>ours</p>', { files: { filename: 'a.pdf', data: PDF } }),
      201,
    );
    const fileId = comment.attachments[0].id;
    for (const user of [s.otherAttacherMember, s.outsider]) {
      expect((await post(user, permitId, '<p>theirs</p>')).statusCode).toBe(404);
      for (const url of [
        `permit/${permitId}/comments`,
        `permit/${permitId}/comment/${comment.id}/page`,
        `permit/${permitId}/comments/unread-count`,
        `permit/${permitId}/comments/mentionable`,
        `permit/${permitId}/comments/${comment.id}/files/${fileId}`,
      ]) {
        expect((await get(user, url)).statusCode, url).toBe(404);
      }
      expect((await markRead(user, { permitId })).statusCode).toBe(404);
    }
    expect(await commentRows(permitId)).toHaveLength(1);
    const reads = await t.db
      .selectFrom('permit_comment_reads')
      .select('user_id')
      .where('permit_id', '=', permitId)
      .execute();
    expect(reads).toEqual([{ user_id: s.attacherMember }]);
  });

  it('refuses an empty comment and a file it does not take, writing nothing', async () => {
    const permitId = await newPermit();
    for (const html of ['', '<p>  </p>', '<script>alert(1)</script>', '<p>&nbsp;</p>']) {
      const res = await post(s.attacherMember, permitId, html);
      expect(res.statusCode, html).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'body.html', message: 'Write a comment or attach a file' },
      ]);
    }
    // A program renamed to look like text is refused by its bytes.
    const page = await post(s.attacherMember, permitId, '<p>see</p>', {
      files: { filename: 'notes.txt', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), type: 'text/plain' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().errors[0].field).toBe('body.files');
    const html = await post(s.attacherMember, permitId, '<p>see</p>', {
      files: { filename: 'x.html', data: Buffer.from('<p>hi</p>') },
    });
    expect(html.json().errors[0].field).toBe('body.files');
    const tooLong = await post(s.attacherMember, permitId, `<p>${'a'.repeat(20_001)}</p>`);
    expect(tooLong.json().errors[0].field).toBe('body.html');
    expect(await commentRows(permitId)).toEqual([]);
    const files = await t.db
      .selectFrom('stored_files')
      .select('id')
      .where('original_name', 'in', ['notes.txt', 'x.html'])
      .execute();
    expect(files).toEqual([]);
    const activity = await t.db
      .selectFrom('permit_activity')
      .select('kind')
      .where('permit_id', '=', permitId)
      .where('kind', '=', 'CommentAdded')
      .execute();
    expect(activity).toEqual([]);
  });

  it('removes the stored bytes of a refused comment, and refuses a sixth file', async () => {
    const permitId = await newPermit();
    const remove = vi.spyOn(t.app.storage, 'remove');
    const res = await post(s.attacherMember, permitId, `<p>${'a'.repeat(20_001)}</p>`, {
      files: { filename: 'kept.pdf', data: PDF },
    });
    expect(res.statusCode).toBe(400);
    expect(remove).toHaveBeenCalledTimes(1);
    remove.mockRestore();
    const files = Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((n) => [`file${n}`, { filename: `f${n}.pdf`, data: PDF }]),
    );
    const six = await post(s.attacherMember, permitId, '<p>many</p>', files);
    // The multipart reader stops at the limit and answers 413 itself.
    expect(six.statusCode).toBe(413);
    expect(await commentRows(permitId)).toEqual([]);
    const stored = await t.db
      .selectFrom('stored_files')
      .select('id')
      .where('original_name', 'in', ['kept.pdf', 'f1.pdf'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('takes a comment that is only a file', async () => {
    const permitId = await newPermit();
    const csv = Buffer.from('pole,height\nP-1,40\n');
    const comment = dataOf(
      await post(s.ownerMember, permitId, '', { files: { filename: 'heights.csv', data: csv } }),
      201,
    );
    expect(comment.html).toBe('');
    expect(comment.attachments).toMatchObject([
      { name: 'heights.csv', contentType: 'text/csv; charset=utf-8', sizeBytes: csv.length },
    ]);
  });
});

describe('paging through comments', () => {
  let permitId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    permitId = await newPermit();
    for (let n = 1; n <= 5; n++)
      ids.push(dataOf(await post(s.attacherMember, permitId, `<p>comment ${n}</p>`), 201).id);
  });

  it('gives pages oldest first, with the total', async () => {
    const page = dataOf(await get(s.attacherMember, `permit/${permitId}/comments?page=2&pageSize=2`));
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2, unreadComments: 0 });
    expect(page.items.map((c: { html: string }) => c.html)).toEqual(['<p>comment 3</p>', '<p>comment 4</p>']);
    const last = dataOf(await get(s.attacherMember, `permit/${permitId}/comments?page=3&pageSize=2`));
    expect(last.items.map((c: { id: string }) => c.id)).toEqual([ids[4]]);
    const bad = await get(s.attacherMember, `permit/${permitId}/comments?pageSize=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('querystring.pageSize');
  });

  it('finds the page a comment is on', async () => {
    const pageOf = async (commentId: string, pageSize: number) =>
      dataOf(await get(s.ownerMember, `permit/${permitId}/comment/${commentId}/page?pageSize=${pageSize}`))
        .page;
    expect(await pageOf(ids[0]!, 2)).toBe(1);
    expect(await pageOf(ids[3]!, 2)).toBe(2);
    expect(await pageOf(ids[4]!, 2)).toBe(3);
    expect(await pageOf(ids[4]!, 25)).toBe(1);
    const elsewhere = dataOf(await post(s.attacherMember, await newPermit(), '<p>elsewhere</p>'), 201).id;
    expect((await get(s.ownerMember, `permit/${permitId}/comment/${elsewhere}/page`)).statusCode).toBe(404);
  });
});

describe('read marks', () => {
  it('counts what each person has not read, and marks up to a comment, listed ones, or all', async () => {
    const permitId = await newPermit();
    const ids: string[] = [];
    for (let n = 1; n <= 4; n++)
      ids.push(dataOf(await post(s.attacherMember, permitId, `<p>c${n}</p>`), 201).id);
    const unread = async (userId: string) =>
      dataOf(await get(userId, `permit/${permitId}/comments/unread-count`)).unreadComments;
    expect(await unread(s.ownerMember)).toBe(4);
    // The author has read their own comments.
    expect(await unread(s.attacherMember)).toBe(0);

    expect(dataOf(await markRead(s.ownerMember, { permitId, upToCommentId: ids[1] }))).toEqual({
      permitId,
      unreadComments: 2,
    });
    expect(dataOf(await markRead(s.ownerMember, { permitId, commentIds: [ids[3]] })).unreadComments).toBe(1);
    const page = dataOf(await get(s.ownerMember, `permit/${permitId}/comments`));
    expect(page.items.map((c: { read: boolean }) => c.read)).toEqual([true, true, false, true]);
    expect(page.unreadComments).toBe(1);
    // Marks are the reader's own.
    expect(await unread(s.ownerManager)).toBe(4);
    expect(dataOf(await markRead(s.ownerMember, { permitId })).unreadComments).toBe(0);
    // Marking again changes nothing.
    expect(dataOf(await markRead(s.ownerMember, { permitId, upToCommentId: ids[3] })).unreadComments).toBe(0);
    const marks = await marksOf(s.ownerMember, permitId);
    expect(marks.map((m) => m.comment_id).sort()).toEqual([...ids].sort());
  });

  it('refuses a comment of another permit, or both ways at once, marking nothing', async () => {
    const permitId = await newPermit();
    const own = dataOf(await post(s.attacherMember, permitId, '<p>here</p>'), 201).id;
    const other = dataOf(await post(s.attacherMember, await newPermit(), '<p>there</p>'), 201).id;
    const stray = await markRead(s.ownerMember, { permitId, commentIds: [own, other] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toEqual([
      { field: 'body.commentIds', message: 'Not a comment of this permit' },
    ]);
    const upTo = await markRead(s.ownerMember, { permitId, upToCommentId: other });
    expect(upTo.json().errors[0].field).toBe('body.upToCommentId');
    const both = await markRead(s.ownerMember, { permitId, upToCommentId: own, commentIds: [own] });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].field).toBe('body.commentIds');
    const missing = await markRead(s.ownerMember, {});
    expect(missing.json().errors[0].field).toBe('body.permitId');
    const marks = await marksOf(s.ownerMember, permitId);
    expect(marks).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/joint-use/permit/comments/read',
          payload: { permitId },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('who may be mentioned', () => {
  it("offers the pole owner's and the applicant's people who see permits, and no one else", async () => {
    const permitId = await newPermit();
    const named = (
      await buildUser(t.db, { organizationId: s.ownerOrg, firstName: 'Rowan', lastName: 'Pike' })
    ).id;
    const blind = (
      await buildUser(t.db, { organizationId: s.ownerOrg, firstName: 'Rowan', lastName: 'Blind' })
    ).id;
    await t.db
      .insertInto('project_user_permissions')
      .values({
        project_id: projectId,
        organization_id: s.ownerOrg,
        user_id: blind,
        permissions: ['ExportPermits'],
      })
      .execute();
    const everyone = dataOf(await get(s.attacherMember, `permit/${permitId}/comments/mentionable`));
    const ids = everyone.map((u: { id: string }) => u.id);
    for (const id of [s.ownerManager, s.ownerMember, s.attacherManager, s.attacherMember, named])
      expect(ids).toContain(id);
    for (const id of [s.otherAttacherMember, s.outsider, blind]) expect(ids).not.toContain(id);

    const rowan = dataOf(await get(s.attacherMember, `permit/${permitId}/comments/mentionable?filter=rowan`));
    expect(rowan).toEqual([
      {
        id: named,
        name: 'Rowan Pike',
        email: expect.any(String),
        organizationId: s.ownerOrg,
        organizationName: 'Owner Electric',
      },
    ]);
    // Someone who cannot be offered cannot be mentioned either.
    const comment = dataOf(
      await post(s.attacherMember, permitId, `<p>${mention(blind)} ${mention(named)}</p>`),
      201,
    );
    expect(comment.mentions).toEqual([{ userId: named, name: 'Rowan Pike' }]);
  });
});

describe('downloading a comment file', () => {
  it('serves the file only through its own permit and comment', async () => {
    const permitId = await newPermit();
    const comment = dataOf(
      await post(s.attacherMember, permitId, '<p>file</p>', { files: { filename: 'plan é.pdf', data: PDF } }),
      201,
    );
    const other = dataOf(await post(s.attacherMember, permitId, '<p>other</p>'), 201);
    const fileId = comment.attachments[0].id;
    expect(comment.attachments[0].url).toBe(
      `/api/joint-use/permit/${permitId}/comments/${comment.id}/files/${fileId}`,
    );
    const own = await get(s.attacherMember, `permit/${permitId}/comments/${comment.id}/files/${fileId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''plan%20%C3%A9.pdf`);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await get(s.attacherMember, `permit/${permitId}/comments/${other.id}/files/${fileId}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(s.attacherMember, `permit/${await newPermit()}/comments/${comment.id}/files/${fileId}`))
        .statusCode,
    ).toBe(404);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/api/joint-use/permit/${permitId}/comments/${comment.id}/files/${fileId}`,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});
