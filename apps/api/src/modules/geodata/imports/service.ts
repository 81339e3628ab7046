import type { GeodataKind, GeodataWriteResult } from '@crossarm/shared';
import { z } from 'zod';
import { type ServiceContext, transact } from '../../../http/context.ts';
import { badRequest } from '../../../http/errors.ts';
import { type FormInput, parseFields } from '../../../http/form.ts';
import { recordAudit } from '../../audit/audit.ts';
import { requireManagedProject } from '../../projects/access.ts';
import { readFileBatch, SourceDataError } from '../features.ts';
import { writeGeodata } from '../write.ts';
import { readUpload } from './read.ts';

/** Largest file an import reads: about 150,000 poles of GeoJSON with a dozen attributes each. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Most features one import writes. */
export const MAX_IMPORT_FEATURES = 500_000;

const ImportFields = z.object({
  /** Remove the project's poles (or spans) that the file does not hold. */
  replace: z.boolean().default(false),
});

const fileProblem = (message: string) => badRequest(message, [{ field: 'body.file', message }]);

/** The uploaded file's features of the kind asked for, or a 400 naming what is wrong with it. */
function readFile(form: FormInput, kind: GeodataKind) {
  const [file, ...others] = form.files;
  if (!file) throw badRequest('Attach the file to import.', [{ field: 'body.file', message: 'Required' }]);
  if (others.length) throw fileProblem('Send one file at a time.');
  try {
    const upload = readUpload(file.data, kind);
    const read = readFileBatch(kind, upload.features);
    if (read.batch.records.length > MAX_IMPORT_FEATURES) {
      throw new SourceDataError(`The file holds more than ${MAX_IMPORT_FEATURES} features; split it.`);
    }
    return { ...read, format: upload.format, filename: file.filename };
  } catch (error) {
    if (error instanceof SourceDataError) throw fileProblem(error.message);
    throw error;
  }
}

/**
 * Imports poles or spans from a file into a project, matched by the file's id column: new ones are added,
 * changed ones updated; those missing from the file stay unless `replace` is sent. The whole file is read
 * and checked before anything is written.
 */
export async function importFile(
  ctx: ServiceContext,
  projectId: string,
  kind: GeodataKind,
  readForm: () => Promise<FormInput>,
): Promise<GeodataWriteResult> {
  await requireManagedProject(ctx, ctx.db, projectId);
  const form = await readForm();
  const { replace } = parseFields(ImportFields, form.fields);
  const read = readFile(form, kind);
  return transact(ctx, async (trx) => {
    const result = await writeGeodata(trx, projectId, read.batch, {
      source: read.format,
      replace,
      idField: read.idField,
      skipped: read.skipped,
    });
    await recordAudit(trx, ctx.session, {
      action: `project.${kind}-imported`,
      targetType: 'project',
      targetId: projectId,
      organizationId: ctx.session.organizationId,
      after: { ...result, filename: read.filename, replace },
    });
    return result;
  });
}
