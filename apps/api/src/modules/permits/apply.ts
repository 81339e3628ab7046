import type { ApplyPermitInput, CompletenessInput, FieldError } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { findVisibleProject } from '../projects/repo.ts';
import { permitCreationBlockers } from '../projects/restrictions.ts';
import { assertApplicationValid, checkApplication, type MissingProperty } from './apply-values.ts';
import { createPermitRecord } from './create.ts';
import { announcePermitEvent } from './events.ts';
import { addPermitFile, discardOnFailure, type ReceivedFile } from './files-upload.ts';
import { replacePoles, unknownPoles } from './permit-map.ts';
import { writeValue } from './properties-repo.ts';

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
 * the application form and its files, and the poles (nothing written on any failure, and the received files
 * removed again), then creates the permit with its poles, values and files and tells both sides. Files sent
 * as `file:<propertyEntryId>` fill the form's File properties; files sent as `files` are attached to the
 * permit. Both become the permit's files.
 */
export async function applyForPermit(
  ctx: ServiceContext,
  input: ApplyPermitInput,
  files: ReceivedFile[] = [],
) {
  return discardOnFailure(ctx.app.storage, files, () =>
    transact(ctx, async (trx) => {
      await requireApplicableProject(ctx, trx, input.projectId);
      const template = await applicationTemplate(trx, input.projectId, input.templateId);
      const applicantOrganizationId = ctx.session.organizationId!;
      const permitRef = { project_id: input.projectId, applicant_organization_id: applicantOrganizationId };
      const uploads = files.filter((file) => file.field !== ATTACHMENTS);
      const checked = await checkApplication(trx, permitRef, template.definition, input.values, { uploads });
      assertApplicationValid(checked);
      await assertPolesOnMap(trx, input.projectId, input.poleIds);
      const created = await createPermitRecord(trx, {
        projectId: input.projectId,
        templateId: template.id,
        applicantOrganizationId,
        createdBy: ctx.session.user.id,
        location: input.location || null,
        actualPoles: input.poleIds.length > 0 ? input.poleIds.length : null,
        applicationValues: checked.values,
      });
      const permit = { id: created.id, ...permitRef };
      await replacePoles(trx, permit, input.poleIds);
      // Creation writes its own activity entry; both sides still hear of the new permit.
      await announcePermitEvent(ctx, trx, permit, 'PermitCreated');
      for (const [propertyEntryId, received] of checked.uploads) {
        const refs = [];
        for (const file of received) refs.push(await addPermitFile(ctx, trx, permit, file));
        await writeValue(trx, permit, { taskKey: null, propertyEntryId }, refs, ctx.session.user.id);
      }
      for (const file of files.filter((f) => f.field === ATTACHMENTS))
        await addPermitFile(ctx, trx, permit, file);
      return created;
    }),
  );
}

/** The multipart part name of files attached to a new permit without filling a property. */
export const ATTACHMENTS = 'files';

/** Which required application form properties the values (and the File properties with files) leave empty. */
export async function checkCompleteness(
  ctx: ServiceContext,
  input: CompletenessInput,
): Promise<{ complete: boolean; missing: MissingProperty[] }> {
  await requireApplicableProject(ctx, ctx.db, input.projectId);
  const template = await applicationTemplate(ctx.db, input.projectId, input.templateId);
  const permitRef = { project_id: input.projectId, applicant_organization_id: ctx.session.organizationId! };
  const { missing } = await checkApplication(ctx.db, permitRef, template.definition, input.values, {
    fileProperties: input.fileProperties,
  });
  return { complete: missing.length === 0, missing };
}
