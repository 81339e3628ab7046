import {
  BulkAssignInfoInput,
  BulkAssignInput,
  BulkAssignResult,
  BulkDeleteInput,
  BulkDeleteResult,
  BulkLifecycleResult,
  BulkRestrictionsInput,
  PermitLifecycleState,
  PermitRestriction,
  PermitRestrictionInput,
  SelectedRestrictions,
  SelectedRestrictionsInput,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { restrictPermit } from '../permits/lifecycle-actions.ts';
import { bulkAssign, previewBulkAssign } from './assign.ts';
import { bulkDelete } from './delete.ts';
import {
  bulkRestrictions,
  permitRestrictions,
  removeNamedRestriction,
  selectedRestrictions,
} from './restrictions.ts';

const tags = ['permits'];
const permit = '/api/joint-use/permit';
const permits = '/api/joint-use/permits';

/** Restrictions of one or many permits, and bulk assignment and deletion from the permit tracker. */
export async function bulkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${permit}/restriction`,
    {
      schema: {
        tags,
        body: PermitRestrictionInput,
        response: okSchema(PermitLifecycleState),
        summary: 'Restrict a permit named in the body',
      },
    },
    async (request) =>
      ok(await restrictPermit(contextOf(request), request.body.permitId, { reason: request.body.reason })),
  );
  r.get(
    `${permit}/:id/restrictions`,
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        response: okSchema(z.array(PermitRestriction)),
        summary: "A permit's restrictions, newest first",
      },
    },
    async (request) => ok(await permitRestrictions(contextOf(request), request.params.id)),
  );
  r.delete(
    `${permit}/:id/restriction/:restrictionId`,
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid(), restrictionId: z.string().regex(/^[0-9a-f-]{1,36}$/i) }),
        response: okSchema(PermitLifecycleState),
        summary: "Remove a permit's restriction by its id",
      },
    },
    async (request) =>
      ok(await removeNamedRestriction(contextOf(request), request.params.id, request.params.restrictionId)),
  );
  r.post(
    `${permit}/selected-restrictions`,
    {
      schema: {
        tags,
        body: SelectedRestrictionsInput,
        response: okSchema(SelectedRestrictions),
        summary: 'The current restrictions of the selected permits',
      },
    },
    async (request) => ok(await selectedRestrictions(contextOf(request), request.body.selection)),
  );
  r.post(
    `${permit}/bulk-action/restrictions`,
    {
      schema: {
        tags,
        body: BulkRestrictionsInput,
        response: okSchema(BulkLifecycleResult),
        summary: 'Restrict the selected permits or remove their restrictions, all or none',
      },
    },
    async (request) => ok(await bulkRestrictions(contextOf(request), request.body)),
  );
  await bulkAssignRoutes(app);
}

async function bulkAssignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const assigned = okSchema(BulkAssignResult);
  r.post(
    `${permits}/bulk-assign/info`,
    {
      schema: {
        tags,
        body: BulkAssignInfoInput,
        response: assigned,
        summary: 'Preview a bulk assignment per permit, writing nothing',
      },
    },
    async (request) => ok(await previewBulkAssign(contextOf(request), request.body, request.body.mode)),
  );
  r.post(
    `${permits}/bulk-assign/difference`,
    {
      schema: {
        tags,
        body: BulkAssignInput,
        response: assigned,
        summary: "Add people to a task's assignees on the selected permits, all or none",
      },
    },
    async (request) => ok(await bulkAssign(contextOf(request), request.body, 'Difference')),
  );
  r.post(
    `${permits}/bulk-assign/synchronize`,
    {
      schema: {
        tags,
        body: BulkAssignInput,
        response: assigned,
        summary: "Make people exactly a task's assignees on the selected permits, all or none",
      },
    },
    async (request) => ok(await bulkAssign(contextOf(request), request.body, 'Synchronize')),
  );
  r.post(
    `${permits}/bulk-assign/delete`,
    {
      schema: {
        tags,
        body: BulkDeleteInput,
        response: okSchema(BulkDeleteResult),
        summary: 'Delete the selected permits, all or none',
      },
    },
    async (request) => ok(await bulkDelete(contextOf(request), request.body.selection)),
  );
}
