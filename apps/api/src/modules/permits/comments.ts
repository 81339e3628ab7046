import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseFields } from '../../http/form.ts';
import { fullName } from '../projects/repo.ts';
import { attachCommentFiles } from './comments-files.ts';
import { hasText, mentionCandidates, sanitizeCommentHtml } from './comments-html.ts';
import {
  type CommentRow,
  commentPosition,
  countComments,
  filesOf,
  markRead,
  mentionableUsers,
  mentionsOf,
  oneComment,
  pageOfComments,
  unreadCount,
} from './comments-repo.ts';
import { NewCommentFields, type PermitComment } from './comments-schema.ts';
import { recordPermitChange } from './events.ts';
import { discardFiles, type ReceivedFile } from './files-upload.ts';
import { type PermitAccess, requirePermit } from './permit-access.ts';

/** The most people one comment may mention; further mention spans stay plain text. */
const MAX_MENTIONS = 50;

/** The download address of a comment's file. */
const fileUrl = (permitId: string, commentId: string, fileId: string) =>
  `/api/joint-use/permit/${permitId}/comments/${commentId}/files/${fileId}`;

/** Comment rows with their mentions and files, as the API shows them. */
async function shape(ctx: ServiceContext, permitId: string, rows: CommentRow[]): Promise<PermitComment[]> {
  const ids = rows.map((row) => row.id);
  const [mentions, files] = await Promise.all([mentionsOf(ctx.db, ids), filesOf(ctx.db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    author: {
      userId: row.author_user_id,
      name: row.author_name,
      organizationId: row.author_organization_id,
      organizationName: row.organization_name,
    },
    html: row.html,
    mentions: mentions
      .filter((mention) => mention.comment_id === row.id)
      .map((mention) => ({ userId: mention.user_id, name: mention.name })),
    attachments: files
      .filter((file) => file.comment_id === row.id)
      .map((file) => ({
        id: file.id,
        name: file.original_name,
        contentType: file.content_type,
        sizeBytes: Number(file.size_bytes),
        url: fileUrl(permitId, row.id, file.id),
      })),
    createdAt: row.created_at.toISOString(),
    read: Boolean(row.read),
  }));
}

/** A page of the permit's comments, oldest first, with the caller's unread count. */
export async function listComments(
  ctx: ServiceContext,
  permitId: string,
  query: { page: number; pageSize: number },
) {
  await requirePermit(ctx, ctx.db, permitId);
  const userId = ctx.session.user.id;
  const [rows, total, unreadComments] = await Promise.all([
    pageOfComments(ctx.db, permitId, userId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countComments(ctx.db, permitId),
    unreadCount(ctx.db, permitId, userId),
  ]);
  return {
    items: await shape(ctx, permitId, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
    unreadComments,
  };
}

/** The page a comment is on, for opening a permit at a comment (from a mention, say). */
export async function findCommentPage(
  ctx: ServiceContext,
  permitId: string,
  commentId: string,
  pageSize: number,
) {
  await requirePermit(ctx, ctx.db, permitId);
  const position = await commentPosition(ctx.db, permitId, commentId);
  if (position === null) throw notFound('The comment');
  return { page: Math.ceil(position / pageSize) };
}

/** Who the HTML mentions among those who see the permit: id → name. Anyone else is left out. */
async function resolveMentions(trx: Trx, access: PermitAccess, html: string) {
  const candidates = mentionCandidates(html).slice(0, MAX_MENTIONS);
  if (candidates.length === 0) return new Map<string, string>();
  const people = await mentionableUsers(trx, access.permit, { ids: candidates, limit: MAX_MENTIONS * 4 });
  return new Map(people.map((person) => [person.id, person.name ?? person.email]));
}

/** The comment's text, checked; a 400 names the field before anything is written. */
function checkComment(input: CommentInput) {
  const { html } = parseFields(NewCommentFields, input.fields);
  if (!hasText(html) && input.files.length === 0) {
    throw badRequest('body.html: Write a comment or attach a file', [
      { field: 'body.html', message: 'Write a comment or attach a file' },
    ]);
  }
  return html;
}

/** A comment as received: its form fields, and its files already checked and in storage. */
export interface CommentInput {
  fields: Record<string, unknown>;
  files: ReceivedFile[];
}

/** Checks before the body is read that the caller may comment, so a refusal costs no upload. */
export async function requireCommenter(ctx: ServiceContext, permitId: string) {
  await requirePermit(ctx, ctx.db, permitId, { permission: 'CommentOnPermits' });
}

/**
 * Adds a comment to a permit: its sanitised HTML, its mentions (only of people who see the permit) and its
 * files. Tells the permit's organizations, and each person mentioned in their own room.
 */
export async function addComment(ctx: ServiceContext, permitId: string, input: CommentInput) {
  let commentId: string;
  try {
    commentId = await transact(ctx, async (trx) => {
      const access = await requirePermit(ctx, trx, permitId, { permission: 'CommentOnPermits' });
      const html = checkComment(input);
      const clean = sanitizeCommentHtml(html, await resolveMentions(trx, access, html));
      const id = await insertComment(trx, ctx, access, clean);
      await attachCommentFiles(trx, ctx, id, input.files);
      await announce(ctx, trx, access, {
        commentId: id,
        mentioned: clean.mentions,
        files: input.files.length,
      });
      return id;
    });
  } catch (error) {
    // The bytes were written while the upload was read; without a comment they belong to nothing.
    await discardFiles(ctx.app.storage, input.files);
    throw error;
  }
  return commentById(ctx, permitId, commentId);
}

async function insertComment(
  trx: Trx,
  ctx: ServiceContext,
  access: PermitAccess,
  comment: { html: string; mentions: string[] },
) {
  const userId = ctx.session.user.id;
  const { id } = await trx
    .insertInto('permit_comments')
    .values({
      permit_id: access.permit.id,
      project_id: access.permit.project_id,
      author_user_id: userId,
      author_organization_id: ctx.session.organizationId!,
      html: comment.html,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (comment.mentions.length > 0) {
    await trx
      .insertInto('permit_comment_mentions')
      .values(comment.mentions.map((user_id) => ({ comment_id: id, user_id, permit_id: access.permit.id })))
      .execute();
  }
  // The author has read what they wrote.
  await markRead(trx, access.permit.id, userId, { commentIds: [id] });
  return id;
}

/** The activity entry and the hub events of a new comment. */
async function announce(
  ctx: ServiceContext,
  trx: Trx,
  access: PermitAccess,
  comment: { commentId: string; mentioned: string[]; files: number },
) {
  const { permit } = access;
  const author = await trx
    .selectFrom('users as u')
    .select(fullName('u').as('name'))
    .where('u.id', '=', ctx.session.user.id)
    .executeTakeFirst();
  const { files } = comment;
  await recordPermitChange(ctx, trx, permit, {
    kind: 'CommentAdded',
    summary: `${author?.name ?? 'Someone'} commented${files > 0 ? ` with ${files} file${files === 1 ? '' : 's'}` : ''}`,
    after: { commentId: comment.commentId },
    detail: { commentId: comment.commentId },
  });
  for (const userId of comment.mentioned) {
    if (userId === ctx.session.user.id) continue;
    await ctx.app.events.record(trx, {
      type: 'MentionedInComment',
      userId,
      payload: { permitId: permit.id, projectId: permit.project_id, commentId: comment.commentId },
      connectionId: ctx.connectionId,
    });
  }
}

async function commentById(ctx: ServiceContext, permitId: string, commentId: string) {
  const row = await oneComment(ctx.db, permitId, ctx.session.user.id, commentId);
  const [comment] = await shape(ctx, permitId, row ? [row] : []);
  if (!comment) throw notFound('The comment');
  return comment;
}
