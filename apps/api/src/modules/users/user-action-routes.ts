import { UserDetail } from '@crossarm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { readForm } from '../../http/form.ts';
import type { AdminScope } from '../admin/policy.ts';
import { MAX_IMAGE_BYTES } from '../files/images.ts';
import { resetMfa, resetPassword } from './invitations.ts';
import { activateUser, deactivateUser, deleteUser, getUser, updateProfile } from './service.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * The actions on one user that system and organization administration share, under each one's path and
 * scope: read, edit the profile, delete, activate, deactivate, reset password, reset MFA.
 */
export function registerUserActions(
  app: FastifyInstance,
  options: { base: string; tags: string[]; scopeOf: (request: FastifyRequest) => AdminScope },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, scopeOf } = options;
  const detail = okSchema(UserDetail);
  const schema = (summary: string, description?: string) => ({
    tags,
    summary,
    description,
    params: idParams,
    response: detail,
  });

  r.get(`${base}/:id`, { schema: schema('One user') }, async (request) =>
    ok(await getUser(contextOf(request), scopeOf(request), request.params.id)),
  );
  r.put(
    `${base}/:id`,
    {
      schema: schema(
        "Edit a user's profile",
        'multipart/form-data (fields and an optional `avatar` image) or JSON',
      ),
    },
    async (request) =>
      ok(
        await updateProfile(
          contextOf(request),
          scopeOf(request),
          request.params.id,
          await readForm(request, MAX_IMAGE_BYTES + 1),
        ),
      ),
  );
  r.delete(
    `${base}/:id`,
    { schema: { tags, summary: 'Delete a user', params: idParams, response: okSchema(z.null()) } },
    async (request) => {
      await deleteUser(contextOf(request), scopeOf(request), request.params.id);
      return ok(null, 'Deleted');
    },
  );
  r.put(`${base}/:id/activate`, { schema: schema('Activate an inactive user') }, async (request) =>
    ok(await activateUser(contextOf(request), scopeOf(request), request.params.id)),
  );
  r.put(`${base}/:id/deactivate`, { schema: schema('Deactivate a user') }, async (request) =>
    ok(await deactivateUser(contextOf(request), scopeOf(request), request.params.id)),
  );
  r.post(`${base}/:id/reset-password`, { schema: schema('Send a password reset link') }, async (request) =>
    ok(await resetPassword(contextOf(request), scopeOf(request), request.params.id)),
  );
  r.post(`${base}/:id/reset-mfa`, { schema: schema("Clear a user's second factor") }, async (request) =>
    ok(await resetMfa(contextOf(request), scopeOf(request), request.params.id)),
  );
}
