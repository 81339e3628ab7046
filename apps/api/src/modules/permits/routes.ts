import {
  PermitMigrationInput,
  PermitMigrationResult,
  ProjectSummary,
  pageOf,
  TemplatePermit,
  TemplatePermitsQuery,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { permitDraftRoutes } from './drafts-routes.ts';
import { listTemplatePermits } from './list.ts';
import { migratePermits } from './migrate.ts';
import { getProjectSummary } from './summary.ts';

const tags = ['permits'];
const templateParams = z.object({ id: z.uuid(), templateId: z.uuid() });

/** Permits as projects and template versions see them: the permits of a version, moving them, the figures. */
export async function permitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await permitDraftRoutes(app);
  const onTemplate = '/api/joint-use/project/:id/workflow-templates/:templateId/permits';
  r.get(
    onTemplate,
    {
      schema: {
        tags,
        summary: 'The permits running on a template version, newest first',
        params: templateParams,
        querystring: TemplatePermitsQuery,
        response: okSchema(pageOf(TemplatePermit)),
      },
    },
    async (request) =>
      ok(
        await listTemplatePermits(
          contextOf(request),
          request.params.id,
          request.params.templateId,
          request.query,
        ),
      ),
  );
  r.post(
    `${onTemplate}/migrate`,
    {
      schema: {
        tags,
        summary: "Move a version's permits to another published version of the template, or preview it",
        params: templateParams,
        body: PermitMigrationInput,
        response: okSchema(PermitMigrationResult),
      },
    },
    async (request) =>
      ok(
        await migratePermits(contextOf(request), request.params.id, request.params.templateId, request.body),
      ),
  );
  r.get(
    '/api/projects/:id/summary',
    {
      schema: {
        tags,
        summary: "A project's figures: permits by status and by stage, poles and spans",
        params: z.object({ id: z.uuid() }),
        response: okSchema(ProjectSummary),
      },
    },
    async (request) => ok(await getProjectSummary(contextOf(request), request.params.id)),
  );
}
