import type { Executor } from '../../db/database.ts';
import { insertRows } from '../../db/insert-rows.ts';
import type { Session } from '../session/session.ts';

/** What an administrator changed. `before` and `after` hold the changed record's fields, secrets left out. */
export interface AuditEntry {
  action: string;
  targetType:
    | 'organization'
    | 'user'
    | 'library-entry'
    | 'domain'
    | 'project'
    | 'permit'
    | 'workflow-template-group'
    | 'workflow-template'
    | 'timer-preset';
  targetId: string;
  organizationId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records an administrator's change in the caller's transaction, so the change and its record commit together. */
export async function recordAudit(db: Executor, session: Session, entry: AuditEntry): Promise<void> {
  await recordAudits(db, session, [entry]);
}

/** Records many entries by the same actor in one statement, in the order given, whatever their number. */
export async function recordAudits(db: Executor, session: Session, entries: AuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => ({
    actor_user_id: session.user.id,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    organization_id: entry.organizationId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  await insertRows(
    db,
    'audit_log',
    {
      actor_user_id: 'uuid',
      action: 'text',
      target_type: 'text',
      target_id: 'text',
      organization_id: 'uuid',
      before: 'jsonb',
      after: 'jsonb',
    },
    rows,
  );
}

/** The newest entries about one record, with the actor's name, a page at a time. */
export async function listAudit(
  db: Executor,
  target: { type: AuditEntry['targetType']; id: string },
  page: { page: number; pageSize: number },
) {
  const base = db
    .selectFrom('audit_log')
    .where('audit_log.target_type', '=', target.type)
    .where('audit_log.target_id', '=', target.id);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.before',
        'audit_log.after',
        'audit_log.created_at',
        'actor.id as actor_id',
        'actor.first_name as actor_first_name',
        'actor.last_name as actor_last_name',
        'actor.email as actor_email',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      before: row.before,
      after: row.after,
      createdAt: row.created_at.toISOString(),
      actor: row.actor_id
        ? {
            id: row.actor_id,
            name: `${row.actor_first_name} ${row.actor_last_name}`.trim(),
            email: row.actor_email ?? '',
          }
        : null,
    })),
    total: Number(count.count),
    page: page.page,
    pageSize: page.pageSize,
  };
}
