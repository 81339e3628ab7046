import { type FieldError, PropertyValueInput } from '@crossarm/shared';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { findVisibleProject } from '../projects/repo.ts';
import { permitCreationBlockers } from '../projects/restrictions.ts';
import { assertApplicationValid, checkApplication, type MissingProperty } from './apply-values.ts';
import { createPermitRecord } from './create.ts';
import { announcePermitEvent } from './events.ts';
import { replacePoles, unknownPoles } from './permit-map.ts';

/** Most poles one application names. */
const MAX_APPLICATION_POLES = 5000;

/** What an applicant sends to apply for a permit (JSON, or the same fields as multipart). */
export const ApplyPermitInput = z.object({
  projectId: z.uuid(),
  /** A published version of an active workflow of the project; by default the newest one. */
  templateId: z.uuid().optional(),
  /** Where the work is, in the applicant's words. */
  location: z.string().trim().max(500, 'At most 500 characters').nullish(),
  /** External ids of the project's poles the permit applies for, in order. */
  poleIds: z
    .array(z.string().trim().min(1))
    .max(MAX_APPLICATION_POLES, `At most ${MAX_APPLICATION_POLES}`)
    .refine((ids) => new Set(ids).size === ids.length, 'A pole is listed twice')
    .default([]),
  /** The application form's values. */
  values: z.array(PropertyValueInput).default([]),
});
export type ApplyPermitInput = z.infer<typeof ApplyPermitInput>;

/** The check before applying: which required application form properties are still empty. */
export const CompletenessInput = ApplyPermitInput.pick({ projectId: true, templateId: true, values: true });
export type CompletenessInput = z.infer<typeof CompletenessInput>;

export const Completeness = z.object({
  complete: z.boolean(),
  missing: z.array(z.object({ propertyEntryId: z.uuid(), name: z.string() })),
});
export const AppliedPermit = z.object({ id: z.uuid(), permitNumber: z.string() });

/** The project the caller applies on: 404 outside it, 409 (or 403 without CreatePermits) when blocked. */
async function requireApplicableProject(ctx: ServiceContext, db: Executor, projectId: string) {
  const organizationId = ctx.session.organizationId!;
  const project = await findVisibleProject(db, organizationId, projectId, ctx.session.user.id);
  if (!project) throw notFound('The project');
  const reasons = await permitCreationBlockers(db, project, organizationId, ctx.session.user.id);
  const blocking = reasons.filter((r) => r.code !== 'NoCreatePermission');
  if (blocking.length > 0) throw conflict(blocking.map((r) => r.message).join(' '));
  if (reasons.length > 0) throw forbidden(reasons.map((r) => r.message).join(' '));
  return project;
}

const templateError = (message: string) =>
  badRequest(`body.templateId: ${message}`, [{ field: 'body.templateId', message }]);

/** The version applied on: the given one, or the newest published version of an active workflow. */
async function applicationTemplate(db: Executor, projectId: string, templateId: string | undefined) {
  let query = db
    .selectFrom('workflow_templates as t')
    .innerJoin('workflow_template_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.definition'])
    .where('t.project_id', '=', projectId)
    .where('t.status', '=', 'Published')
    .where('g.status', '=', 'Active');
  if (templateId) query = query.where('t.id', '=', templateId);
  const template = await query
    .orderBy('t.published_at', 'desc')
    .orderBy('t.version', 'desc')
    .executeTakeFirst();
  if (template) return template;
  throw templateError(
    templateId
      ? 'Not a published version of an active workflow of the project'
      : 'The project has no published workflow to apply on',
  );
}

async function assertPolesOnMap(db: Executor, projectId: string, poleIds: string[]) {
  const notOnMap = await unknownPoles(db, projectId, poleIds);
  if (notOnMap.length === 0) return;
  const errors: FieldError[] = [
    { field: 'body.poleIds', message: `Not on the project map: ${notOnMap.slice(0, 10).join(', ')}` },
  ];
  throw badRequest('Some poles are not on the project map.', errors);
}

/**
 * Applies for a permit on the caller's behalf: checks the project takes the caller's permits, the version,
 * the application form and the poles (nothing written on any failure), then creates the permit with its
 * poles and tells both sides.
 */
export async function applyForPermit(ctx: ServiceContext, input: ApplyPermitInput) {
  return transact(ctx, async (trx) => {
    await requireApplicableProject(ctx, trx, input.projectId);
    const template = await applicationTemplate(trx, input.projectId, input.templateId);
    const checked = await checkApplication(trx, template.definition, input.values);
    assertApplicationValid(checked);
    await assertPolesOnMap(trx, input.projectId, input.poleIds);
    const applicantOrganizationId = ctx.session.organizationId!;
    const created = await createPermitRecord(trx, {
      projectId: input.projectId,
      templateId: template.id,
      applicantOrganizationId,
      createdBy: ctx.session.user.id,
      location: input.location || null,
      actualPoles: input.poleIds.length > 0 ? input.poleIds.length : null,
      applicationValues: checked.values,
    });
    const permit = {
      id: created.id,
      project_id: input.projectId,
      applicant_organization_id: applicantOrganizationId,
    };
    await replacePoles(trx, permit, input.poleIds);
    // Creation writes its own activity entry; both sides still hear of the new permit.
    await announcePermitEvent(ctx, trx, permit, 'PermitCreated');
    return created;
  });
}

/** Which required application form properties the values leave empty; writes nothing. */
export async function checkCompleteness(
  ctx: ServiceContext,
  input: CompletenessInput,
): Promise<{ complete: boolean; missing: MissingProperty[] }> {
  await requireApplicableProject(ctx, ctx.db, input.projectId);
  const template = await applicationTemplate(ctx.db, input.projectId, input.templateId);
  const { missing } = await checkApplication(ctx.db, template.definition, input.values);
  return { complete: missing.length === 0, missing };
}
