import type {
  FeaturesInViewQuery,
  MapMetadata,
  PoleFeatureCollection,
  SpanFeatureCollection,
} from '@crossarm/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../http/context.ts';
import { requireVisibleProject } from '../projects/access.ts';
import { findAgol, polesInView, spansInView } from './repo.ts';

/** What a map of the project needs first: extent, counts, layer settings and attribute names. */
export async function getMapMetadata(ctx: ServiceContext, projectId: string): Promise<MapMetadata> {
  await requireVisibleProject(ctx, ctx.db, projectId);
  const row = await findAgol(ctx.db, projectId);
  const box = [row?.min_lon, row?.min_lat, row?.max_lon, row?.max_lat];
  const [minLon, minLat, maxLon, maxLat] = box;
  const hasBox = box.every((value) => typeof value === 'number');
  return {
    bbox: hasBox ? [minLon!, minLat!, maxLon!, maxLat!] : null,
    poleCount: row?.pole_count ?? 0,
    spanCount: row?.span_count ?? 0,
    layer:
      row?.url && row.layer_name && row.layer_id !== null
        ? {
            url: row.url,
            layerName: row.layer_name,
            layerId: row.layer_id,
            spansLayerName: row.spans_layer_name,
            spansLayerId: row.spans_layer_id,
          }
        : null,
    polesSyncedAt: row?.poles_synced_at?.toISOString() ?? null,
    spansSyncedAt: row?.spans_synced_at?.toISOString() ?? null,
    dataUpdatedAt: row?.data_updated_at?.toISOString() ?? null,
    poleFields: row?.pole_fields ?? [],
    spanFields: row?.span_fields ?? [],
  };
}

type PoleRow = Awaited<ReturnType<typeof polesInView>>['rows'][number];
type SpanRow = Awaited<ReturnType<typeof spansInView>>['rows'][number];

/** A project pole as a GeoJSON point; every map of poles presents them this way. */
export function poleFeature(row: PoleRow): PoleFeatureCollection['features'][number] {
  return {
    type: 'Feature',
    id: row.external_id,
    geometry: { type: 'Point', coordinates: [row.lon, row.lat] },
    properties: { ...row.attributes, externalId: row.external_id },
  };
}

/** A project span as a GeoJSON line, naming the poles it joins. */
export function spanFeature(row: SpanRow): SpanFeatureCollection['features'][number] {
  return {
    type: 'Feature',
    id: row.external_id,
    geometry: { type: 'LineString', coordinates: row.coordinates },
    properties: {
      ...row.attributes,
      externalId: row.external_id,
      fromPoleId: row.from_pole_id,
      toPoleId: row.to_pole_id,
    },
  };
}

/** Features in view as a GeoJSON FeatureCollection, after the caller's access to the project is checked. */
async function inView<R, F>(
  ctx: ServiceContext,
  projectId: string,
  read: () => Promise<{ rows: R[]; truncated: boolean }>,
  present: (row: R) => F,
) {
  await requireVisibleProject(ctx, ctx.db, projectId);
  const { rows, truncated } = await read();
  return { type: 'FeatureCollection' as const, features: rows.map(present), truncated };
}

/** The project's poles inside a box as GeoJSON points, capped, for the project map. */
export function getPolesInView(
  ctx: ServiceContext,
  projectId: string,
  query: z.output<typeof FeaturesInViewQuery>,
): Promise<PoleFeatureCollection> {
  return inView(ctx, projectId, () => polesInView(ctx.db, projectId, query.bbox, query.limit), poleFeature);
}

/** The project's spans crossing a box as GeoJSON lines, capped, for the project map. */
export function getSpansInView(
  ctx: ServiceContext,
  projectId: string,
  query: z.output<typeof FeaturesInViewQuery>,
): Promise<SpanFeatureCollection> {
  return inView(ctx, projectId, () => spansInView(ctx.db, projectId, query.bbox, query.limit), spanFeature);
}
