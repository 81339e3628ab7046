import type { Trx } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import { instantiate } from './engine.ts';
import { allocatePermitNumber, insertActivity, insertProgress, insertValues } from './repo.ts';
import { applyTimerEvents, creationEvents } from './timer-state.ts';

/** Digits of the running number in a permit number: "NEC-JU-000123". More permits simply add digits. */
const NUMBER_DIGITS = 6;

/** A permit's readable number: the project code and the project's running number. */
export const formatPermitNumber = (projectCode: string, sequence: number) =>
  `${projectCode}-${String(sequence).padStart(NUMBER_DIGITS, '0')}`;

export interface NewPermitRecord {
  projectId: string;
  /** A published version of one of the project's templates. */
  templateId: string;
  applicantOrganizationId: string;
  /** Who applied; null for records made without a person (imports, seeds). */
  createdBy: string | null;
  location?: string | null;
  actualPoles?: number | null;
  /** What the applicant filled in on the application form. */
  applicationValues?: { propertyEntryId: string; value: unknown }[];
  now?: Date;
}

/** The version a new permit runs on; only a published version of the same project takes permits. */
async function runnableTemplate(trx: Trx, projectId: string, templateId: string) {
  const template = await trx
    .selectFrom('workflow_templates')
    .innerJoin('projects', 'projects.id', 'workflow_templates.project_id')
    .select([
      'workflow_templates.definition',
      'workflow_templates.status',
      'workflow_templates.version',
      'projects.project_code',
    ])
    .where('workflow_templates.id', '=', templateId)
    .where('workflow_templates.project_id', '=', projectId)
    .executeTakeFirst();
  if (template?.status !== 'Published') {
    throw conflict('Permits run only on a published version of one of the project’s templates.');
  }
  return template;
}

/**
 * Creates a permit in the caller's transaction: its number, its row, the stages and tasks of its version
 * (the first stage started), the application form's values and a PermitCreated activity entry. Checks on
 * who may apply are the caller's; this only refuses a version that cannot take permits.
 */
export async function createPermitRecord(trx: Trx, input: NewPermitRecord) {
  const now = input.now ?? new Date();
  const template = await runnableTemplate(trx, input.projectId, input.templateId);
  const permitNumber = formatPermitNumber(
    template.project_code,
    await allocatePermitNumber(trx, input.projectId),
  );
  const progress = instantiate(template.definition, now);
  const { id } = await trx
    .insertInto('permits')
    .values({
      project_id: input.projectId,
      applicant_organization_id: input.applicantOrganizationId,
      template_id: input.templateId,
      permit_number: permitNumber,
      location: input.location ?? null,
      actual_poles: input.actualPoles ?? null,
      active_stage_key: progress.activeStageKey,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
      last_activity_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProgress(trx, input.projectId, [{ permitId: id, progress }]);
  // The clocks that run from the application's receipt (and from the first stage and its ready tasks).
  await applyTimerEvents(
    trx,
    { id, project_id: input.projectId, status: 'Active' },
    template.definition,
    creationEvents(progress),
    now,
  );
  await insertValues(
    trx,
    (input.applicationValues ?? []).map((entry) => ({
      permit_id: id,
      project_id: input.projectId,
      property_entry_id: entry.propertyEntryId,
      task_key: null,
      value: JSON.stringify(entry.value),
      updated_by: input.createdBy,
      updated_at: now,
    })),
  );
  const activeStage = progress.stages.find((stage) => stage.stageKey === progress.activeStageKey);
  await insertActivity(trx, [
    {
      permitId: id,
      projectId: input.projectId,
      kind: 'PermitCreated',
      actorUserId: input.createdBy,
      summary: `Permit ${permitNumber} was created`,
      after: {
        status: 'Active',
        templateId: input.templateId,
        version: template.version,
        activeStage: activeStage ? { key: activeStage.stageKey, name: activeStage.name } : null,
      },
    },
  ]);
  return { id, permitNumber };
}
