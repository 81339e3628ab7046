import { randomUUID } from 'node:crypto';
import { MAX_PERMIT_FILE_BYTES, type PermitFile, type PropertyFileRef } from '@crossarm/shared';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { cleanFileName } from '../../http/form.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordPermitChange } from './events.ts';
import { listPermitFiles, requireOpenForFiles } from './files.ts';
import { ACCEPTED_EXTENSIONS, type SniffedFile, sniffPermitFile } from './files-sniff.ts';
import { requirePermit } from './permit-access.ts';

/** How many files one upload may carry. */
const MAX_FILES_PER_UPLOAD = 20;

/** A file received, checked and written to storage, not yet recorded. */
export interface ReceivedFile {
  field: string;
  name: string;
  size: number;
  sniffed: SniffedFile;
  storageKey: string;
}

const refuse = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, [{ field: `body.${field}`, message }]);

/** Checks one uploaded file by its bytes; a 400 names it when it is too large or not an accepted kind. */
export function checkPermitFile(field: string, name: string, data: Buffer, truncated: boolean) {
  if (truncated || data.length > MAX_PERMIT_FILE_BYTES) {
    throw refuse(field, `${name} is larger than ${MAX_PERMIT_FILE_BYTES / 1024 / 1024} MB`);
  }
  const sniffed = sniffPermitFile(name, data);
  if (!sniffed) {
    throw refuse(
      field,
      `${name} is not an accepted file, or its content does not match its name (accepted: ${ACCEPTED_EXTENSIONS.join(', ')})`,
    );
  }
  return sniffed;
}

/**
 * Reads the files of a multipart upload one at a time (so only one is in memory), checks each by its bytes
 * and writes it to storage. When any is refused, those already written are removed and nothing is kept.
 */
export async function receiveFiles(
  request: FastifyRequest,
  storage: FileStorage,
  maxFiles = MAX_FILES_PER_UPLOAD,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  // A JSON body carries text fields only (a report's design link); an upload that needs files says so later.
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
    }
    return { files, fields };
  }
  try {
    const parts = request.parts({ limits: { fileSize: MAX_PERMIT_FILE_BYTES, files: maxFiles, fields: 20 } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0 && !part.filename) continue;
      const name = cleanFileName(part.filename);
      const sniffed = checkPermitFile(part.fieldname, name, data, part.file.truncated);
      const storageKey = `permit-file/${randomUUID()}`;
      await storage.put(storageKey, data);
      files.push({ field: part.fieldname, name, size: data.length, sniffed, storageKey });
    }
  } catch (error) {
    await discardFiles(storage, files);
    throw error;
  }
  return { files, fields };
}

export async function discardFiles(storage: FileStorage, files: ReceivedFile[]) {
  await Promise.all(files.map((file) => storage.remove(file.storageKey)));
}

/** Records a received file's stored bytes; the id it returns names the file from then on. */
export async function insertStoredFile(trx: Trx, ctx: ServiceContext, file: ReceivedFile, purpose: string) {
  const row = await trx
    .insertInto('stored_files')
    .values({
      organization_id: ctx.session.organizationId,
      purpose,
      original_name: file.name,
      content_type: file.sniffed.contentType,
      size_bytes: file.size,
      storage_key: file.storageKey,
      created_by: ctx.session.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Checks before the body is read that the caller may add files to the permit, so a refusal costs no upload. */
export async function requireFileUploader(ctx: ServiceContext, permitId: string) {
  const access = await requirePermit(ctx, ctx.db, permitId, { permission: 'EditPermits' });
  requireOpenForFiles(access.permit);
}

/** Runs work with files already in storage; when it fails, their bytes are removed and the error goes on. */
export async function discardOnFailure<T>(
  storage: FileStorage,
  files: ReceivedFile[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardFiles(storage, files);
    throw error;
  }
}

type PermitRef = { id: string; project_id: string; applicant_organization_id: string };

/**
 * Records a received file as one of the permit's files with its FileUploaded entry, in the caller's
 * transaction; gives the file as a File property lists it.
 */
export async function addPermitFile(
  ctx: ServiceContext,
  trx: Trx,
  permit: PermitRef,
  file: ReceivedFile,
): Promise<PropertyFileRef> {
  const fileId = await insertStoredFile(trx, ctx, file, 'permit-file');
  await trx
    .insertInto('permit_files')
    .values({
      file_id: fileId,
      permit_id: permit.id,
      project_id: permit.project_id,
      file_type: file.sniffed.type,
      uploaded_by: ctx.session.user.id,
      uploaded_by_organization_id: ctx.session.organizationId!,
    })
    .execute();
  await recordPermitChange(ctx, trx, permit, {
    kind: 'FileUploaded',
    summary: `Uploaded the file ${file.name}`,
    after: { fileId, name: file.name, size: file.size },
    detail: { fileId },
  });
  return { fileId, fileName: file.name, size: file.size, contentType: file.sniffed.contentType };
}

/** Attaches received files to the permit, each with its FileUploaded entry; on failure their bytes go. */
export async function attachPermitFiles(
  ctx: ServiceContext,
  permitId: string,
  files: ReceivedFile[],
): Promise<PermitFile[]> {
  if (files.length === 0) {
    throw refuse('files', 'Choose at least one file');
  }
  const ids = await discardOnFailure(ctx.app.storage, files, () =>
    transact(ctx, async (trx) => {
      const { permit } = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
      requireOpenForFiles(permit);
      const added: string[] = [];
      for (const file of files) added.push((await addPermitFile(ctx, trx, permit, file)).fileId);
      return added;
    }),
  );
  const listed = await listPermitFiles(ctx, permitId, {});
  return listed.filter((file) => ids.includes(file.id));
}
