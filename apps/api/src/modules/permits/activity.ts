import type {
  ActivityEntry,
  ActivityFilterOptions,
  ActivityFilters,
  ActivityPageQuery,
  ExportFormat,
  Page,
} from '@crossarm/shared';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { type ExportColumn, exportFileName, inBatches, sendExport } from '../exports/exporter.ts';
import { fullName } from '../projects/repo.ts';
import { requirePermit } from './permit-access.ts';
import { isoOf, personOf } from './tracker-repo.ts';

/** A permit's activity entries that match the filters. */
function filtered(db: Executor, permitId: string, filters: ActivityFilters) {
  return db
    .selectFrom('permit_activity as a')
    .where('a.permit_id', '=', permitId)
    .$if(Boolean(filters.kinds?.length), (query) => query.where('a.kind', 'in', filters.kinds!))
    .$if(Boolean(filters.userIds?.length), (query) => query.where('a.actor_user_id', 'in', filters.userIds!))
    .$if(filters.from !== undefined, (query) => query.where('a.created_at', '>=', new Date(filters.from!)))
    .$if(filters.to !== undefined, (query) => query.where('a.created_at', '<=', new Date(filters.to!)));
}

/** Matching entries newest first, from an offset; the log and its exports read through this. */
function entries(db: Executor, permitId: string, filters: ActivityFilters, limit: number, offset: number) {
  return filtered(db, permitId, filters)
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.kind',
      'a.summary',
      'a.actor_user_id',
      fullName('u').as('actor_name'),
      'a.created_at',
      'a.before',
      'a.after',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

type EntryRow = Awaited<ReturnType<typeof entries>>[number];

/** What a permit's activity log can be narrowed by: the kinds and people present, and its time span. */
export async function getActivityFilters(
  ctx: ServiceContext,
  permitId: string,
): Promise<ActivityFilterOptions> {
  await requirePermit(ctx, ctx.db, permitId);
  const all = filtered(ctx.db, permitId, {});
  const [kinds, users, span] = await Promise.all([
    all.select('a.kind').distinct().orderBy('a.kind').execute(),
    all
      .innerJoin('users as u', 'u.id', 'a.actor_user_id')
      .select(['u.id', fullName('u').as('name'), 'u.last_name', 'u.first_name'])
      .distinct()
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .execute(),
    all
      .select((eb) => [eb.fn.min('a.created_at').as('from'), eb.fn.max('a.created_at').as('to')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    kinds: kinds.map((row) => row.kind),
    users: users.map((user) => ({ id: user.id, name: user.name ?? '' })),
    from: isoOf(span.from),
    to: isoOf(span.to),
  };
}

function present(row: EntryRow): ActivityEntry {
  return {
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    actor: personOf(row.actor_user_id, row.actor_name),
    createdAt: row.created_at.toISOString(),
    before: row.before,
    after: row.after,
  };
}

/** A page of a permit's activity, newest first. */
export async function getActivityPage(
  ctx: ServiceContext,
  permitId: string,
  query: ActivityPageQuery,
  filters: ActivityFilters,
): Promise<Page<ActivityEntry>> {
  await requirePermit(ctx, ctx.db, permitId);
  const offset = (query.page - 1) * query.page_size;
  const [rows, total] = await Promise.all([
    entries(ctx.db, permitId, filters, query.page_size, offset),
    filtered(ctx.db, permitId, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(present),
    total: Number(total.count),
    page: query.page,
    pageSize: query.page_size,
  };
}

const ACTIVITY_COLUMNS: ExportColumn<EntryRow>[] = [
  { header: 'Date', value: (row) => row.created_at, width: 22 },
  { header: 'Activity', value: (row) => row.kind, width: 24 },
  { header: 'User', value: (row) => row.actor_name, width: 28 },
  { header: 'Summary', value: (row) => row.summary, width: 60 },
];

/** Exports a permit's activity that matches the filters, newest first, as the log shows it. */
export async function exportActivity(
  ctx: ServiceContext,
  reply: FastifyReply,
  permitId: string,
  format: ExportFormat,
  filters: ActivityFilters,
) {
  const { permit } = await requirePermit(ctx, ctx.db, permitId, { permission: 'ExportPermits' });
  return sendExport(reply, {
    format,
    momentsIn: ctx.timeZone,
    fileName: exportFileName(`${permit.permit_number}-activity`, format, new Date(), ctx.timeZone),
    sheetName: 'Activity',
    columns: ACTIVITY_COLUMNS,
    rows: inBatches((limit, offset) => entries(ctx.db, permitId, filters, limit, offset)),
  });
}
