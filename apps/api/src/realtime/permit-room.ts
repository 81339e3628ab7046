import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../http/errors.ts';
import { visibleProjects } from '../modules/overview/visibility.ts';
import { requirePermit } from '../modules/permits/permit-access.ts';
import { isUsable, type Session } from '../modules/session/session.ts';
import type { HubAccess } from './hub.ts';

/**
 * Whether a hub user may follow a permit's room: exactly when they may read the permit, so the room never
 * tells anyone about a permit they could not open.
 */
export async function canFollowPermit(app: FastifyInstance, session: Session, permitId: string) {
  if (!isUsable(session)) return false;
  try {
    await requirePermit({ db: app.db, session, connectionId: null, timeZone: 'UTC', app }, app.db, permitId);
    return true;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

/**
 * The projects whose permits a hub user may see (ViewPermits in their organization's and their own project
 * permissions): the permit events of those projects reach them in their organization.
 */
export async function permitProjects(app: FastifyInstance, session: Session): Promise<string[]> {
  const organizationId = session.organizationId;
  if (!organizationId || !isUsable(session)) return [];
  const { rows } = await sql<{ project_id: string }>`
    SELECT vp.project_id FROM ${visibleProjects({ organizationId, userId: session.user.id })} vp`.execute(
    app.db,
  );
  return rows.map((row) => row.project_id);
}

/** The hub's questions about permits, answered from the database. */
export function hubAccess(app: FastifyInstance): HubAccess {
  return {
    canFollowPermit: (session, permitId) => canFollowPermit(app, session, permitId),
    permitProjects: (session) => permitProjects(app, session),
  };
}

function isRefusal(error: unknown): boolean {
  return error instanceof AppError && (error.status === 403 || error.status === 404);
}
