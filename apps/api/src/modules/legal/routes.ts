import { PolicyDocument, TermsAgreement } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { agree, getAgreement, getPrivacyPolicy, getTermsOfService } from './service.ts';

export async function legalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/legal/policies/privacy-policy',
    {
      config: { public: true },
      schema: {
        tags: ['legal'],
        summary: 'The privacy policy, latest or a given version',
        querystring: z.object({ version: z.coerce.number().int().positive().optional() }),
        response: okSchema(PolicyDocument),
      },
    },
    async (request) => ok(await getPrivacyPolicy(app.db, request.query.version)),
  );

  r.get(
    '/api/legal/policies/terms-of-service',
    {
      config: { public: true },
      schema: {
        tags: ['legal'],
        summary: 'The current terms of service',
        response: okSchema(PolicyDocument),
      },
    },
    async () => ok(await getTermsOfService(app.db)),
  );

  r.get(
    '/api/legal/policies/terms-of-service/agreement',
    {
      schema: {
        tags: ['legal'],
        summary: 'Whether the signed-in user agreed to the current terms',
        response: okSchema(TermsAgreement),
      },
    },
    async (request) => ok(await getAgreement(app.db, request.session)),
  );

  r.post(
    '/api/legal/policies/terms-of-service/agreement',
    {
      schema: {
        tags: ['legal'],
        summary: 'Agree to the current terms of service',
        response: okSchema(TermsAgreement),
      },
    },
    async (request) => ok(await agree(app.db, request.session)),
  );
}
