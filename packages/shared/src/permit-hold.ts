import { z } from 'zod';
import { BulkSelection, MAX_BULK_PERMITS } from './bulk.ts';
import { PermitReasonInput } from './permit-lifecycle.ts';

// Putting permits on hold and taking them off, many at once: the permits by id, or every permit the caller
// sees that matches the tracker's filter and search, as for the other bulk actions.

/** How many permits one bulk hold or release takes, listed or matched by a filter. */
export const MAX_BULK_HOLD_PERMITS = MAX_BULK_PERMITS;

/**
 * `POST joint-use/permit/on-hold` and `on-hold-remove`: a reason and either `permitIds` or `filter` (exactly
 * one), all or none.
 */
export const PermitHoldInput = z
  .object({
    reason: PermitReasonInput.shape.reason,
    permitIds: BulkSelection.shape.permitIds
      .unwrap()
      .refine((ids) => new Set(ids).size === ids.length, 'A permit is listed twice')
      .optional(),
    filter: BulkSelection.shape.filter,
  })
  .superRefine((input, ctx) => {
    if ((input.permitIds === undefined) === (input.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Give either permitIds or filter' });
    }
  });
export type PermitHoldInput = z.input<typeof PermitHoldInput>;
export type ParsedPermitHoldInput = z.infer<typeof PermitHoldInput>;
