import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { requirePermit } from '../modules/permits/permit-access.ts';
import { isUsable, type Session } from '../modules/session/session.ts';

/**
 * Whether a hub user may follow a permit's room: exactly when they may read the permit, so the room never
 * tells anyone about a permit they could not open.
 */
export async function canFollowPermit(app: FastifyInstance, session: Session, permitId: string) {
  if (!isUsable(session)) return false;
  try {
    await requirePermit({ db: app.db, session, connectionId: null, app }, app.db, permitId);
    return true;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

function isRefusal(error: unknown): boolean {
  return error instanceof AppError && (error.status === 403 || error.status === 404);
}
