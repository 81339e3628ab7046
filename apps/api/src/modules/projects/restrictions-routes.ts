import {
  ProjectRestriction,
  ProjectRestrictionCheck,
  ProjectRestrictionInput,
  ProjectTermsAcceptInput,
  ProjectTermsInput,
  ProjectTermsState,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import {
  checkRestrictions,
  liftRestriction,
  listRestrictions,
  restrictOrganization,
} from './restrictions.ts';
import { acceptProjectTerms, getProjectTerms, publishProjectTerms } from './terms.ts';

const tags = ['projects'];
const idParams = z.object({ id: z.uuid() });
const base = '/api/projects/:id';

/** What stands between an organization and creating permits on a project: restrictions and terms. */
export function projectRestrictionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const restrictionsSchema = okSchema(z.array(ProjectRestriction));
  r.get(
    `${base}/restrictions`,
    {
      schema: {
        tags,
        summary: "A project's restricted organizations",
        params: idParams,
        response: restrictionsSchema,
      },
    },
    async (request) => ok(await listRestrictions(contextOf(request), request.params.id)),
  );
  r.post(
    `${base}/restriction`,
    {
      schema: {
        tags,
        summary: 'Stop an organization from creating permits on a project',
        params: idParams,
        body: ProjectRestrictionInput,
        response: restrictionsSchema,
      },
    },
    async (request) => ok(await restrictOrganization(contextOf(request), request.params.id, request.body)),
  );
  r.delete(
    `${base}/restriction/:orgId`,
    {
      schema: {
        tags,
        summary: "Lift an organization's restriction on a project",
        params: z.object({ id: z.uuid(), orgId: z.uuid() }),
        response: restrictionsSchema,
      },
    },
    async (request) => ok(await liftRestriction(contextOf(request), request.params.id, request.params.orgId)),
  );
  r.get(
    `${base}/check-restrictions`,
    {
      schema: {
        tags,
        summary: 'Whether the caller may create permits on a project, and why not',
        params: idParams,
        response: okSchema(ProjectRestrictionCheck),
      },
    },
    async (request) => ok(await checkRestrictions(contextOf(request), request.params.id)),
  );

  const termsSchema = okSchema(ProjectTermsState);
  r.get(
    `${base}/terms`,
    {
      schema: {
        tags,
        summary: "A project's current terms and the caller organization's acceptance",
        params: idParams,
        response: termsSchema,
      },
    },
    async (request) => ok(await getProjectTerms(contextOf(request), request.params.id)),
  );
  r.post(
    `${base}/terms`,
    {
      schema: {
        tags,
        summary: "Publish a new version of a project's terms",
        params: idParams,
        body: ProjectTermsInput,
        response: termsSchema,
      },
    },
    async (request) =>
      ok(await publishProjectTerms(contextOf(request), request.params.id, request.body.htmlContent)),
  );
  r.post(
    `${base}/terms/accept`,
    {
      schema: {
        tags,
        summary: "Accept a project's current terms for the caller's organization",
        params: idParams,
        body: ProjectTermsAcceptInput,
        response: termsSchema,
      },
    },
    async (request) =>
      ok(await acceptProjectTerms(contextOf(request), request.params.id, request.body.termsId)),
  );
}
