import {
  Option,
  OptionsQuery,
  TASK_STATUS_OPTIONS,
  TaskStatusOption,
  TemplatePropertyItem,
  WorkflowOptionsQuery,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { templateProperties, workflowOptions } from './options.ts';

const tags = ['workflow templates'];

/** What joint use screens read from templates: a template's properties, and stage and task options. */
export async function workflowOptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/joint-use/projects/:id/templates/:templateId/properties',
    {
      schema: {
        tags,
        summary: "A template's properties with their field types and where they sit",
        params: z.object({ id: z.uuid(), templateId: z.uuid() }),
        response: okSchema(z.array(TemplatePropertyItem)),
      },
    },
    async (request) =>
      ok(await templateProperties(contextOf(request), request.params.id, request.params.templateId)),
  );
  for (const kind of ['stages', 'tasks'] as const) {
    r.get(
      `/api/joint-use/options/${kind}`,
      {
        schema: {
          tags,
          summary: `The ${kind} of the published templates of the caller's projects, by name`,
          querystring: WorkflowOptionsQuery,
          response: okSchema(z.array(Option)),
        },
      },
      async (request) => ok(await workflowOptions(contextOf(request), kind, request.query)),
    );
  }
  r.get(
    '/api/joint-use/options/tasks/statuses',
    {
      schema: {
        tags,
        summary: 'The statuses a task can be in, for the task status pickers; `filter` narrows by name',
        querystring: OptionsQuery,
        response: okSchema(z.array(TaskStatusOption)),
      },
    },
    async (request) => {
      const filter = request.query.filter?.toLowerCase() ?? '';
      return ok(TASK_STATUS_OPTIONS.filter((option) => option.name.toLowerCase().includes(filter)));
    },
  );
}
