import { DesignUrlCheck, DesignUrlQuery, PermitReport } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { receiveFiles, requireFileUploader } from './files-upload.ts';
import {
  addPermitReport,
  checkDesignLink,
  deletePermitReport,
  listPermitReports,
  markReportLatest,
  reportSource,
} from './reports.ts';

const tags = ['permit reports'];
const permitParams = z.object({ id: z.uuid() });
const reportParams = z.object({ id: z.uuid(), reportId: z.uuid() });

/** A permit's design reports: add (a file or a design link), list, pick the latest, delete; link checks. */
export async function permitReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/joint-use/permit/:id';
  r.post(
    `${base}/report`,
    {
      schema: {
        tags,
        summary: 'Add a report to a permit: an uploaded file, or a link to a design',
        description:
          'multipart/form-data with one report file (a kind permit files accept), or, as multipart fields or ' +
          'JSON, designId (letters, digits and dashes, 3 to 64) and an optional designUrl that must answer.',
        params: permitParams,
        response: { 201: okSchema(PermitReport)[200] },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      await requireFileUploader(ctx, request.params.id);
      const { files, fields } = await receiveFiles(request, app.storage, 1);
      const source = await reportSource(ctx, files, fields);
      return reply.status(201).send(ok(await addPermitReport(ctx, request.params.id, source), 'Created'));
    },
  );
  r.get(
    `${base}/reports`,
    {
      schema: {
        tags,
        summary: "A permit's reports, newest first",
        params: permitParams,
        response: okSchema(z.array(PermitReport)),
      },
    },
    async (request) => ok(await listPermitReports(contextOf(request), request.params.id)),
  );
  r.post(
    `${base}/reports/:reportId/latest`,
    {
      schema: {
        tags,
        summary: "Make a report the permit's latest",
        params: reportParams,
        response: okSchema(z.array(PermitReport)),
      },
    },
    async (request) =>
      ok(await markReportLatest(contextOf(request), request.params.id, request.params.reportId)),
  );
  r.delete(
    `${base}/reports/:reportId`,
    { schema: { tags, summary: 'Delete a report', params: reportParams, response: okSchema(z.null()) } },
    async (request) => {
      await deletePermitReport(contextOf(request), request.params.id, request.params.reportId);
      return ok(null, 'Deleted');
    },
  );
  r.get(
    '/api/joint-use/reports/validate-design-url',
    {
      schema: {
        tags,
        summary: "Check a design link: the id's form and, when given, that the address answers",
        querystring: DesignUrlQuery,
        response: okSchema(DesignUrlCheck),
      },
    },
    async (request) => ok(await checkDesignLink(contextOf(request), request.query)),
  );
}
