import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppConfig } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { API_VERSION } from '../../version.ts';

/** Version endpoints and the browser's start-up configuration; all public. */
export async function platformRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/version',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'The API version',
        response: okSchema(z.object({ version: z.string() })),
      },
    },
    async () => ok({ version: API_VERSION }),
  );

  r.get(
    '/api/app-config',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: "The web app's start-up configuration",
        response: okSchema(AppConfig),
      },
    },
    async () => {
      const { identity } = config;
      // Embedded provider: the audience is its resource indicator. Others (Auth0 and the like) take `audience`.
      const extraQueryParams: Record<string, string> =
        identity.mode === 'embedded' ? { resource: identity.audience } : { audience: identity.audience };
      return ok({
        version: await readWebVersion(config.webDist),
        oidc: {
          authority: identity.issuer,
          clientId: identity.clientId,
          scope: 'openid profile email',
          extraQueryParams,
        },
        helpCenterUrl: config.helpCenterUrl,
        contactUrl: config.contactUrl,
      });
    },
  );

  // The front end polls this to learn that a newer build is deployed; it is read fresh on every request.
  app.get('/version.txt', { config: { public: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    return readWebVersion(config.webDist);
  });
}

/** The version of the deployed web build, or 'development' when none is built. */
export async function readWebVersion(webDist: string): Promise<string> {
  try {
    return (await readFile(path.join(webDist, 'version.txt'), 'utf8')).trim();
  } catch {
    return 'development';
  }
}
