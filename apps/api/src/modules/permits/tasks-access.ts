import type { TemplateTask, WorkflowDefinition } from '@crossarm/shared';
import type { Executor, Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assertStatus } from './lifecycle.ts';
import { type PermitAccess, requirePermit } from './permit-access.ts';
import { definitionsOf } from './repo.ts';

// Both sides work tasks: anyone of the pole owner or the applicant with EditPermits may fill in, complete,
// uncomplete and assign any task. Default assignees say who is expected to, not who is allowed to.

/**
 * The permit locked for a change to its work, with its version's definition: EditPermits (403), an Active
 * permit (409) that is not restricted (409).
 */
export async function requireWorkablePermit(ctx: ServiceContext, trx: Trx, permitId: string, action: string) {
  const access = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
  assertStatus(access.permit, ['Active'], action);
  if (access.permit.restricted) {
    throw conflict(`Permit ${access.permit.permit_number} is restricted, so its tasks cannot be ${action}.`);
  }
  return withDefinition(trx, access);
}

/** A permit's access with the definition of the version it runs on. */
export async function withDefinition(db: Executor, access: PermitAccess) {
  const definition = (await definitionsOf(db, [access.permit.template_id])).get(access.permit.template_id);
  if (!definition) throw notFound('The permit’s workflow');
  return { ...access, definition };
}

/** A task of the definition by its stage's key and its own; another stage's task is not found. */
export function taskIn(definition: WorkflowDefinition, stageKey: string, taskKey: string): TemplateTask {
  const task = definition.stages
    .find((stage) => stage.key === stageKey)
    ?.tasks.find((t) => t.key === taskKey);
  if (!task) throw notFound('The task');
  return task;
}
