import { z } from 'zod';
import { FilterGroupInput, MAX_SEARCH_TEXT } from './overview.ts';
import { LIFECYCLE_REASON_MAX, PermitLifecycleState } from './permit-lifecycle.ts';
import { PermitStatus } from './permits.ts';

// Acting on many permits at once from the permit tracker: restricting, lifting restrictions, assigning
// people to a task and deleting. A selection names the permits one by one, or as every permit the caller
// sees that matches the tracker's filter and search.

/** How many permits one bulk action takes; a larger selection is refused before anything is written. */
export const MAX_BULK_PERMITS = 10_000;
/** How many people one bulk assignment names. */
export const MAX_BULK_ASSIGNEES = 50;

/**
 * The tracker's filter and search, as in the overview request, and optionally how many permits they matched
 * when the person confirmed: when given, the action is refused (409, nothing written) if the filter now
 * matches another number, so that it never takes permits nobody saw counted.
 */
export const BulkFilter = z.object({
  filterOptions: FilterGroupInput.nullish(),
  searchOptions: z.object({ text: z.string().trim().max(MAX_SEARCH_TEXT).default('') }).nullish(),
  expectedCount: z.number().int().min(0).max(MAX_BULK_PERMITS).optional(),
});
export type BulkFilter = z.infer<typeof BulkFilter>;

/** Either the permits by id, or every visible permit matching a filter: exactly one of the two. */
export const BulkSelection = z
  .object({
    permitIds: z
      .array(z.uuid())
      .min(1, 'Select at least one permit')
      .max(MAX_BULK_PERMITS, `At most ${MAX_BULK_PERMITS} permits at once`)
      .optional(),
    filter: BulkFilter.optional(),
  })
  .superRefine((selection, ctx) => {
    if ((selection.permitIds === undefined) === (selection.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Give either permitIds or filter' });
    }
  });
export type BulkSelection = z.input<typeof BulkSelection>;
export type ParsedBulkSelection = z.infer<typeof BulkSelection>;

const reason = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(LIFECYCLE_REASON_MAX, `At most ${LIFECYCLE_REASON_MAX} characters`);

/** `POST permit/restriction`: restrict one permit, naming it in the body. */
export const PermitRestrictionInput = z.object({ permitId: z.uuid(), reason });
export type PermitRestrictionInput = z.input<typeof PermitRestrictionInput>;

export const BulkRestrictionAction = z.enum(['Restrict', 'Remove']);
export type BulkRestrictionAction = z.infer<typeof BulkRestrictionAction>;

/** `POST permit/bulk-action/restrictions`: a reason is required to restrict, optional to lift. */
export const BulkRestrictionsInput = z
  .object({ selection: BulkSelection, action: BulkRestrictionAction, reason: reason.optional() })
  .superRefine((input, ctx) => {
    if (input.action === 'Restrict' && input.reason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Required to restrict permits' });
    }
  });
export type BulkRestrictionsInput = z.input<typeof BulkRestrictionsInput>;

/** `POST permit/selected-restrictions`. */
export const SelectedRestrictionsInput = z.object({ selection: BulkSelection });
export type SelectedRestrictionsInput = z.input<typeof SelectedRestrictionsInput>;

export const BulkPerson = z.object({ id: z.uuid(), name: z.string() });
export type BulkPerson = z.infer<typeof BulkPerson>;

/**
 * One restriction of a permit, from its restricting to its lifting. The id is the activity entry that
 * restricted the permit (the permit's own id for a restriction older than its log); `active` while the
 * permit is still restricted by it.
 */
export const PermitRestriction = z.object({
  id: z.string(),
  permitId: z.uuid(),
  reason: z.string().nullable(),
  restrictedAt: z.iso.datetime(),
  restrictedBy: BulkPerson.nullable(),
  removedAt: z.iso.datetime().nullable(),
  removedBy: BulkPerson.nullable(),
  active: z.boolean(),
});
export type PermitRestriction = z.infer<typeof PermitRestriction>;

/** A selected permit with its current restriction (null when it is not restricted). */
export const SelectedPermitRestriction = z.object({
  permitId: z.uuid(),
  permitNumber: z.string(),
  status: PermitStatus,
  restriction: PermitRestriction.nullable(),
});
export type SelectedPermitRestriction = z.infer<typeof SelectedPermitRestriction>;

export const SelectedRestrictions = z.object({
  total: z.number().int(),
  restrictedCount: z.number().int(),
  permits: z.array(SelectedPermitRestriction),
});
export type SelectedRestrictions = z.infer<typeof SelectedRestrictions>;

export const BulkLifecycleResult = z.object({
  count: z.number().int(),
  permits: z.array(PermitLifecycleState),
});
export type BulkLifecycleResult = z.infer<typeof BulkLifecycleResult>;

/** Which assignment a preview is about: add the people where missing, or make them exactly the assignees. */
export const BulkAssignMode = z.enum(['Difference', 'Synchronize']);
export type BulkAssignMode = z.infer<typeof BulkAssignMode>;

/**
 * `POST permits/bulk-assign/difference` and `/synchronize`: the task by its task library entry (the same in
 * every workflow that uses it), narrowed to one stage library entry when the task appears in several stages.
 */
export const BulkAssignInput = z.object({
  selection: BulkSelection,
  taskLibraryEntryId: z.uuid(),
  stageLibraryEntryId: z.uuid().nullish(),
  userIds: z
    .array(z.uuid())
    .max(MAX_BULK_ASSIGNEES, `At most ${MAX_BULK_ASSIGNEES} people`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each person once'),
});
export type BulkAssignInput = z.input<typeof BulkAssignInput>;

/** `POST permits/bulk-assign/info`: the same body with the mode to preview. */
export const BulkAssignInfoInput = BulkAssignInput.extend({ mode: BulkAssignMode });
export type BulkAssignInfoInput = z.input<typeof BulkAssignInfoInput>;

/** Who is added to and removed from one task of one permit. */
export const BulkAssignTaskChange = z.object({
  stageKey: z.string(),
  taskKey: z.string(),
  taskName: z.string(),
  added: z.array(BulkPerson),
  removed: z.array(BulkPerson),
});

/** One permit of a bulk assignment: its changes, or why it cannot be assigned (then nothing is written). */
export const BulkAssignPermit = z.object({
  permitId: z.uuid(),
  permitNumber: z.string(),
  tasks: z.array(BulkAssignTaskChange),
  /** Why this permit cannot be assigned ("completed", "Pat Lee cannot see it"); the permit is named above. */
  problem: z.string().nullable(),
});
export type BulkAssignPermit = z.infer<typeof BulkAssignPermit>;

export const BulkAssignResult = z.object({
  total: z.number().int(),
  /** Permits whose assignees change. */
  changedCount: z.number().int(),
  /** Permits that refuse the assignment; any at all refuses the whole action (409). */
  problemCount: z.number().int(),
  permits: z.array(BulkAssignPermit),
});
export type BulkAssignResult = z.infer<typeof BulkAssignResult>;

/** `POST permits/bulk-assign/delete`. */
export const BulkDeleteInput = z.object({ selection: BulkSelection });
export type BulkDeleteInput = z.input<typeof BulkDeleteInput>;

export const BulkDeleteResult = z.object({ count: z.number().int(), permitIds: z.array(z.uuid()) });
export type BulkDeleteResult = z.infer<typeof BulkDeleteResult>;

export type ParsedBulkRestrictionsInput = z.infer<typeof BulkRestrictionsInput>;
export type ParsedBulkAssignInput = z.infer<typeof BulkAssignInput>;
export type ParsedBulkAssignInfoInput = z.infer<typeof BulkAssignInfoInput>;
