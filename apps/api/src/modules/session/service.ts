import type { Preferences, UserHeader } from '@crossarm/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { canSeeUser } from './policy.ts';
import { findUserHeader, setDarkMode } from './repo.ts';
import type { Session } from './session.ts';

/** Saves the caller's own preferences. */
export async function savePreferences(
  db: Db,
  session: Session,
  preferences: Preferences,
): Promise<Preferences> {
  await setDarkMode(db, session.user.id, preferences.darkMode);
  return { darkMode: preferences.darkMode };
}

/** A user's short card, for those allowed to see that user; others get 404 as if it did not exist. */
export async function getUserHeader(db: Db, session: Session, userId: string): Promise<UserHeader> {
  const row = await findUserHeader(db, userId);
  if (!row || row.status === 'Deleted' || !canSeeUser(session, row)) throw notFound('The user');
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    title: row.title,
    status: row.status,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
  };
}
