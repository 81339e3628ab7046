import { envelope, TimerPreset, TimerPresetInput } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { createPreset, deletePreset, listPresets } from './presets.ts';

const tags = ['workflow templates'];

/** Timer presets: the federal deadlines and the caller's organization's own. */
export async function timerPresetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/projects/timer-presets',
    {
      schema: {
        tags,
        summary: "The federal timer presets and the caller's organization's own",
        response: okSchema(z.array(TimerPreset)),
      },
    },
    async (request) => ok(await listPresets(contextOf(request))),
  );
  r.post(
    '/api/projects/timer-presets',
    {
      schema: {
        tags,
        summary: "Save a timer preset for the caller's organization",
        body: TimerPresetInput,
        response: { 201: envelope(TimerPreset) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createPreset(contextOf(request), request.body), 'Created')),
  );
  r.delete(
    '/api/projects/timer-presets/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's organization's timer presets",
        params: z.object({ id: z.uuid() }),
        response: okSchema(z.object({ id: z.uuid() })),
      },
    },
    async (request) => ok(await deletePreset(contextOf(request), request.params.id), 'Deleted'),
  );
}
