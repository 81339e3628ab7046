import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { verifyPassword } from './passwords.ts';

export interface LoginLimits {
  maxFailures: number;
  windowMinutes: number;
}

export type LoginOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid' | 'throttled'; message: string };

/** Never says which of the two was wrong. */
export const INVALID_CREDENTIALS = 'The e-mail address or password is incorrect.';

/** An address may fail this many times more than an account before it is throttled too. */
const IP_FACTOR = 4;

/**
 * Checks an e-mail and password. Failed attempts are recorded per address and per client IP; past the
 * limit within the window, sign-in is refused for the rest of the window, even with the right password.
 * Deleted users and users who never set a password cannot sign in; Invited users become Active.
 */
export async function attemptLogin(
  db: Db,
  input: { email: string; password: string; ip: string },
  limits: LoginLimits,
): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const since = new Date(Date.now() - limits.windowMinutes * 60_000);
  const { byEmail, byIp } = await db
    .selectFrom('login_failures')
    .select([
      sql<string>`count(*) FILTER (WHERE email = ${email})`.as('byEmail'),
      sql<string>`count(*) FILTER (WHERE ip = ${input.ip})`.as('byIp'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', input.ip)]))
    .executeTakeFirstOrThrow();
  if (Number(byEmail) >= limits.maxFailures || Number(byIp) >= limits.maxFailures * IP_FACTOR) {
    return {
      ok: false,
      reason: 'throttled',
      message: `Too many failed sign-in attempts. Try again in ${limits.windowMinutes} minutes.`,
    };
  }

  const user = await db
    .selectFrom('users')
    .select(['id', 'status', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !passwordMatches || user.status === 'Deleted') {
    await db.insertInto('login_failures').values({ email, ip: input.ip }).execute();
    return { ok: false, reason: 'invalid', message: INVALID_CREDENTIALS };
  }

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_failures').where('email', '=', email).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({
        last_sign_in_at: new Date(),
        status: eb
          .case()
          .when('status', '=', 'Invited')
          .then('Active' as const)
          .else(eb.ref('status'))
          .end(),
      }))
      .where('id', '=', user.id)
      .execute();
  });
  return { ok: true, userId: user.id };
}
