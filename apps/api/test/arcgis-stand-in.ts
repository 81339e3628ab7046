import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for ArcGIS Online that speaks the parts of the FeatureServer REST protocol the app uses:
 * service and layer descriptions, `query` (where, outFields, orderByFields, resultOffset, resultRecordCount,
 * returnCountOnly, f=json and f=geojson with exceededTransferLimit), and portal items. Like ArcGIS, it
 * answers errors with HTTP 200 and a body of `{ error: { code, message, details } }`.
 */

export interface StandInField {
  name: string;
  type: string;
  alias?: string;
}

export type StandInGeometry = { x: number; y: number } | { paths: number[][][] } | null;

export interface StandInFeature {
  attributes: Record<string, unknown>;
  geometry: StandInGeometry;
}

export interface StandInLayer {
  id: number;
  name: string;
  type: 'Feature Layer' | 'Table';
  geometryType: 'esriGeometryPoint' | 'esriGeometryPolyline' | 'esriGeometryPolygon' | null;
  fields: StandInField[];
  objectIdField: string;
  globalIdField: string | null;
  maxRecordCount: number;
  features: StandInFeature[];
}

export interface ArcGisStandIn {
  origin: string;
  /** Services by name, changeable between requests. */
  services: Map<string, StandInLayer[]>;
  /** Portal items by id, each naming a service. */
  items: Map<string, string>;
  /** Every request's path and query, in order. */
  requests: string[];
  /** When set, the query after this many more queries answers an ArcGIS error (a failure midway). */
  failQueryAfter: number | null;
  serviceUrl(name: string): string;
  itemUrl(itemId: string): string;
  close(): Promise<void>;
}

const arcgisError = (code: number, message: string, details: string[] = []) => ({
  error: { code, message, details },
});

function toGeoJson(geometry: StandInGeometry) {
  if (!geometry) return null;
  if ('x' in geometry) return { type: 'Point', coordinates: [geometry.x, geometry.y] };
  if (geometry.paths.length === 1) return { type: 'LineString', coordinates: geometry.paths[0] };
  return { type: 'MultiLineString', coordinates: geometry.paths };
}

/** `1=1` or `field = value` (a number or a quoted string), as far as this stand-in understands SQL. */
function matcher(where: string | null): ((feature: StandInFeature) => boolean) | null {
  const clause = (where ?? '1=1').trim();
  if (/^1\s*=\s*1$/.test(clause)) return () => true;
  const match = clause.match(/^(\w+)\s*=\s*(?:'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?))$/);
  if (!match) return null;
  const [, field, text, number] = match;
  const wanted = text !== undefined ? text.replaceAll("''", "'") : Number(number);
  return (feature) => feature.attributes[field!] === wanted;
}

function sorter(orderBy: string | null) {
  const keys = (orderBy ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => field);
  return (a: StandInFeature, b: StandInFeature) => {
    for (const [field, direction] of keys) {
      const left = a.attributes[field!];
      const right = b.attributes[field!];
      if (left === right) continue;
      const before =
        typeof left === 'number' && typeof right === 'number' ? left < right : String(left) < String(right);
      const order = before ? -1 : 1;
      return direction?.toUpperCase() === 'DESC' ? -order : order;
    }
    return 0;
  };
}

function pick(attributes: Record<string, unknown>, outFields: string | null) {
  if (!outFields || outFields === '*') return { ...attributes };
  const wanted = outFields.split(',').map((f) => f.trim());
  return Object.fromEntries(Object.entries(attributes).filter(([key]) => wanted.includes(key)));
}

function query(layer: StandInLayer, params: URLSearchParams) {
  const format = params.get('f') ?? 'html';
  if (format !== 'json' && format !== 'geojson')
    return arcgisError(400, 'Invalid or missing input parameters.');
  const matches = matcher(params.get('where'));
  if (!matches) return arcgisError(400, 'Unable to complete operation.', ["'where' parameter is invalid"]);
  const selected = layer.features.filter(matches);
  if (params.get('returnCountOnly') === 'true') return { count: selected.length };
  if (params.get('orderByFields')) selected.sort(sorter(params.get('orderByFields')));
  const offset = Number(params.get('resultOffset') ?? 0);
  const asked = Number(params.get('resultRecordCount') ?? layer.maxRecordCount);
  const page = selected.slice(offset, offset + Math.min(asked, layer.maxRecordCount));
  const exceeded = offset + page.length < selected.length;
  const outFields = params.get('outFields');
  if (format === 'json') {
    return {
      objectIdFieldName: layer.objectIdField,
      globalIdFieldName: layer.globalIdField ?? '',
      geometryType: layer.geometryType,
      spatialReference: { wkid: 4326, latestWkid: 4326 },
      fields: layer.fields,
      features: page.map((f) => ({ attributes: pick(f.attributes, outFields), geometry: f.geometry })),
      ...(exceeded ? { exceededTransferLimit: true } : {}),
    };
  }
  return {
    type: 'FeatureCollection',
    features: page.map((f) => ({
      type: 'Feature',
      id: f.attributes[layer.objectIdField],
      geometry: toGeoJson(f.geometry),
      properties: pick(f.attributes, outFields),
    })),
    ...(exceeded ? { properties: { exceededTransferLimit: true } } : {}),
  };
}

function describeLayer(layer: StandInLayer) {
  return {
    currentVersion: 11.3,
    id: layer.id,
    name: layer.name,
    type: layer.type,
    geometryType: layer.geometryType,
    objectIdField: layer.objectIdField,
    globalIdField: layer.globalIdField ?? '',
    fields: layer.fields.map((f) => ({ alias: f.name, ...f })),
    maxRecordCount: layer.maxRecordCount,
    advancedQueryCapabilities: { supportsPagination: true, supportsOrderBy: true },
  };
}

function describeService(layers: StandInLayer[]) {
  const entry = (l: StandInLayer) => ({ id: l.id, name: l.name, geometryType: l.geometryType, type: l.type });
  return {
    currentVersion: 11.3,
    maxRecordCount: Math.max(...layers.map((l) => l.maxRecordCount), 1000),
    layers: layers.filter((l) => l.type === 'Feature Layer').map(entry),
    tables: layers.filter((l) => l.type === 'Table').map(entry),
  };
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startArcGisStandIn(): Promise<ArcGisStandIn> {
  const stand: Omit<ArcGisStandIn, 'origin' | 'serviceUrl' | 'itemUrl' | 'close'> = {
    services: new Map(),
    items: new Map(),
    requests: [],
    failQueryAfter: null,
  };
  function answer(url: URL): unknown {
    const item = url.pathname.match(/^\/sharing\/rest\/content\/items\/(\w+)$/);
    if (item) {
      const service = stand.items.get(item[1]!);
      if (!service)
        return {
          error: {
            code: 400,
            messageCode: 'CONT_0001',
            message: 'Item does not exist or is inaccessible.',
            details: [],
          },
        };
      return {
        id: item[1],
        title: service,
        type: 'Feature Service',
        url: `${origin}/arcgis/rest/services/${service}/FeatureServer`,
      };
    }
    const path = url.pathname.match(
      /^\/arcgis\/rest\/services\/(\w+)\/FeatureServer(?:\/(\d+))?(\/query)?\/?$/,
    );
    const layers = path ? stand.services.get(path[1]!) : undefined;
    if (!path || !layers) return arcgisError(400, 'Invalid URL', ['Invalid URL']);
    if (path[2] === undefined)
      return path[3] ? arcgisError(400, 'Invalid URL', ['Invalid URL']) : describeService(layers);
    const layer = layers.find((l) => l.id === Number(path[2]));
    if (!layer)
      return arcgisError(400, 'Invalid or missing input parameters.', ['Invalid layer or table ID']);
    if (!path[3]) return describeLayer(layer);
    if (stand.failQueryAfter !== null && stand.failQueryAfter-- <= 0) {
      stand.failQueryAfter = null;
      return arcgisError(500, 'Unable to perform query. Please check your parameters.');
    }
    return query(layer, url.searchParams);
  }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    stand.requests.push(`${url.pathname}${url.search}`);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(stand, {
    origin,
    serviceUrl: (name: string) => `${origin}/arcgis/rest/services/${name}/FeatureServer`,
    itemUrl: (itemId: string) => `${origin}/home/item.html?id=${itemId}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A point layer of poles with OBJECTID, GlobalID and a few attributes, numbered from 1. */
export function poleLayer(count: number, options: Partial<StandInLayer> = {}): StandInLayer {
  return {
    id: 0,
    name: 'Poles',
    type: 'Feature Layer',
    geometryType: 'esriGeometryPoint',
    fields: [
      { name: 'OBJECTID', type: 'esriFieldTypeOID' },
      { name: 'GlobalID', type: 'esriFieldTypeGlobalID' },
      { name: 'PoleID', type: 'esriFieldTypeString' },
      { name: 'Height', type: 'esriFieldTypeInteger' },
    ],
    objectIdField: 'OBJECTID',
    globalIdField: 'GlobalID',
    maxRecordCount: 1000,
    features: Array.from({ length: count }, (_, i) => ({
      attributes: {
        OBJECTID: i + 1,
        GlobalID: `{${String(i + 1).padStart(8, '0')}-0000-4000-8000-000000000000}`,
        PoleID: `P-${i + 1}`,
        Height: 40,
      },
      geometry: { x: -72.58 + i * 0.0001, y: 44.26 + (i % 50) * 0.0001 },
    })),
    ...options,
  };
}

/** A polyline layer of spans joining consecutive poles of `poleLayer`, numbered from 1. */
export function spanLayer(count: number, options: Partial<StandInLayer> = {}): StandInLayer {
  return {
    id: 1,
    name: 'Spans',
    type: 'Feature Layer',
    geometryType: 'esriGeometryPolyline',
    fields: [
      { name: 'OBJECTID', type: 'esriFieldTypeOID' },
      { name: 'FromPole', type: 'esriFieldTypeString' },
      { name: 'ToPole', type: 'esriFieldTypeString' },
    ],
    objectIdField: 'OBJECTID',
    globalIdField: null,
    maxRecordCount: 1000,
    features: Array.from({ length: count }, (_, i) => ({
      attributes: { OBJECTID: i + 1, FromPole: `P-${i + 1}`, ToPole: `P-${i + 2}` },
      geometry: {
        paths: [
          [
            [-72.58 + i * 0.0001, 44.26],
            [-72.58 + (i + 1) * 0.0001, 44.26],
          ],
        ],
      },
    })),
    ...options,
  };
}
