import {
  CancelRequestResult,
  DirectCancelInput,
  PermitHoldInput,
  PermitLifecycleState,
  PermitReasonInput,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { approveCancel, directCancel, rejectCancel, requestCancel, undoCancel } from './cancel-requests.ts';
import {
  completePermit,
  removePermitRestriction,
  restrictPermit,
  uncompletePermit,
} from './lifecycle-actions.ts';
import { deletePermit } from './lifecycle-delete.ts';
import { holdPermits, releasePermits } from './lifecycle-hold.ts';

const tags = ['permits'];
const base = '/api/joint-use/permit';
const params = z.object({ id: z.uuid() });
const cancelParams = z.object({ id: z.uuid(), cancelId: z.uuid() });
const state = okSchema(PermitLifecycleState);
const cancelResult = okSchema(CancelRequestResult);

/** A permit's life as a whole: completing, cancelling, holding, restricting and deleting it. */
export async function permitLifecycleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { tags, params, response: state };
  r.post(
    `${base}/:id/complete`,
    { schema: { ...one, summary: 'Complete a permit whose stages are all done' } },
    async (request) => ok(await completePermit(contextOf(request), request.params.id)),
  );
  r.post(
    `${base}/:id/uncomplete`,
    { schema: { ...one, summary: 'Reopen a completed permit' } },
    async (request) => ok(await uncompletePermit(contextOf(request), request.params.id)),
  );
  r.post(
    `${base}/:id/restriction`,
    { schema: { ...one, body: PermitReasonInput, summary: 'Restrict a permit: work on it stops' } },
    async (request) => ok(await restrictPermit(contextOf(request), request.params.id, request.body)),
  );
  r.delete(
    `${base}/:id/restriction`,
    { schema: { ...one, summary: "Remove a permit's restriction" } },
    async (request) => ok(await removePermitRestriction(contextOf(request), request.params.id)),
  );
  r.delete(
    `${base}/:id`,
    { schema: { tags, params, response: okSchema(z.object({ id: z.uuid() })), summary: 'Delete a permit' } },
    async (request) => ok(await deletePermit(contextOf(request), request.params.id)),
  );
  const bulk = { tags, body: PermitHoldInput, response: okSchema(z.array(PermitLifecycleState)) };
  r.post(
    `${base}/on-hold`,
    {
      schema: { ...bulk, summary: 'Put active permits on hold, listed or matched by a filter, all or none' },
    },
    async (request) => ok(await holdPermits(contextOf(request), request.body)),
  );
  r.post(
    `${base}/on-hold-remove`,
    { schema: { ...bulk, summary: 'Take permits off hold, listed or matched by a filter, all or none' } },
    async (request) => ok(await releasePermits(contextOf(request), request.body)),
  );
  await cancelRoutes(app);
}

/** Asking for, deciding on and undoing cancellations, and the pole owner's direct cancellation. */
async function cancelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const decision = { tags, params: cancelParams, response: cancelResult };
  r.post(
    `${base}/:id/cancel`,
    {
      schema: {
        tags,
        params,
        body: PermitReasonInput,
        response: cancelResult,
        summary: 'Ask for a permit to be cancelled',
      },
    },
    async (request) => ok(await requestCancel(contextOf(request), request.params.id, request.body)),
  );
  r.post(
    `${base}/:id/direct-cancel`,
    {
      schema: {
        tags,
        params,
        // A bare POST with no body cancels without a reason.
        body: DirectCancelInput.nullish(),
        response: cancelResult,
        summary: 'Cancel a permit directly',
      },
    },
    async (request) => ok(await directCancel(contextOf(request), request.params.id, request.body ?? {})),
  );
  r.post(
    `${base}/:id/cancel/:cancelId/approve`,
    { schema: { ...decision, summary: 'Approve a cancel request' } },
    async (request) =>
      ok(await approveCancel(contextOf(request), request.params.id, request.params.cancelId)),
  );
  r.post(
    `${base}/:id/cancel/:cancelId/reject`,
    { schema: { ...decision, body: PermitReasonInput, summary: 'Reject a cancel request' } },
    async (request) =>
      ok(await rejectCancel(contextOf(request), request.params.id, request.params.cancelId, request.body)),
  );
  r.post(
    `${base}/:id/cancel/:cancelId/undo`,
    { schema: { ...decision, summary: 'Undo a cancellation, or withdraw a pending cancel request' } },
    async (request) => ok(await undoCancel(contextOf(request), request.params.id, request.params.cancelId)),
  );
}
