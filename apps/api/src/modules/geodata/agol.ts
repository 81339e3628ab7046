import { z } from 'zod';
import { getJson, type OutboundOptions } from './outbound.ts';

/** ArcGIS answered with an error body (it does so with HTTP 200), or with something that is not ArcGIS. */
export class ArcGisError extends Error {
  override name = 'ArcGisError';
}

/** Where a pasted address points: a FeatureServer service (maybe with a layer number), or a portal item. */
export type LayerAddress =
  | { kind: 'service'; serviceUrl: string; layerId: number | null }
  | { kind: 'item'; portalUrl: string; itemId: string };

const SERVICE_PATH = /^(.*\/(?:FeatureServer|MapServer))(?:\/(\d+))?\/?$/i;

/** Reads a pasted service, layer or item address; null when it is none of those. */
export function parseLayerAddress(address: string): LayerAddress | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const item = url.pathname.match(/^(.*)\/home\/item\.html$/i);
  const itemId = url.searchParams.get('id');
  if (item && itemId && /^[0-9a-f]{32}$/i.test(itemId)) {
    return { kind: 'item', portalUrl: `${url.origin}${item[1]}`, itemId };
  }
  const service = url.pathname.match(SERVICE_PATH);
  if (!service) return null;
  return {
    kind: 'service',
    serviceUrl: `${url.origin}${service[1]}`,
    layerId: service[2] === undefined ? null : Number(service[2]),
  };
}

const ErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    details: z.array(z.unknown()).optional(),
  }),
});

/** Fetches an ArcGIS REST resource and reads it with the schema; an ArcGIS error body becomes an ArcGisError. */
async function arcgis<T extends z.ZodType>(
  url: URL,
  schema: T,
  options: OutboundOptions,
): Promise<z.output<T>> {
  const body = await getJson(url.toString(), options);
  const failed = ErrorBody.safeParse(body);
  if (failed.success) {
    const message = failed.data.error.message ?? 'Unknown error';
    const details = (failed.data.error.details ?? []).filter(
      (detail) => typeof detail === 'string' && detail.length > 0 && detail !== message,
    );
    throw new ArcGisError([message, ...details].join(' '));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ArcGisError('The answer is not what an ArcGIS feature service sends.');
  return parsed.data;
}

function endpoint(base: string, path: string, query: Record<string, string | number>) {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url;
}

const ItemInfo = z.object({ type: z.string().optional(), url: z.string().nullish() });

/** An item page's feature service address, from the portal's item description. */
export async function resolveItem(portalUrl: string, itemId: string, options: OutboundOptions) {
  const item = await arcgis(
    endpoint(portalUrl, `/sharing/rest/content/items/${itemId}`, { f: 'json' }),
    ItemInfo,
    options,
  );
  const address = item.url ? parseLayerAddress(item.url) : null;
  if (address?.kind !== 'service') {
    throw new ArcGisError(`The item is a ${item.type ?? 'item'} without a feature service address.`);
  }
  return address;
}

const ServiceInfo = z.object({
  layers: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
  tables: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
});

/** The layers a FeatureServer service lists. */
export function serviceInfo(serviceUrl: string, options: OutboundOptions) {
  return arcgis(endpoint(serviceUrl, '', { f: 'json' }), ServiceInfo, options);
}

const Field = z.object({ name: z.string(), type: z.string(), alias: z.string().nullish() });

const LayerInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  geometryType: z.string().nullish(),
  fields: z.array(Field).nullish(),
  objectIdField: z.string().nullish(),
  globalIdField: z.string().nullish(),
  maxRecordCount: z.number().int().positive().nullish(),
});
export type LayerInfo = z.infer<typeof LayerInfo>;

/** A layer's description: name, type, geometry, fields and the most features one query returns. */
export function layerInfo(serviceUrl: string, layerId: number, options: OutboundOptions) {
  return arcgis(endpoint(serviceUrl, `/${layerId}`, { f: 'json' }), LayerInfo, options);
}

/** The layer's object id field, which orders pages so that offsets are stable between requests. */
export function objectIdFieldOf(layer: LayerInfo) {
  return layer.objectIdField ?? layer.fields?.find((f) => f.type === 'esriFieldTypeOID')?.name ?? 'OBJECTID';
}

/** The layer's GlobalID field, when it has one: stable across a re-load of the data, unlike object ids. */
export function globalIdFieldOf(layer: LayerInfo) {
  return layer.globalIdField || layer.fields?.find((f) => f.type === 'esriFieldTypeGlobalID')?.name || null;
}

/** How many features the layer holds. */
export async function countFeatures(serviceUrl: string, layerId: number, options: OutboundOptions) {
  const counted = await arcgis(
    endpoint(serviceUrl, `/${layerId}/query`, { where: '1=1', returnCountOnly: 'true', f: 'json' }),
    z.object({ count: z.number().int().min(0) }),
    options,
  );
  return counted.count;
}

const GeoJsonPage = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      id: z.union([z.number(), z.string()]).nullish(),
      geometry: z.unknown(),
      properties: z.record(z.string(), z.unknown()).nullish(),
    }),
  ),
  exceededTransferLimit: z.boolean().optional(),
  properties: z.object({ exceededTransferLimit: z.boolean().optional() }).nullish(),
});
export type GeoJsonPageFeature = z.infer<typeof GeoJsonPage>['features'][number];

/** One page of a layer's features as GeoJSON (WGS84), ordered by the object id. */
export async function queryPage(
  serviceUrl: string,
  layerId: number,
  page: { offset: number; count: number; orderBy: string },
  options: OutboundOptions,
) {
  const body = await arcgis(
    endpoint(serviceUrl, `/${layerId}/query`, {
      where: '1=1',
      outFields: '*',
      orderByFields: page.orderBy,
      resultOffset: page.offset,
      resultRecordCount: page.count,
      f: 'geojson',
    }),
    GeoJsonPage,
    options,
  );
  // ArcGIS puts the flag beside the features in JSON output and under `properties` in GeoJSON output.
  const more = body.exceededTransferLimit ?? body.properties?.exceededTransferLimit ?? false;
  return { features: body.features, exceededTransferLimit: more };
}
