import {
  ActivityEntry,
  ActivityFilterOptions,
  ActivityFilters,
  ActivityPageQuery,
  ExportFormat,
  PermitHeader,
  PermitMap,
  PermitMapInput,
  PermitMapMetadata,
  PermitStage,
  PermitTrackerHeader,
  pageOf,
  Recent,
  TrackerStageHeader,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { exportActivity, getActivityFilters, getActivityPage } from './activity.ts';
import { getPermitHeader, getTrackerHeader, markPermitViewed } from './header.ts';
import { getPermitMap, getPermitMapMetadata, updatePermitMap } from './permit-map.ts';
import { getPermitStage, getTrackerStageHeaders } from './tracker.ts';

const tags = ['permits'];
const base = '/api/joint-use/permit/:id';
const params = z.object({ id: z.uuid() });

/** A permit's pages: header, tracker, stages, activity log, map, and the record of a visit. */
export async function permitReadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tags, params };
  r.get(
    `${base}/header`,
    { schema: { ...read, summary: "The permit page's header", response: okSchema(PermitHeader) } },
    async (request) => ok(await getPermitHeader(contextOf(request), request.params.id)),
  );
  r.get(
    `${base}/tracker-header`,
    {
      schema: {
        ...read,
        summary: "The tracker's header: the permit header with its template and stage progress",
        response: okSchema(PermitTrackerHeader),
      },
    },
    async (request) => ok(await getTrackerHeader(contextOf(request), request.params.id)),
  );
  r.get(
    `${base}/tracker-stage-headers`,
    {
      schema: {
        ...read,
        summary: 'The stages in order with status, dates, time spent and the task being worked on',
        response: okSchema(z.array(TrackerStageHeader)),
      },
    },
    async (request) => ok(await getTrackerStageHeaders(contextOf(request), request.params.id)),
  );
  r.get(
    `${base}/stage/:stageId`,
    {
      schema: {
        tags,
        params: params.extend({ stageId: z.uuid() }),
        summary: 'One stage with its tasks, dependencies, assignees and property values',
        response: okSchema(PermitStage),
      },
    },
    async (request) =>
      ok(await getPermitStage(contextOf(request), request.params.id, request.params.stageId)),
  );
  r.put(
    `${base}/viewed`,
    {
      schema: {
        ...read,
        summary: "Put the permit at the top of the caller's recents",
        response: okSchema(Recent),
      },
    },
    async (request) => ok(await markPermitViewed(contextOf(request), request.params.id)),
  );
  activityRoutes(app);
  mapRoutes(app);
}

function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/activity-filters`,
    {
      schema: {
        tags,
        params,
        summary: 'The kinds, people and time span present in the activity log',
        response: okSchema(ActivityFilterOptions),
      },
    },
    async (request) => ok(await getActivityFilters(contextOf(request), request.params.id)),
  );
  r.post(
    `${base}/activity`,
    {
      schema: {
        tags,
        params,
        querystring: ActivityPageQuery,
        body: ActivityFilters,
        summary: 'A page of the activity log, newest first',
        response: okSchema(pageOf(ActivityEntry)),
      },
    },
    async (request) =>
      ok(await getActivityPage(contextOf(request), request.params.id, request.query, request.body)),
  );
  for (const format of ExportFormat.options) {
    r.post(
      `${base}/activity/export/${format.toLowerCase()}`,
      { schema: { tags, params, body: ActivityFilters, summary: `Export the activity log to ${format}` } },
      async (request, reply) =>
        exportActivity(contextOf(request), reply, request.params.id, format, request.body),
    );
  }
}

function mapRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/map`,
    {
      schema: {
        tags,
        params,
        summary: "The permit's poles and the spans between them as GeoJSON",
        response: okSchema(PermitMap),
      },
    },
    async (request) => ok(await getPermitMap(contextOf(request), request.params.id)),
  );
  r.get(
    `${base}/map/metadata`,
    {
      schema: {
        tags,
        params,
        summary: "The extent and counts of the permit's poles and spans",
        response: okSchema(PermitMapMetadata),
      },
    },
    async (request) => ok(await getPermitMapMetadata(contextOf(request), request.params.id)),
  );
  r.put(
    `${base}/map`,
    {
      schema: {
        tags,
        params,
        body: PermitMapInput,
        summary: 'Set the project poles the permit applies for',
        response: okSchema(PermitMapMetadata),
      },
    },
    async (request) => ok(await updatePermitMap(contextOf(request), request.params.id, request.body)),
  );
}
