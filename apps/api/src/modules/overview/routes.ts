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

/**
 * Pages and rows are sent as the service builds them, without checking each cell against the schema again:
 * they are typed where they are made, and the tests hold every answer to the schema. Checking a page of 50
 * rows and 40 columns cell by cell took about 2 ms of the request. The schema still documents the answer.
 */
const sentAsBuilt = () => (data: unknown) => JSON.stringify(data);

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
      serializerCompiler: sentAsBuilt,
      config: { confirmsKeptSession: true },
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
      serializerCompiler: sentAsBuilt,
      config: { confirmsKeptSession: true },
    },
    async (request) =>
      ok(await permitOverviewRow(contextOf(request), request.params.id, request.body.columnOptions)),
  );
}
