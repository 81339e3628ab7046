import { type DesignUrlCheck, type PermitReport, PermitReportLink } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { parseFields } from '../../http/form.ts';
import { getOk, OutboundError } from '../geodata/outbound.ts';
import { recordPermitChange } from './events.ts';
import { mayDelete, requireOpenForFiles } from './files.ts';
import { discardFiles, insertStoredFile, type ReceivedFile } from './files-upload.ts';
import { requirePermit } from './permit-access.ts';

function reportsOf(db: Executor, permitId: string) {
  return db
    .selectFrom('permit_reports as pr')
    .leftJoin('stored_files as sf', 'sf.id', 'pr.file_id')
    .leftJoin('users as u', 'u.id', 'pr.created_by')
    .select([
      'pr.id',
      'pr.file_id',
      'pr.design_id',
      'pr.design_url',
      'pr.is_latest',
      'pr.created_at',
      'pr.created_by',
      'pr.created_by_organization_id',
      'sf.original_name',
      'sf.size_bytes',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('created_by_name'),
    ])
    .where('pr.permit_id', '=', permitId)
    .where('pr.deleted_at', 'is', null);
}

/** The permit's reports, newest first. */
export async function listPermitReports(ctx: ServiceContext, permitId: string): Promise<PermitReport[]> {
  const access = await requirePermit(ctx, ctx.db, permitId);
  const rows = await reportsOf(ctx.db, permitId).orderBy('pr.created_at', 'desc').orderBy('pr.id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.original_name ?? row.design_id ?? '',
    fileId: row.file_id,
    size: row.size_bytes === null ? null : Number(row.size_bytes),
    designId: row.design_id,
    designUrl: row.design_url,
    isLatest: row.is_latest,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
    canDelete: mayDelete(ctx, access, row.created_by_organization_id),
  }));
}

/** Makes one report the permit's latest, taking the flag from whichever had it. */
async function setLatest(trx: Trx, permitId: string, reportId: string) {
  await trx
    .updateTable('permit_reports')
    .set({ is_latest: false })
    .where('permit_id', '=', permitId)
    .where('is_latest', '=', true)
    .execute();
  await trx.updateTable('permit_reports').set({ is_latest: true }).where('id', '=', reportId).execute();
}

/**
 * Checks a design link: the id's form, then, when an address is given, that it answers with a 2xx through
 * the guarded outbound client (no private hosts in production, a time and size limit).
 */
export async function checkDesignLink(
  ctx: ServiceContext,
  input: { designId: string; designUrl?: string | undefined },
): Promise<DesignUrlCheck> {
  const parsed = PermitReportLink.safeParse(input);
  if (!parsed.success) return { valid: false, message: parsed.error.issues[0]?.message ?? 'Not valid' };
  if (!parsed.data.designUrl) return { valid: true, message: null };
  try {
    await getOk(parsed.data.designUrl, {
      allowPrivateHosts: ctx.app.config.arcgis.allowPrivateHosts,
      timeoutMs: 10_000,
      maxBytes: 10 * 1024 * 1024,
    });
    return { valid: true, message: null };
  } catch (error) {
    if (error instanceof OutboundError) return { valid: false, message: error.message };
    throw error;
  }
}

/** What a new report is: an uploaded file, or a design link from the form's fields. */
export type ReportSource = { file: ReceivedFile } | { link: PermitReportLink };

/** Reads the report's source from an upload: one file, or designId (and designUrl) that answers. */
export async function reportSource(
  ctx: ServiceContext,
  files: ReceivedFile[],
  fields: Record<string, string>,
): Promise<ReportSource> {
  const [file, extra] = files;
  if (extra) {
    await discardFiles(ctx.app.storage, files);
    throw badRequest('Send one report file.', [{ field: `body.${extra.field}`, message: 'One file only' }]);
  }
  if (file) return { file };
  const link = parseFields(PermitReportLink, fields);
  const check = await checkDesignLink(ctx, link);
  if (!check.valid)
    throw badRequest(`designUrl: ${check.message}`, [
      { field: 'body.designUrl', message: check.message ?? '' },
    ]);
  return { link };
}

/** Adds a report to the permit; the newest report is its latest until someone picks another. */
export async function addPermitReport(ctx: ServiceContext, permitId: string, source: ReportSource) {
  let reportId: string;
  try {
    reportId = await transact(ctx, async (trx) => {
      const { permit } = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
      requireOpenForFiles(permit);
      const fileId = 'file' in source ? await insertStoredFile(trx, ctx, source.file, 'permit-report') : null;
      const link = 'link' in source ? source.link : null;
      const report = await trx
        .insertInto('permit_reports')
        .values({
          permit_id: permit.id,
          project_id: permit.project_id,
          file_id: fileId,
          design_id: link?.designId ?? null,
          design_url: link?.designUrl ?? null,
          created_by: ctx.session.user.id,
          created_by_organization_id: ctx.session.organizationId!,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setLatest(trx, permit.id, report.id);
      const name = 'file' in source ? source.file.name : `design ${link?.designId}`;
      await recordPermitChange(ctx, trx, permit, {
        kind: 'FileUploaded',
        summary: `Added the report ${name}`,
        after: { reportId: report.id, fileId, designId: link?.designId ?? null },
        detail: { reportId: report.id, fileId },
      });
      return report.id;
    });
  } catch (error) {
    if ('file' in source) await discardFiles(ctx.app.storage, [source.file]);
    throw error;
  }
  return (await listPermitReports(ctx, permitId)).find((report) => report.id === reportId)!;
}

async function lockedReport(ctx: ServiceContext, trx: Trx, permitId: string, reportId: string) {
  const access = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
  const report = await reportsOf(trx, permitId).where('pr.id', '=', reportId).executeTakeFirst();
  if (!report) throw notFound('The report');
  requireOpenForFiles(access.permit);
  return { access, report };
}

/** Makes a report the permit's latest; the one that was latest no longer is. */
export async function markReportLatest(ctx: ServiceContext, permitId: string, reportId: string) {
  await transact(ctx, async (trx) => {
    const { report } = await lockedReport(ctx, trx, permitId, reportId);
    if (!report.is_latest) await setLatest(trx, permitId, reportId);
  });
  return listPermitReports(ctx, permitId);
}

/**
 * Deletes a report: it is hidden and keeps who deleted it. When it was the latest, the newest remaining
 * report becomes the latest, so a permit with reports always has one.
 */
export async function deletePermitReport(ctx: ServiceContext, permitId: string, reportId: string) {
  await transact(ctx, async (trx) => {
    const { access, report } = await lockedReport(ctx, trx, permitId, reportId);
    if (!mayDelete(ctx, access, report.created_by_organization_id)) {
      throw forbidden(
        "Only the organization that added a report, or the pole owner's permit managers, may delete it.",
      );
    }
    await trx
      .updateTable('permit_reports')
      .set({ deleted_at: new Date(), deleted_by: ctx.session.user.id, is_latest: false })
      .where('id', '=', reportId)
      .execute();
    if (report.is_latest) {
      const newest = await reportsOf(trx, permitId)
        .orderBy('pr.created_at', 'desc')
        .orderBy('pr.id')
        .executeTakeFirst();
      if (newest) await setLatest(trx, permitId, newest.id);
    }
    const name = report.original_name ?? `design ${report.design_id}`;
    await recordPermitChange(ctx, trx, access.permit, {
      kind: 'FileDeleted',
      summary: `Deleted the report ${name}`,
      before: { reportId, fileId: report.file_id, designId: report.design_id },
      detail: { reportId, fileId: report.file_id },
    });
  });
}
