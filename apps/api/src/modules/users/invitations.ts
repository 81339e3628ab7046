import { type InviteInput, InviteInput as InviteInputSchema, type UserDetail } from '@crossarm/shared';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { createPasswordLink } from '../../identity/password-links.ts';
import { queueMail } from '../../mail/mailer.ts';
import { invitationMessage, passwordResetMessage } from '../../mail/templates.ts';
import { type AdminScope, adminPolicy } from '../admin/policy.ts';
import { recordAudit } from '../audit/audit.ts';
import { presentDetail } from './present.ts';
import { allowedDomains, findScopedUser, findUserByEmail, saveUserByEmail } from './repo.ts';
import { changeUser } from './service.ts';

const linkFor = (ctx: ServiceContext, token: string) => `${ctx.app.config.publicUrl}/oidc/password/${token}`;
const nameOf = (ctx: ServiceContext) =>
  `${ctx.session.user.first_name} ${ctx.session.user.last_name}`.trim() || ctx.session.user.email;

/**
 * Invites an e-mail address into an organization: an Invited user (or a Deleted one brought back) with the
 * given organization permissions, and an e-mail with a single-use link to choose a password. Refused when
 * the address is in use, or outside the organization's allowed domains when it has any.
 */
export async function inviteUser(
  ctx: ServiceContext,
  scope: AdminScope,
  organizationId: string,
  raw: InviteInput,
): Promise<UserDetail> {
  if (!adminPolicy.inviteUsers(ctx.session, scope)) throw forbidden();
  const input = InviteInputSchema.parse(raw);
  const userId = await transact(ctx, async (trx) => {
    const organization = await trx
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', organizationId)
      .executeTakeFirst();
    if (!organization) throw notFound('The organization');
    const domains = await allowedDomains(trx, organizationId);
    const domain = input.email.split('@')[1] ?? '';
    if (domains.length && !domains.includes(domain)) {
      throw badRequest(`${organization.name} only allows addresses at ${domains.join(', ')}.`, [
        { field: 'body.email', message: `Must be an address at ${domains.join(', ')}` },
      ]);
    }
    const existing = await findUserByEmail(trx, input.email);
    if (existing && existing.status !== 'Deleted')
      throw conflict(`${input.email} is already in use by another account.`);
    const values = {
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      title: input.title,
      phone: input.phone,
      role: input.role,
      status: 'Invited' as const,
      organization_id: organizationId,
      password_hash: null,
      updated_at: new Date(),
    };
    const user = { id: await saveUserByEmail(trx, existing?.id, values, values) };
    await trx.deleteFrom('user_system_permissions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('user_organizations').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('user_organizations')
      .values({ user_id: user.id, organization_id: organizationId })
      .execute();
    const permissions = [...new Set(input.organizationPermissions)];
    if (permissions.length) {
      await trx
        .insertInto('user_organization_permissions')
        .values(
          permissions.map((permission) => ({
            user_id: user.id,
            organization_id: organizationId,
            permission,
          })),
        )
        .execute();
    }
    const { token, expiresAt } = await createPasswordLink(trx, user.id, 'invitation');
    await queueMail(
      trx,
      invitationMessage({
        to: input.email,
        userId: user.id,
        firstName: input.firstName,
        organizationName: organization.name,
        inviterName: nameOf(ctx),
        link: linkFor(ctx, token),
        expiresAt,
      }),
    );
    await recordAudit(trx, ctx.session, {
      action: 'user.invited',
      targetType: 'user',
      targetId: user.id,
      organizationId,
      after: { email: input.email, organizationId, role: input.role, organizationPermissions: permissions },
    });
    return user.id;
  });
  return presentDetail(ctx.db, (await findScopedUser(ctx.db, { kind: 'system' }, userId))!);
}

/**
 * Sends a single-use link to choose a new password. For an Invited user who never set one, it sends the
 * invitation again instead.
 */
export async function resetPassword(ctx: ServiceContext, scope: AdminScope, id: string) {
  return changeUser(
    ctx,
    scope,
    id,
    'user.password-reset',
    adminPolicy.resetPassword(ctx.session, scope),
    async (trx, user) => {
      if (user.status === 'Deleted') throw notFound('The user');
      if (user.status === 'Inactive') throw conflict('Activate the user before resetting their password.');
      const purpose = user.status === 'Invited' ? 'invitation' : 'password-reset';
      const { token, expiresAt } = await createPasswordLink(trx, user.id, purpose);
      const base = {
        to: user.email,
        userId: user.id,
        firstName: user.first_name,
        link: linkFor(ctx, token),
        expiresAt,
      };
      await queueMail(
        trx,
        purpose === 'invitation'
          ? invitationMessage({
              ...base,
              organizationName: user.organization_name ?? 'Crossarm',
              inviterName: nameOf(ctx),
            })
          : passwordResetMessage(base),
      );
    },
  );
}

/** Clears the user's second factor; they enroll again at their next sign-in. */
export function resetMfa(ctx: ServiceContext, scope: AdminScope, id: string) {
  return changeUser(
    ctx,
    scope,
    id,
    'user.mfa-reset',
    adminPolicy.resetMfa(ctx.session, scope),
    async (trx) => {
      await trx
        .updateTable('users')
        .set({ mfa_secret: null, mfa_enrolled_at: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  );
}
