import {
  type FieldError,
  FileOptions,
  fileOptionsError,
  fileRefsOf,
  type PropertyFacts,
  type PropertyFileRef,
  PropertyValuesInput,
} from '@crossarm/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { parseFields } from '../../http/form.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { discardOnFailure, type ReceivedFile, receiveFiles } from './files-upload.ts';

// Files uploaded to File properties travel as multipart parts named `file:<propertyEntryId>`. They are
// checked by their bytes and stored while the body is read, like every permit file, and removed again when
// the save is refused. A File property's stored value lists its files (`PropertyFileRef`); a save sends the
// ids of the files to keep, and what was uploaded is appended.

const FILE_PART = /^file:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The property a file part is uploaded to, or null when the part is not named `file:<propertyEntryId>`. */
export const propertyOfPart = (field: string) => FILE_PART.exec(field)?.[1]?.toLowerCase() ?? null;

const refused = (errors: FieldError[]) =>
  badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

/** What a request with uploads takes: which file parts, and which text fields carry JSON. */
export interface UploadShape {
  /** Whether a file part's name is one the request takes; a 400 names any other. */
  parts: (field: string) => boolean;
  /** What the 400 for another part says. */
  message: string;
  /** Multipart text fields holding JSON (lists, objects), decoded before validation. */
  jsonFields: readonly string[];
  /** Values of fields a multipart body may leave out. */
  defaults?: Record<string, unknown>;
}

function decoded(fields: Record<string, string>, shape: UploadShape) {
  const result: Record<string, unknown> = { ...shape.defaults, ...fields };
  for (const name of shape.jsonFields) {
    const text = fields[name];
    if (text === undefined) continue;
    try {
      result[name] = JSON.parse(text);
    } catch {
      result[name] = text;
    }
  }
  return result;
}

/**
 * Reads a request that may carry files: JSON (fields only), or multipart whose files are checked by their
 * bytes and stored while the body is read. When a file part is not one the request takes, or the fields do
 * not validate, the stored files are removed again and a 400 names the problem.
 */
export async function readUpload<T extends z.ZodType>(
  request: FastifyRequest,
  storage: FileStorage,
  shape: UploadShape,
  schema: T,
): Promise<{ input: z.infer<T>; files: ReceivedFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    return { input: parseFields(schema, body as Record<string, unknown>), files: [] };
  }
  const { files, fields } = await receiveFiles(request, storage);
  return discardOnFailure(storage, files, async () => {
    const stray = files.filter((file) => !shape.parts(file.field));
    if (stray.length > 0) {
      throw refused(stray.map((file) => ({ field: `body.${file.field}`, message: shape.message })));
    }
    return { input: parseFields(schema, decoded(fields, shape)), files };
  });
}

/**
 * A values save: JSON `{values}`, or multipart with a `values` JSON field and `file:<propertyEntryId>` parts.
 */
export function readValuesUpload(request: FastifyRequest, storage: FileStorage) {
  return readUpload(
    request,
    storage,
    {
      parts: (field) => propertyOfPart(field) !== null,
      message: 'Files are sent for a File property, as file:<propertyEntryId>',
      jsonFields: ['values'],
      defaults: { values: [] },
    },
    PropertyValuesInput,
  );
}

/**
 * Checks files uploaded to a place's properties: each part names a File property placed there, and each
 * file fits that property's accepted types and size. Gives the uploads by property, in the order sent.
 */
export function checkUploads(
  files: ReceivedFile[],
  placed: ReadonlySet<string>,
  facts: ReadonlyMap<string, PropertyFacts>,
  where: string,
): { errors: FieldError[]; byProperty: Map<string, ReceivedFile[]> } {
  const errors: FieldError[] = [];
  const byProperty = new Map<string, ReceivedFile[]>();
  for (const file of files) {
    const propertyEntryId = propertyOfPart(file.field) ?? '';
    const fact = facts.get(propertyEntryId);
    const field = `body.${file.field}`;
    if (fact?.fieldType !== 'File' || !placed.has(propertyEntryId)) {
      errors.push({ field, message: `Not a File property of ${where}` });
      continue;
    }
    const options = FileOptions.safeParse(fact.renderOptions ?? {});
    const message = fileOptionsError(options.success ? options.data : {}, {
      name: file.name,
      type: file.sniffed.contentType,
      size: file.size,
    });
    if (message) errors.push({ field, message });
    else byProperty.set(propertyEntryId, [...(byProperty.get(propertyEntryId) ?? []), file]);
  }
  return { errors, byProperty };
}

/**
 * The files a File property keeps: the stored ones among `keep` (all of them when `keep` is undefined), or a
 * message naming the ids that are not among its files.
 */
export function keptFiles(
  stored: unknown,
  keep: readonly string[] | null | undefined,
): { ok: true; refs: PropertyFileRef[] } | { ok: false; message: string } {
  const current = fileRefsOf(stored);
  if (keep === undefined) return { ok: true, refs: current };
  const ids = keep ?? [];
  const unknown = ids.filter((id) => !current.some((ref) => ref.fileId === id));
  if (unknown.length > 0)
    return { ok: false, message: `Not one of this property's files: ${unknown.join(', ')}` };
  return { ok: true, refs: current.filter((ref) => ids.includes(ref.fileId)) };
}
