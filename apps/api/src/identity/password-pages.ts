import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { escapeHtml, messagePage, page } from './pages.ts';
import { consumeLink, findUsableLink } from './password-links.ts';
import { hashPassword } from './passwords.ts';

export const MIN_PASSWORD_LENGTH = 12;

function passwordForm(action: string, heading: string, error?: string): string {
  const alert = error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : '';
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p class="sub">Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.</p>${alert}
<form method="post" action="${escapeHtml(action)}">
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required autofocus>
<label for="confirm">Confirm password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button></form>`,
  );
}

/** Why a chosen password is refused, or null. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password !== confirm) return 'The two passwords do not match.';
  return null;
}

/**
 * The pages behind invitation and password-reset links: a form to choose a password, then a link to sign
 * in. A link works once and expires; an used, expired or unknown link says so and changes nothing.
 */
export async function registerPasswordPages(app: FastifyInstance, options: { db: Db; appOrigin: string }) {
  await app.register(formbody);
  const signInLink = { href: `${options.appOrigin}/sign-in`, label: 'Go to sign in' };
  const invalid = messagePage(
    'Link not valid',
    'This link has expired or has already been used. Ask your administrator to send a new one.',
    signInLink,
  );
  const heading = (purpose: string) =>
    purpose === 'invitation' ? 'Welcome to Crossarm' : 'Choose a new password';

  app.get<{ Params: { token: string } }>('/oidc/password/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html');
    const link = await findUsableLink(options.db, request.params.token);
    if (!link) return reply.status(410).send(invalid);
    return reply.send(passwordForm(`/oidc/password/${request.params.token}`, heading(link.purpose)));
  });

  app.post<{ Params: { token: string }; Body: { password?: string; confirm?: string } }>(
    '/oidc/password/:token',
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html');
      const link = await findUsableLink(options.db, request.params.token);
      if (!link) return reply.status(410).send(invalid);
      const password = String(request.body?.password ?? '');
      const problem = passwordProblem(password, String(request.body?.confirm ?? ''));
      if (problem) {
        return reply
          .status(400)
          .send(passwordForm(`/oidc/password/${request.params.token}`, heading(link.purpose), problem));
      }
      const passwordHash = await hashPassword(password);
      const set = await options.db.transaction().execute(async (trx) => {
        if (!(await consumeLink(trx, link.id, link.user_id, passwordHash))) return false;
        await trx.deleteFrom('login_failures').where('email', '=', link.email).execute();
        return true;
      });
      if (!set) return reply.status(410).send(invalid);
      return reply.send(
        messagePage(
          'Password set',
          `Your password is set. Sign in with ${link.email} and your new password.`,
          signInLink,
        ),
      );
    },
  );
}
