import { randomUUID } from 'node:crypto';
import type { Trx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { sniffImageType } from '../../storage/sniff.ts';

/** Logos and avatars: small raster images. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImagePurpose = 'logo' | 'avatar';

/** Checks an uploaded image by its bytes; a 400 names the field when it is not a PNG, JPEG, GIF or WebP. */
export function checkImage(file: UploadedFile): string {
  const type = sniffImageType(file.data);
  if (!type) {
    throw badRequest(`${file.field} must be a PNG, JPEG, GIF or WebP image.`, [
      { field: `body.${file.field}`, message: 'Not a PNG, JPEG, GIF or WebP image' },
    ]);
  }
  if (file.data.length > MAX_IMAGE_BYTES) {
    throw badRequest(`${file.field} is larger than 2 MB.`, [
      { field: `body.${file.field}`, message: 'Larger than 2 MB' },
    ]);
  }
  return type;
}

/**
 * Writes the image's bytes to storage and records it. The bytes are written first: when recording them fails
 * they are removed at once, and if the surrounding transaction fails later, `discard` removes them, so
 * nothing is left half-written.
 */
export async function storeImage(
  trx: Trx,
  storage: FileStorage,
  input: { file: UploadedFile; purpose: ImagePurpose; organizationId: string | null; createdBy: string },
) {
  const contentType = checkImage(input.file);
  const storageKey = `${input.purpose}/${randomUUID()}`;
  await storage.put(storageKey, input.file.data);
  const discard = () => storage.remove(storageKey);
  try {
    const row = await trx
      .insertInto('stored_files')
      .values({
        organization_id: input.organizationId,
        purpose: input.purpose,
        original_name: input.file.filename.slice(0, 255),
        content_type: contentType,
        size_bytes: input.file.data.length,
        storage_key: storageKey,
        created_by: input.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The URL the app shows an image at. */
export const imageUrl = (fileId: string | null) => (fileId ? `/api/files/${fileId}` : null);
