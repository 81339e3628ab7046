import {
  AgolInput,
  AgolSettings,
  FeaturesInViewQuery,
  GeodataKind,
  GeodataWriteResult,
  LayerValidation,
  MapMetadata,
  PoleFeatureCollection,
  SpanFeatureCollection,
  ValidateLayerQuery,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { readForm } from '../../http/form.ts';
import { importFile, MAX_IMPORT_BYTES } from './imports/service.ts';
import { getMapMetadata, getPolesInView, getSpansInView } from './map.ts';
import { getAgol, updateAgol, validateLayer } from './settings.ts';
import { syncLayer } from './sync.ts';

const tags = ['project map data'];
const idParams = z.object({ id: z.uuid() });
const base = '/api/joint-use/projects';

const importNote =
  'multipart/form-data with one file (GeoJSON, KML, a zipped shapefile, or CSV for poles; recognised by ' +
  'its content) and an optional field replace=true to remove what the file does not hold. At most 50 MB.';

/** A project's map data: its ArcGIS layers and their sync, file imports, and what a map reads. */
export async function geodataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/validate-layer`,
    {
      schema: {
        tags,
        summary: 'Check an ArcGIS feature layer by address, number and name',
        description:
          'An unreachable server, an ArcGIS error or a layer that does not match answers 200 with ' +
          '`valid: false` and the reason; only malformed input (a missing name, a non-numeric layer, a ' +
          'non-http(s) address) is a 400.',
        querystring: ValidateLayerQuery,
        response: okSchema(LayerValidation),
      },
    },
    async (request) => ok(await validateLayer(contextOf(request), request.query)),
  );
  r.get(
    `${base}/:id/agol`,
    {
      schema: {
        tags,
        summary: "The project's ArcGIS layer settings",
        params: idParams,
        response: okSchema(AgolSettings.nullable()),
      },
    },
    async (request) => ok(await getAgol(contextOf(request), request.params.id)),
  );
  r.put(
    `${base}/:id/agol`,
    {
      schema: {
        tags,
        summary: "Set the project's ArcGIS layers, checked against ArcGIS first",
        params: idParams,
        body: AgolInput,
        response: okSchema(AgolSettings.nullable()),
      },
    },
    async (request) => ok(await updateAgol(contextOf(request), request.params.id, request.body)),
  );
  for (const kind of GeodataKind.options) {
    r.post(
      `${base}/:id/agol/sync/base/${kind}`,
      {
        schema: {
          tags,
          summary: `Sync the project's ${kind} from its ArcGIS layer`,
          params: idParams,
          response: okSchema(GeodataWriteResult),
        },
      },
      async (request) => ok(await syncLayer(contextOf(request), request.params.id, kind)),
    );
    r.post(
      `/api/projects/:id/${kind}/import`,
      {
        schema: {
          tags,
          summary: `Import the project's ${kind} from a file`,
          description: importNote,
          params: idParams,
          response: okSchema(GeodataWriteResult),
        },
      },
      async (request) =>
        ok(
          await importFile(contextOf(request), request.params.id, kind, () =>
            readForm(request, MAX_IMPORT_BYTES),
          ),
        ),
    );
  }
  r.get(
    `${base}/:id/map/metadata`,
    {
      schema: {
        tags,
        summary: "What the project's map needs first",
        params: idParams,
        response: okSchema(MapMetadata),
      },
    },
    async (request) => ok(await getMapMetadata(contextOf(request), request.params.id)),
  );
  r.get(
    '/api/projects/:id/poles',
    {
      schema: {
        tags,
        summary: "The project's poles in a bounding box, as GeoJSON",
        params: idParams,
        querystring: FeaturesInViewQuery,
        response: okSchema(PoleFeatureCollection),
      },
    },
    async (request) => ok(await getPolesInView(contextOf(request), request.params.id, request.query)),
  );
  r.get(
    '/api/projects/:id/spans',
    {
      schema: {
        tags,
        summary: "The project's spans crossing a bounding box, as GeoJSON",
        params: idParams,
        querystring: FeaturesInViewQuery,
        response: okSchema(SpanFeatureCollection),
      },
    },
    async (request) => ok(await getSpansInView(contextOf(request), request.params.id, request.query)),
  );
}
