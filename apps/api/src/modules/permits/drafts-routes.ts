import { ApplicationForm, PermitDraft, PermitDraftInput, PermitDraftSummary } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from './drafts.ts';
import { getApplicationForm } from './drafts-form.ts';

const tags = ['permits'];
const base = '/api/joint-use/permit/drafts';
const draftParams = z.object({ draftId: z.uuid() });

/** The application form of a project, and the caller's saved application drafts. */
export async function permitDraftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/joint-use/projects/:projectId/application-form',
    {
      schema: {
        tags,
        summary: 'The application form of the workflow version an application on the project runs on',
        description: 'The newest published version of an active workflow, or the one named by `templateId`.',
        params: z.object({ projectId: z.uuid() }),
        querystring: z.object({ templateId: z.uuid().optional() }),
        response: okSchema(ApplicationForm),
      },
    },
    async (request) =>
      ok(await getApplicationForm(contextOf(request), request.params.projectId, request.query.templateId)),
  );
  r.get(
    base,
    {
      schema: {
        tags,
        summary: "The caller's application drafts, the latest change first",
        response: okSchema(z.array(PermitDraftSummary)),
      },
    },
    async (request) => ok(await listDrafts(contextOf(request))),
  );
  r.get(
    `${base}/:draftId`,
    {
      schema: {
        tags,
        summary: 'One of the caller’s application drafts',
        params: draftParams,
        response: okSchema(PermitDraft),
      },
    },
    async (request) => ok(await getDraft(contextOf(request), request.params.draftId)),
  );
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Save an application as a draft to finish later',
        body: PermitDraftInput,
        response: { 201: okSchema(PermitDraft)[200] },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createDraft(contextOf(request), request.body), 'Created')),
  );
  r.put(
    `${base}/:draftId`,
    {
      schema: {
        tags,
        summary: 'Overwrite an application draft with what the application holds now',
        params: draftParams,
        body: PermitDraftInput,
        response: okSchema(PermitDraft),
      },
    },
    async (request) => ok(await updateDraft(contextOf(request), request.params.draftId, request.body)),
  );
  r.delete(
    `${base}/:draftId`,
    {
      schema: {
        tags,
        summary: 'Delete an application draft',
        params: draftParams,
        response: okSchema(z.null()),
      },
    },
    async (request) => {
      await deleteDraft(contextOf(request), request.params.draftId);
      return ok(null, 'Deleted');
    },
  );
}
