import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.ts';

export type PasswordLinkPurpose = 'invitation' | 'password-reset';

/** How long a link stays valid. */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  invitation: 7 * 24 * 3600_000,
  'password-reset': 24 * 3600_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a single-use link token for a user, replacing any unused one of the same purpose. Only its hash is
 * stored; the token itself goes into the e-mail.
 */
export async function createPasswordLink(db: Executor, userId: string, purpose: PasswordLinkPurpose) {
  const token = randomBytes(32).toString('base64url');
  await db
    .deleteFrom('user_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[purpose]);
  await db
    .insertInto('user_tokens')
    .values({ user_id: userId, purpose, token_hash: hashToken(token), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The link's user when the token is known, unused and unexpired; the user must not be Deleted. */
export async function findUsableLink(db: Executor, token: string) {
  return db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .select([
      'user_tokens.id',
      'user_tokens.purpose',
      'users.id as user_id',
      'users.email',
      'users.first_name',
    ])
    .where('user_tokens.token_hash', '=', hashToken(token))
    .where('user_tokens.used_at', 'is', null)
    .where('user_tokens.expires_at', '>', new Date())
    .where('users.status', '!=', 'Deleted')
    .executeTakeFirst();
}

/**
 * Marks the link used and sets the new password hash, together; false, changing nothing, when the link was
 * used (or expired) meanwhile, as by the same form sent twice at once: the link's row decides which one wins.
 */
export async function consumeLink(
  db: Executor,
  linkId: string,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const taken = await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', linkId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return false;
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  return true;
}
