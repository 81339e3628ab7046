import { ExportFormat, OverviewRequest } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../http/context.ts';
import { exportOverview } from './export.ts';

/** `POST overview/export/xlsx` and `/csv`: the permit overview as a file, every row the view keeps. */
export async function overviewExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const format of ExportFormat.options) {
    r.post(
      `/api/joint-use/overview/export/${format.toLowerCase()}`,
      {
        schema: {
          tags: ['permit overview'],
          summary: `Export the permits a view shows (its filters, search, sort and columns) to ${format}`,
          body: OverviewRequest,
        },
      },
      async (request, reply) => exportOverview(contextOf(request), reply, format, request.body),
    );
  }
}
