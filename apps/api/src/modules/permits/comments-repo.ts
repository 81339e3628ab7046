import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';
import { fullName } from '../projects/repo.ts';

// Every query here names the permit; the caller has already passed requirePermit for it.

/** A permit's comments with their authors and whether the user has read each. */
function commentRows(db: Executor, permitId: string, userId: string) {
  return db
    .selectFrom('permit_comments as c')
    .leftJoin('users as author', 'author.id', 'c.author_user_id')
    .leftJoin('organizations as org', 'org.id', 'c.author_organization_id')
    .select([
      'c.id',
      'c.html',
      'c.created_at',
      'c.author_user_id',
      fullName('author').as('author_name'),
      'c.author_organization_id',
      'org.name as organization_name',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('permit_comment_reads as r')
            .select('r.comment_id')
            .whereRef('r.comment_id', '=', 'c.id')
            .where('r.user_id', '=', userId),
        )
        .as('read'),
    )
    .where('c.permit_id', '=', permitId);
}

/** A page of a permit's comments, oldest first. */
export async function pageOfComments(
  db: Executor,
  permitId: string,
  userId: string,
  page: { limit: number; offset: number },
) {
  return commentRows(db, permitId, userId).orderBy('c.seq').limit(page.limit).offset(page.offset).execute();
}

/** One comment of a permit. */
export async function oneComment(db: Executor, permitId: string, userId: string, commentId: string) {
  return commentRows(db, permitId, userId).where('c.id', '=', commentId).executeTakeFirst();
}

export type CommentRow = Awaited<ReturnType<typeof pageOfComments>>[number];

/** How many comments a permit has. */
export async function countComments(db: Executor, permitId: string) {
  const row = await db
    .selectFrom('permit_comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('permit_id', '=', permitId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The people the comments mention, by comment. */
export async function mentionsOf(db: Executor, commentIds: string[]) {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('permit_comment_mentions as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.comment_id', 'm.user_id', fullName('u').as('name')])
    .where('m.comment_id', 'in', commentIds)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

/** The files of the comments, by comment, in the order they were attached. */
export async function filesOf(db: Executor, commentIds: string[]) {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('permit_comment_files as cf')
    .innerJoin('stored_files as f', 'f.id', 'cf.file_id')
    .select(['cf.comment_id', 'f.id', 'f.original_name', 'f.content_type', 'f.size_bytes'])
    .where('cf.comment_id', 'in', commentIds)
    .orderBy('cf.position')
    .execute();
}

/** How many of the permit's comments come up to and including this one; null when it is not the permit's. */
export async function commentPosition(db: Executor, permitId: string, commentId: string) {
  const target = await db
    .selectFrom('permit_comments')
    .select('seq')
    .where('id', '=', commentId)
    .where('permit_id', '=', permitId)
    .executeTakeFirst();
  if (!target) return null;
  const row = await db
    .selectFrom('permit_comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('permit_id', '=', permitId)
    .where('seq', '<=', target.seq)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the permit's comments the user has not read. */
export async function unreadCount(db: Executor, permitId: string, userId: string) {
  const row = await db
    .selectFrom('permit_comments as c')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.permit_id', '=', permitId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('permit_comment_reads as r')
            .select('r.comment_id')
            .whereRef('r.comment_id', '=', 'c.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which comments to mark read: all of the permit's, those up to one of them, or listed ones. */
export type ReadSelection = { upToCommentId?: string; commentIds?: string[] };

/** Marks the selected comments of the permit read for the user; ones already read keep their first mark. */
export async function markRead(db: Executor, permitId: string, userId: string, selection: ReadSelection) {
  await db
    .insertInto('permit_comment_reads')
    .columns(['user_id', 'comment_id', 'permit_id'])
    .expression((eb) =>
      eb
        .selectFrom('permit_comments as c')
        .select([sql.lit(userId).as('user_id'), 'c.id', 'c.permit_id'])
        .where('c.permit_id', '=', permitId)
        .$if(selection.commentIds !== undefined, (q) => q.where('c.id', 'in', selection.commentIds!))
        .$if(selection.upToCommentId !== undefined, (q) =>
          q.where('c.seq', '<=', (sub) =>
            sub.selectFrom('permit_comments').select('seq').where('id', '=', selection.upToCommentId!),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'comment_id']).doNothing())
    .execute();
}

/** How many of the ids are comments of the permit. */
export async function countCommentsAmong(db: Executor, permitId: string, commentIds: string[]) {
  const row = await db
    .selectFrom('permit_comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('permit_id', '=', permitId)
    .where('id', 'in', commentIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The people who can see the permit: members of the project's pole owner organizations and of the
 * applicant organization whose effective project permissions (their own set within the organization's,
 * or the organization's) hold ViewPermits. Deleted and inactive accounts are left out.
 */
export function peopleWhoSeePermit(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
) {
  return db
    .selectFrom('user_organizations as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .innerJoin('project_organizations as po', (join) =>
      join.onRef('po.organization_id', '=', 'm.organization_id').on('po.project_id', '=', permit.project_id),
    )
    .leftJoin('project_user_permissions as own', (join) =>
      join
        .onRef('own.user_id', '=', 'm.user_id')
        .onRef('own.organization_id', '=', 'm.organization_id')
        .on('own.project_id', '=', permit.project_id),
    )
    .where((eb) =>
      eb.or([
        eb('po.role', '=', 'PoleOwner'),
        eb('po.organization_id', '=', permit.applicant_organization_id),
      ]),
    )
    .where(sql<boolean>`'ViewPermits' = ANY(po.permissions)`)
    .where(sql<boolean>`(own.permissions IS NULL OR 'ViewPermits' = ANY(own.permissions))`)
    .where('u.status', 'not in', ['Deleted', 'Inactive']);
}

/** Up to `limit` people who see the permit, matching the filter on name or email, by name. */
export async function mentionableUsers(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
  options: { filter?: string; ids?: string[]; limit: number },
) {
  let query = peopleWhoSeePermit(db, permit)
    .select([
      'u.id',
      'u.email',
      fullName('u').as('name'),
      'o.id as organization_id',
      'o.name as organization_name',
    ])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .orderBy('o.name')
    .limit(options.limit);
  if (options.ids) query = query.where('u.id', 'in', options.ids);
  if (options.filter) {
    query = query.where(
      sql`u.email || ' ' || u.first_name || ' ' || u.last_name`,
      'ilike',
      containsPattern(options.filter),
    );
  }
  return query.execute();
}
