import {
  OverviewColumnGroup,
  OverviewQuery,
  OverviewRequest,
  OverviewResult,
  OverviewRow,
  OverviewRowRequest,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { overviewColumns, permitOverview, permitOverviewRow } from './service.ts';

const tags = ['permit overview'];

/** The permit overview: its columns, its pages with count and summary, and one row. */
export async function overviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/joint-use/options/permits/columns',
    {
      schema: {
        tags,
        summary: 'The columns the caller may show, filter, sort and sum, grouped by subject kind',
        response: okSchema(z.array(OverviewColumnGroup)),
      },
    },
    async (request) => ok(await overviewColumns(contextOf(request))),
  );
  r.post(
    '/api/joint-use/permits/overview',
    {
      schema: {
        tags,
        summary:
          'A page of the permits the caller sees: filtered, searched and sorted, with count and summary',
        querystring: OverviewQuery,
        body: OverviewRequest,
        response: okSchema(OverviewResult),
      },
    },
    async (request) => ok(await permitOverview(contextOf(request), request.body, request.query)),
  );
  r.post(
    '/api/joint-use/overview/row/:id',
    {
      schema: {
        tags,
        summary: 'One permit as an overview row with the asked columns',
        params: z.object({ id: z.uuid() }),
        body: OverviewRowRequest,
        response: okSchema(OverviewRow),
      },
    },
    async (request) =>
      ok(await permitOverviewRow(contextOf(request), request.params.id, request.body.columnOptions)),
  );
}
