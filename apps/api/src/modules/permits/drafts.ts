import {
  MAX_PERMIT_DRAFTS,
  type PermitDraft,
  type PermitDraftInput,
  type PermitDraftSummary,
  type PropertyValueInput,
} from '@crossarm/shared';
import type { ColumnType, Generated } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { checkApplication } from './apply-values.ts';
import { applicationVersion, requireVisibleProjectFor } from './drafts-form.ts';

// Applications saved to be finished later. A draft belongs to the person who saved it, in the organization
// they saved it for: anyone else's draft does not exist for the caller. Values are checked by type when
// saved; required ones may be missing until the application is submitted.

type ParsedDraft = z.output<typeof PermitDraftInput>;

interface PermitApplicationDraftsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  project_id: string;
  template_id: string | null;
  location: string | null;
  pole_ids: ColumnType<string[], string, string>;
  values: ColumnType<PropertyValueInput[], string, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

const draftsDb = (db: Executor) =>
  db.withTables<{ permit_application_drafts: PermitApplicationDraftsTable }>();

/** The caller's drafts with their project; `draftId` narrows to one. */
function callersDrafts(ctx: ServiceContext, db: Executor) {
  return draftsDb(db)
    .selectFrom('permit_application_drafts as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select([
      'd.id',
      'd.project_id',
      'p.name as project_name',
      'p.project_code',
      'd.template_id',
      'd.location',
      'd.pole_ids',
      'd.values',
      'd.created_at',
      'd.updated_at',
    ])
    .where('d.user_id', '=', ctx.session.user.id)
    .where('d.organization_id', '=', ctx.session.organizationId!)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_organizations as mine')
          .select('mine.project_id')
          .whereRef('mine.project_id', '=', 'd.project_id')
          .where('mine.organization_id', '=', ctx.session.organizationId!),
      ),
    );
}

type DraftRow = Awaited<ReturnType<ReturnType<typeof callersDrafts>['executeTakeFirstOrThrow']>>;

function presentSummary(row: DraftRow): PermitDraftSummary {
  return {
    id: row.id,
    project: { id: row.project_id, name: row.project_name, code: row.project_code },
    location: row.location,
    poleCount: row.pole_ids.length,
    valueCount: row.values.length,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function presentDraft(row: DraftRow): PermitDraft {
  return { ...presentSummary(row), templateId: row.template_id, poleIds: row.pole_ids, values: row.values };
}

/** The caller's drafts on projects their organization still takes part in, the latest change first. */
export async function listDrafts(ctx: ServiceContext): Promise<PermitDraftSummary[]> {
  const rows = await callersDrafts(ctx, ctx.db)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id')
    .limit(MAX_PERMIT_DRAFTS)
    .execute();
  return rows.map(presentSummary);
}

async function requireDraft(ctx: ServiceContext, db: Executor, draftId: string) {
  const row = await callersDrafts(ctx, db).where('d.id', '=', draftId).executeTakeFirst();
  if (!row) throw notFound('The draft');
  return row;
}

export async function getDraft(ctx: ServiceContext, draftId: string): Promise<PermitDraft> {
  return presentDraft(await requireDraft(ctx, ctx.db, draftId));
}

/**
 * Checks what a draft holds against the application form of its version (the given one, or the newest):
 * each value must be a property of the form and fit its field type. Empty values are left out.
 */
async function checkedDraft(db: Executor, organizationId: string, input: ParsedDraft) {
  const version = await applicationVersion(db, input.projectId, input.templateId);
  if (input.templateId && !version) {
    throw badRequest('body.templateId: Not a published version of an active workflow of the project', [
      { field: 'body.templateId', message: 'Not a published version of an active workflow of the project' },
    ]);
  }
  const given = new Set(input.values.map((v) => v.propertyEntryId));
  const checked = version
    ? await checkApplication(
        db,
        { project_id: input.projectId, applicant_organization_id: organizationId },
        version.definition,
        input.values,
      )
    : {
        values: [],
        errors: input.values.map((_, index) => ({
          field: `body.values.${index}.propertyEntryId`,
          message: 'Not a property of the application form',
        })),
      };
  const { errors } = checked;
  // Computed values are worked out again when the application is submitted; a draft keeps what was typed.
  const values = checked.values.filter((v) => given.has(v.propertyEntryId));
  if (errors.length > 0) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  return {
    project_id: input.projectId,
    template_id: input.templateId ?? null,
    location: input.location || null,
    pole_ids: JSON.stringify(input.poleIds),
    values: JSON.stringify(values),
  };
}

/** Saves a new draft for the caller, on a project their organization takes part in. */
export async function createDraft(ctx: ServiceContext, input: ParsedDraft): Promise<PermitDraft> {
  return transact(ctx, async (trx) => {
    await requireVisibleProjectFor(ctx, trx, input.projectId);
    const row = await checkedDraft(trx, ctx.session.organizationId!, input);
    const { count } = await draftsDb(trx)
      .selectFrom('permit_application_drafts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', ctx.session.user.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_PERMIT_DRAFTS) {
      throw conflict(
        `You already have ${MAX_PERMIT_DRAFTS} drafts, the most one person can keep. Delete drafts you no longer need, then save again.`,
      );
    }
    const { id } = await draftsDb(trx)
      .insertInto('permit_application_drafts')
      .values({ ...row, organization_id: ctx.session.organizationId!, user_id: ctx.session.user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return presentDraft(await requireDraft(ctx, trx, id));
  });
}

/** Overwrites one of the caller's drafts with what the application holds now. */
export async function updateDraft(
  ctx: ServiceContext,
  draftId: string,
  input: ParsedDraft,
): Promise<PermitDraft> {
  return transact(ctx, async (trx) => {
    await requireDraft(ctx, trx, draftId);
    await requireVisibleProjectFor(ctx, trx, input.projectId);
    const row = await checkedDraft(trx, ctx.session.organizationId!, input);
    await draftsDb(trx)
      .updateTable('permit_application_drafts')
      .set({ ...row, updated_at: new Date() })
      .where('id', '=', draftId)
      .execute();
    return presentDraft(await requireDraft(ctx, trx, draftId));
  });
}

/** Deletes one of the caller's drafts. */
export async function deleteDraft(ctx: ServiceContext, draftId: string): Promise<void> {
  await transact(ctx, async (trx) => {
    await requireDraft(ctx, trx, draftId);
    await draftsDb(trx).deleteFrom('permit_application_drafts').where('id', '=', draftId).execute();
  });
}
