import {
  CloneWorkflowTemplateGroupsInput,
  CloneWorkflowTemplateGroupsResult,
  envelope,
  WorkflowTemplate,
  WorkflowTemplateGroup,
  WorkflowTemplateGroupInput,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { cloneGroups } from './clone.ts';
import { changeGroupStatus, createGroup, type GroupAction, openDraft } from './groups.ts';

const tags = ['workflow templates'];
const idParams = z.object({ id: z.uuid() });

const LIFECYCLE: Record<GroupAction, string> = {
  activate: 'Offer the latest published version for new permits (needs a published version)',
  deactivate: 'Stop offering the template for new permits; also brings an archived template back',
  archive: 'Hide an inactive template from choices, keeping it for history',
};

/** Template groups: create, clone from a project, the lifecycle, and the draft to edit. */
export async function workflowGroupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/projects/:id/workflow-template-groups',
    {
      schema: {
        tags,
        summary: 'Create a template group with an empty draft as version 1',
        params: idParams,
        body: WorkflowTemplateGroupInput,
        response: { 201: envelope(WorkflowTemplateGroup) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createGroup(contextOf(request), request.params.id, request.body.name), 'Created')),
  );
  r.post(
    '/api/projects/:id/clone-workflow-template-groups',
    {
      schema: {
        tags,
        summary: "Copy groups' latest versions from a project as new drafts of this project",
        params: idParams,
        body: CloneWorkflowTemplateGroupsInput,
        response: { 201: envelope(CloneWorkflowTemplateGroupsResult) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await cloneGroups(contextOf(request), request.params.id, request.body), 'Created')),
  );
  for (const action of Object.keys(LIFECYCLE) as GroupAction[]) {
    r.put(
      `/api/projects/workflow-template-groups/:id/${action}`,
      {
        schema: {
          tags,
          summary: LIFECYCLE[action],
          params: idParams,
          response: okSchema(WorkflowTemplateGroup),
        },
      },
      async (request) => ok(await changeGroupStatus(contextOf(request), request.params.id, action)),
    );
  }
  r.put(
    '/api/projects/workflow-template-groups/:id/template',
    {
      schema: {
        tags,
        summary: "The group's draft, created from the latest published version when it has none",
        params: idParams,
        response: okSchema(WorkflowTemplate),
      },
    },
    async (request) => ok(await openDraft(contextOf(request), request.params.id)),
  );
}
