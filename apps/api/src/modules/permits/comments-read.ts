import type { ServiceContext } from '../../http/context.ts';
import { transact } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { findCommentFile } from './comments-files.ts';
import { countCommentsAmong, markRead, mentionableUsers, unreadCount } from './comments-repo.ts';
import type { MarkCommentsRead, MentionableUser } from './comments-schema.ts';
import { requirePermit } from './permit-access.ts';

/** How many people the mention autocomplete offers at once. */
const MENTIONABLE_LIMIT = 25;

/** How many of the permit's comments the caller has not read. */
export async function getUnreadComments(ctx: ServiceContext, permitId: string) {
  await requirePermit(ctx, ctx.db, permitId);
  return { permitId, unreadComments: await unreadCount(ctx.db, permitId, ctx.session.user.id) };
}

/**
 * Marks comments of a permit read for the caller: all of them, those up to one, or listed ones. Reading is
 * the caller's own business, not a change to the permit, so it leaves no activity entry and tells nobody.
 */
export async function markCommentsRead(ctx: ServiceContext, input: MarkCommentsRead) {
  const userId = ctx.session.user.id;
  return transact(ctx, async (trx) => {
    await requirePermit(ctx, trx, input.permitId);
    const named = input.commentIds ?? (input.upToCommentId ? [input.upToCommentId] : []);
    const unique = [...new Set(named)];
    if (unique.length > 0 && (await countCommentsAmong(trx, input.permitId, unique)) !== unique.length) {
      const field = input.commentIds ? 'body.commentIds' : 'body.upToCommentId';
      throw badRequest(`${field}: not a comment of this permit`, [
        { field, message: 'Not a comment of this permit' },
      ]);
    }
    await markRead(trx, input.permitId, userId, input);
    return { permitId: input.permitId, unreadComments: await unreadCount(trx, input.permitId, userId) };
  });
}

/** People who see the permit and so may be mentioned on it, matching the filter, for the autocomplete. */
export async function listMentionable(
  ctx: ServiceContext,
  permitId: string,
  filter: string | undefined,
): Promise<MentionableUser[]> {
  const { permit } = await requirePermit(ctx, ctx.db, permitId);
  const rows = await mentionableUsers(ctx.db, permit, { filter, limit: MENTIONABLE_LIMIT * 2 });
  // Someone in both the pole owner's and the applicant's organization is offered once.
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, MENTIONABLE_LIMIT)
    .map((row) => ({
      id: row.id,
      name: row.name ?? row.email,
      email: row.email,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
    }));
}

/** A comment's file, once the caller is seen to see the permit; 404 for a file of another permit. */
export async function openCommentFile(
  ctx: ServiceContext,
  ids: { permitId: string; commentId: string; fileId: string },
) {
  await requirePermit(ctx, ctx.db, ids.permitId);
  return findCommentFile(ctx.db, ids.permitId, ids.commentId, ids.fileId);
}
