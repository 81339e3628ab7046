import {
  MyMentionsPage,
  MyMentionsRequest,
  MyTasksPage,
  MyTasksRequest,
  MyWorkPageQuery,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { myMentions, myTasks } from './service.ts';

const tags = ['my work'];

/** My Work: the caller's open tasks and the comments that mention them, on the permits they see. */
export async function myWorkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/joint-use/my-work/tasks',
    {
      schema: {
        tags,
        summary: 'The open tasks assigned to the caller, filtered and sorted, one page',
        querystring: MyWorkPageQuery,
        // A bare POST (no body) asks for the first page of every open task, due soonest first.
        body: MyTasksRequest.nullish(),
        response: okSchema(MyTasksPage),
      },
    },
    async (request) =>
      ok(await myTasks(contextOf(request), request.body ?? MyTasksRequest.parse({}), request.query)),
  );
  r.post(
    '/api/joint-use/my-work/mentions',
    {
      schema: {
        tags,
        summary: 'The comments that mention the caller, newest first, all or unread only, one page',
        querystring: MyWorkPageQuery,
        // The contract sends this call with no body: a bare POST lists every mention.
        body: MyMentionsRequest.nullish(),
        response: okSchema(MyMentionsPage),
      },
    },
    async (request) => ok(await myMentions(contextOf(request), request.body?.show ?? 'All', request.query)),
  );
}
