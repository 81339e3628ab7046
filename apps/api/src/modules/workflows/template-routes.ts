import {
  ProjectWorkflowTemplatesQuery,
  WorkflowTemplate,
  WorkflowTemplateGroup,
  WorkflowTemplateListItem,
  WorkflowTemplateListQuery,
  WorkflowTemplateSaveInput,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import {
  getTemplate,
  listProjectTemplates,
  listTemplates,
  publishTemplate,
  saveTemplate,
} from './templates.ts';

const tags = ['workflow templates'];
const idParams = z.object({ id: z.uuid() });

/** Template versions: the lists, one version, saving a draft and publishing it. */
export async function workflowTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/projects/:id/workflow-templates',
    {
      schema: {
        tags,
        summary: "A project's template groups with their versions",
        params: idParams,
        querystring: ProjectWorkflowTemplatesQuery,
        response: okSchema(z.array(WorkflowTemplateGroup)),
      },
    },
    async (request) =>
      ok(await listProjectTemplates(contextOf(request), request.params.id, request.query.includeArchived)),
  );
  r.get(
    '/api/projects/workflow-templates',
    {
      schema: {
        tags,
        summary: 'The template versions of the projects the caller takes part in',
        querystring: WorkflowTemplateListQuery,
        response: okSchema(z.array(WorkflowTemplateListItem)),
      },
    },
    async (request) => ok(await listTemplates(contextOf(request), request.query.projectId)),
  );
  r.get(
    '/api/projects/workflow-templates/:id',
    {
      schema: {
        tags,
        summary: 'One template version with its definition and the library entries it uses',
        params: idParams,
        response: okSchema(WorkflowTemplate),
      },
    },
    async (request) => ok(await getTemplate(contextOf(request), request.params.id)),
  );
  r.put(
    '/api/projects/workflow-templates/:id',
    {
      schema: {
        tags,
        summary: "Save a draft's definition",
        params: idParams,
        body: WorkflowTemplateSaveInput,
        response: okSchema(WorkflowTemplate),
      },
    },
    async (request) => ok(await saveTemplate(contextOf(request), request.params.id, request.body.definition)),
  );
  r.put(
    '/api/projects/workflow-templates/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish a draft that passes the checks; it never changes afterwards',
        params: idParams,
        response: okSchema(WorkflowTemplate),
      },
    },
    async (request) => ok(await publishTemplate(contextOf(request), request.params.id)),
  );
}
