import { z } from 'zod';
import { PermitStatus } from './permits.ts';

// Moving a permit through its life as a whole: completing, cancelling (asked for by the applicant or done
// directly by the pole owner), holding and restricting, apart from the work on its stages and tasks.

export const LIFECYCLE_REASON_MAX = 2000;

const reason = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(LIFECYCLE_REASON_MAX, `At most ${LIFECYCLE_REASON_MAX} characters`);

/** A body that only says why: requesting or rejecting a cancellation, restricting a permit. */
export const PermitReasonInput = z.object({ reason });
export type PermitReasonInput = z.input<typeof PermitReasonInput>;

/** `POST joint-use/permit/{id}/direct-cancel`: the pole owner may say why. */
export const DirectCancelInput = z.object({ reason: reason.optional() });
export type DirectCancelInput = z.input<typeof DirectCancelInput>;

/** Where a permit stands after a lifecycle action. */
export const PermitLifecycleState = z.object({
  id: z.uuid(),
  permitNumber: z.string(),
  status: PermitStatus,
  restricted: z.boolean(),
  restrictedReason: z.string().nullable(),
  onHoldReason: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type PermitLifecycleState = z.infer<typeof PermitLifecycleState>;

/** Pending until the pole owner decides; Undone when withdrawn, or when an approved cancellation is undone. */
export const CancelRequestStatus = z.enum(['Pending', 'Approved', 'Rejected', 'Undone']);
export type CancelRequestStatus = z.infer<typeof CancelRequestStatus>;

export const CancelRequest = z.object({
  id: z.uuid(),
  permitId: z.uuid(),
  /** Null only for a direct cancellation given without one. */
  reason: z.string().nullable(),
  requestedBy: z.uuid().nullable(),
  requestedAt: z.string(),
  status: CancelRequestStatus,
  decidedBy: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  undoneBy: z.uuid().nullable(),
  undoneAt: z.string().nullable(),
  /** The status the permit returns to when the request is rejected or undone. */
  previousStatus: PermitStatus,
});
export type CancelRequest = z.infer<typeof CancelRequest>;

/** What a cancellation action answers: the permit and the request it acted on. */
export const CancelRequestResult = z.object({
  permit: PermitLifecycleState,
  cancelRequest: CancelRequest,
});
export type CancelRequestResult = z.infer<typeof CancelRequestResult>;
