import { PermitFile, PermitFilesExport, PermitFilesQuery } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { deletePermitFile, findPermitDownload, listPermitFiles } from './files.ts';
import { exportPermitFiles } from './files-export.ts';
import { attachPermitFiles, receiveFiles, requireFileUploader } from './files-upload.ts';

const tags = ['permit files'];
const permitParams = z.object({ id: z.uuid() });
const fileParams = z.object({ id: z.uuid(), fileId: z.uuid() });

/** `attachment; filename="..."` with the UTF-8 name beside a plain fallback, as browsers expect. */
export function attachmentHeader(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A permit's files: upload, list, download, delete, and a zip of several. */
export async function permitFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/joint-use/permit/:id/files';
  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Upload files to a permit',
        description:
          'multipart/form-data with one or more files (any field names), each up to 100 MB. Accepted: PDF, ' +
          'PNG, JPEG, GIF, WebP, TIFF, DWG, DOCX, XLSX, CSV, TXT, KML, KMZ and ZIP, recognised by their bytes.',
        params: permitParams,
        response: { 201: okSchema(z.array(PermitFile))[200] },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      await requireFileUploader(ctx, request.params.id);
      const { files } = await receiveFiles(request, app.storage);
      const added = await attachPermitFiles(ctx, request.params.id, files);
      return reply.status(201).send(ok(added, 'Created'));
    },
  );
  r.post(
    `${base}/overview`,
    {
      schema: {
        tags,
        summary: "A permit's files, filtered by kind and sorted",
        params: permitParams,
        body: PermitFilesQuery,
        response: okSchema(z.array(PermitFile)),
      },
    },
    async (request) => ok(await listPermitFiles(contextOf(request), request.params.id, request.body)),
  );
  r.post(
    `${base}/overview/export/zip`,
    {
      schema: {
        tags,
        summary: "Download a permit's files as one zip",
        params: permitParams,
        body: PermitFilesExport,
      },
    },
    async (request, reply) => {
      const zip = await exportPermitFiles(contextOf(request), request.params.id, request.body);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentHeader(zip.fileName))
        .send(zip.stream);
    },
  );
  r.get(
    `${base}/:fileId`,
    {
      schema: { tags, summary: "Download one of a permit's files or report files", params: fileParams },
    },
    async (request, reply) => {
      const file = await findPermitDownload(contextOf(request), request.params.id, request.params.fileId);
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header('content-disposition', attachmentHeader(file.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(app.storage.read(file.storage_key));
    },
  );
  r.delete(
    `${base}/:fileId`,
    {
      schema: {
        tags,
        summary: 'Delete a file from a permit',
        params: fileParams,
        response: okSchema(z.null()),
      },
    },
    async (request) => {
      await deletePermitFile(contextOf(request), request.params.id, request.params.fileId);
      return ok(null, 'Deleted');
    },
  );
}
