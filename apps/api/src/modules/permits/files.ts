import {
  CLOSED_PERMIT_STATUSES,
  type PermitFile,
  type PermitFileSortColumn,
  type PermitFilesQuery,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { recordPermitChange } from './events.ts';
import { type PermitAccess, requirePermit } from './permit-access.ts';
import { dropDeletedFileFromValues } from './properties.ts';

/** Files and reports change only while a permit is open: a finished permit's record is what it was. */
export function requireOpenForFiles(permit: { status: string }) {
  if ((CLOSED_PERMIT_STATUSES as readonly string[]).includes(permit.status)) {
    throw conflict(`The permit is ${permit.status.toLowerCase()}; its files and reports no longer change.`);
  }
}

const personName = sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`;

function filesOf(db: Executor, permitId: string) {
  return db
    .selectFrom('permit_files as pf')
    .innerJoin('stored_files as sf', 'sf.id', 'pf.file_id')
    .leftJoin('users as u', 'u.id', 'pf.uploaded_by')
    .select([
      'pf.file_id',
      'pf.file_type',
      'pf.uploaded_at',
      'pf.uploaded_by',
      'pf.uploaded_by_organization_id',
      'sf.original_name',
      'sf.size_bytes',
      'sf.content_type',
      'sf.storage_key',
      personName.as('uploaded_by_name'),
    ])
    .where('pf.permit_id', '=', permitId)
    .where('pf.deleted_at', 'is', null);
}

const SORT: Record<PermitFileSortColumn, ReturnType<typeof sql>> = {
  name: sql`lower(sf.original_name)`,
  size: sql`sf.size_bytes`,
  uploadedAt: sql`pf.uploaded_at`,
  uploadedBy: sql`lower(u.last_name || ' ' || u.first_name)`,
  type: sql`pf.file_type`,
};

/** The permit's files that are not deleted, filtered by kind and sorted; ids narrow it further. */
export async function selectPermitFiles(
  db: Executor,
  permitId: string,
  query: PermitFilesQuery & { fileIds?: string[] | undefined },
) {
  let select = filesOf(db, permitId);
  if (query.FileTypes?.length) select = select.where('pf.file_type', 'in', query.FileTypes);
  if (query.fileIds) select = select.where('pf.file_id', 'in', query.fileIds);
  const direction = query.sortAsc ? sql`asc` : sql`desc`;
  const column = SORT[query.sortColumn ?? 'uploadedAt'];
  return select
    .orderBy(sql`${column} ${direction} nulls last`)
    .orderBy('pf.uploaded_at', 'desc')
    .orderBy('pf.file_id')
    .execute();
}

type FileRow = Awaited<ReturnType<typeof selectPermitFiles>>[number];

/** Its uploader's organization may delete a file or report, and so may the pole owner's permit managers. */
export function mayDelete(ctx: ServiceContext, access: PermitAccess, uploaderOrganizationId: string) {
  return (
    access.permissions.includes('EditPermits') &&
    (uploaderOrganizationId === ctx.session.organizationId ||
      (access.isPoleOwner && access.permissions.includes('ManagePermits')))
  );
}

function toPermitFile(ctx: ServiceContext, access: PermitAccess, row: FileRow): PermitFile {
  return {
    id: row.file_id,
    name: row.original_name,
    size: Number(row.size_bytes),
    contentType: row.content_type,
    type: row.file_type,
    uploadedAt: row.uploaded_at.toISOString(),
    uploadedBy: row.uploaded_by ? { id: row.uploaded_by, name: row.uploaded_by_name ?? '' } : null,
    uploadedByOrganizationId: row.uploaded_by_organization_id,
    canDelete: mayDelete(ctx, access, row.uploaded_by_organization_id),
  };
}

/** The permit's files, as the files tab lists them. */
export async function listPermitFiles(
  ctx: ServiceContext,
  permitId: string,
  query: PermitFilesQuery,
): Promise<PermitFile[]> {
  const access = await requirePermit(ctx, ctx.db, permitId);
  const rows = await selectPermitFiles(ctx.db, permitId, query);
  return rows.map((row) => toPermitFile(ctx, access, row));
}

/**
 * A file of the permit to download: one of its files or the file of one of its reports, neither deleted.
 * Anything else, including another permit's file, is 404.
 */
export async function findPermitDownload(ctx: ServiceContext, permitId: string, fileId: string) {
  await requirePermit(ctx, ctx.db, permitId);
  const liveFileIds = (table: 'permit_files' | 'permit_reports') =>
    ctx.db
      .selectFrom(table)
      .select('file_id')
      .where('permit_id', '=', permitId)
      .where('deleted_at', 'is', null);
  const file = await ctx.db
    .selectFrom('stored_files as sf')
    .select(['sf.original_name', 'sf.content_type', 'sf.size_bytes', 'sf.storage_key'])
    .where('sf.id', '=', fileId)
    .where('sf.id', 'in', liveFileIds('permit_files').union(liveFileIds('permit_reports')))
    .executeTakeFirst();
  if (!file) throw notFound('The file');
  return file;
}

/** Deletes a file from the permit: it is hidden from then on, and the row keeps who deleted it and when. */
export async function deletePermitFile(ctx: ServiceContext, permitId: string, fileId: string) {
  await transact(ctx, async (trx) => {
    const access = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
    const file = await filesOf(trx, permitId).where('pf.file_id', '=', fileId).executeTakeFirst();
    if (!file) throw notFound('The file');
    if (!mayDelete(ctx, access, file.uploaded_by_organization_id)) {
      throw forbidden(
        "Only the organization that uploaded a file, or the pole owner's permit managers, may delete it.",
      );
    }
    requireOpenForFiles(access.permit);
    await trx
      .updateTable('permit_files')
      .set({ deleted_at: new Date(), deleted_by: ctx.session.user.id })
      .where('file_id', '=', fileId)
      .execute();
    await dropDeletedFileFromValues(ctx, trx, access.permit, fileId);
    await recordPermitChange(ctx, trx, access.permit, {
      kind: 'FileDeleted',
      summary: `Deleted the file ${file.original_name}`,
      before: { fileId, name: file.original_name },
      detail: { fileId },
    });
  });
}
