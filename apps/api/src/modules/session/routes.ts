import { Preferences, UserHeader, UserSession } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { getUserHeader, savePreferences } from './service.ts';
import { presentSession } from './session.ts';

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/me',
    {
      // Inactive users and users without an organization get their session too: the web app shows them why
      // they cannot go further.
      config: { allowUnusable: true },
      schema: { tags: ['session'], summary: 'The signed-in user session', response: okSchema(UserSession) },
    },
    async (request) => ok(presentSession(request.session)),
  );

  r.put(
    '/api/admin/users/preferences',
    {
      schema: {
        tags: ['session'],
        summary: "Save the signed-in user's preferences",
        body: Preferences,
        response: okSchema(Preferences),
      },
    },
    async (request) => ok(await savePreferences(app.db, request.session, request.body)),
  );

  r.get(
    '/api/admin/users/:id/header',
    {
      schema: {
        tags: ['session'],
        summary: "A user's short card",
        params: z.object({ id: z.uuid() }),
        response: okSchema(UserHeader),
      },
    },
    async (request) => ok(await getUserHeader(app.db, request.session, request.params.id)),
  );
}
