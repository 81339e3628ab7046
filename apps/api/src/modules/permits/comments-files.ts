import type { Executor, Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { insertStoredFile, type ReceivedFile } from './files-upload.ts';

/** The most files one comment takes. */
export const MAX_COMMENT_FILES = 5;

/**
 * Records a comment's files, received, checked by their bytes and written to storage the way permit files
 * are, in the order they were sent.
 */
export async function attachCommentFiles(
  trx: Trx,
  ctx: ServiceContext,
  commentId: string,
  files: ReceivedFile[],
) {
  for (const [position, file] of files.entries()) {
    const fileId = await insertStoredFile(trx, ctx, file, 'permit-comment');
    await trx
      .insertInto('permit_comment_files')
      .values({ comment_id: commentId, file_id: fileId, position })
      .execute();
  }
}

/** A file of a comment of the permit; 404 when the file is not on that comment of that permit. */
export async function findCommentFile(db: Executor, permitId: string, commentId: string, fileId: string) {
  const file = await db
    .selectFrom('permit_comment_files as cf')
    .innerJoin('permit_comments as c', 'c.id', 'cf.comment_id')
    .innerJoin('stored_files as f', 'f.id', 'cf.file_id')
    .select(['f.storage_key', 'f.content_type', 'f.size_bytes', 'f.original_name'])
    .where('c.permit_id', '=', permitId)
    .where('cf.comment_id', '=', commentId)
    .where('cf.file_id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw notFound('The file');
  return file;
}
