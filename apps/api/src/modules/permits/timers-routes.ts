import { PermitTimer } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { listPermitTimers } from './timers.ts';

/** A permit's deadline clocks. */
export async function permitTimerRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/joint-use/permit/:id/timers',
    {
      schema: {
        tags: ['permits'],
        summary: "A permit's timers with the time they ran, the time left and whether they ran out",
        params: z.object({ id: z.uuid() }),
        response: okSchema(z.array(PermitTimer)),
      },
    },
    async (request) => ok(await listPermitTimers(contextOf(request), request.params.id)),
  );
}
