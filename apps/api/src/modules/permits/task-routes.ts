import {
  PermitProgress,
  PermitProperties,
  TaskAssignments,
  TaskAssignmentsInput,
  TaskProperties,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { setTaskAssignments } from './assignments.ts';
import { readValuesUpload } from './properties-files.ts';
import { getPermitProperties, savePermitProperties } from './properties-form.ts';
import { completePermitTask, saveTaskValues, uncompletePermitTask } from './tasks.ts';

const tags = ['permits'];
const permitParams = z.object({ id: z.uuid() });
/** The stage and task are named by their keys in the permit's workflow. */
const taskParams = z.object({ id: z.uuid(), stageId: z.uuid(), taskId: z.uuid() });
const valuesNote =
  'JSON `{values:[{propertyEntryId, value}]}`, or multipart/form-data with a `values` JSON field and files ' +
  'for File properties in parts named `file:<propertyEntryId>`, appended to what the property holds. A File ' +
  "property's value is the list of the ids of its stored files to keep.";

const idsOf = (params: z.infer<typeof taskParams>) => ({
  permitId: params.id,
  stageKey: params.stageId,
  taskKey: params.taskId,
});

/** Working a permit's tasks: their values, completing and uncompleting them, their assignees; the application form. */
export async function permitTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const task = '/api/joint-use/permit/:id/stage/:stageId/task/:taskId';
  r.post(
    `${task}/complete`,
    { schema: { tags, summary: 'Complete a task', params: taskParams, response: okSchema(PermitProgress) } },
    async (request) => ok(await completePermitTask(contextOf(request), idsOf(request.params))),
  );
  r.post(
    `${task}/uncomplete`,
    {
      schema: {
        tags,
        summary: "Undo a task's completion",
        params: taskParams,
        response: okSchema(PermitProgress),
      },
    },
    async (request) => ok(await uncompletePermitTask(contextOf(request), idsOf(request.params))),
  );
  r.put(
    task,
    {
      schema: {
        tags,
        summary: "Save a task's property values",
        description: valuesNote,
        params: taskParams,
        response: okSchema(TaskProperties),
      },
    },
    async (request) => {
      const { input, files } = await readValuesUpload(request, app.storage);
      return ok(await saveTaskValues(contextOf(request), idsOf(request.params), input, files));
    },
  );
  r.put(
    `${task}/user-assignments`,
    {
      schema: {
        tags,
        summary: 'Set exactly who is assigned to a task',
        params: taskParams,
        body: TaskAssignmentsInput,
        response: okSchema(TaskAssignments),
      },
    },
    async (request) => ok(await setTaskAssignments(contextOf(request), idsOf(request.params), request.body)),
  );
  r.get(
    '/api/joint-use/permit/:id/properties',
    {
      schema: {
        tags,
        summary: "A permit's application form values",
        params: permitParams,
        response: okSchema(PermitProperties),
      },
    },
    async (request) => ok(await getPermitProperties(contextOf(request), request.params.id)),
  );
  r.put(
    '/api/joint-use/permit/:id/properties',
    {
      schema: {
        tags,
        summary: "Save a permit's application form values",
        description: valuesNote,
        params: permitParams,
        response: okSchema(PermitProperties),
      },
    },
    async (request) => {
      const { input, files } = await readValuesUpload(request, app.storage);
      return ok(await savePermitProperties(contextOf(request), request.params.id, input, files));
    },
  );
}
