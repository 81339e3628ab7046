import type { GeodataKind } from '@crossarm/shared';

/** A feature read from any source, before it becomes a pole or a span. */
export interface SourceFeature {
  /** How a message names it: "Feature 12", "Line 14", "Placemark 3". */
  label: string;
  /** The feature's own id outside its attributes (a GeoJSON `id`, an ArcGIS object id). */
  id?: string | number | null | undefined;
  geometry: unknown;
  properties: Record<string, unknown>;
}

/** A feature that cannot be used: no id, a repeated id, or coordinates that are not degrees. */
export class SourceDataError extends Error {
  override name = 'SourceDataError';
}

export type Position = [number, number];

export interface PoleRecord {
  externalId: string;
  lon: number;
  lat: number;
  attributes: Record<string, unknown>;
}

export interface SpanRecord {
  externalId: string;
  coordinates: Position[];
  fromPoleId: string | null;
  toPoleId: string | null;
  attributes: Record<string, unknown>;
}

/** How features are told apart: the attribute named, and how to read it from a feature. */
export interface Identity {
  field: string;
  idOf(feature: SourceFeature): unknown;
}

/** The id columns a file may carry, in order of preference. */
const ID_FIELDS: Record<GeodataKind, string[]> = {
  poles: ['id', 'pole_id', 'PoleID', 'OBJECTID', 'GlobalID'],
  spans: ['id', 'span_id', 'SpanID', 'OBJECTID', 'GlobalID'],
};

/** The first id column the file has (names compared without regard to case), as the file spells it. */
function pickIdField(kind: GeodataKind, keys: Iterable<string>): string | null {
  const byLower = new Map<string, string>();
  for (const key of keys) if (!byLower.has(key.toLowerCase())) byLower.set(key.toLowerCase(), key);
  for (const candidate of ID_FIELDS[kind]) {
    const found = byLower.get(candidate.toLowerCase());
    if (found) return found;
  }
  return null;
}

const KIND_GEOMETRIES: Record<GeodataKind, string[]> = {
  poles: ['Point'],
  spans: ['LineString', 'MultiLineString'],
};

/** Identity by a column of the feature's attributes, as files carry it. */
function identityByField(field: string): Identity {
  return { field, idOf: (feature) => feature.properties[field] };
}

/** A position in degrees; anything else (missing, projected metres or feet) is refused with the feature named. */
function position(value: unknown, label: string): Position {
  if (!Array.isArray(value) || value.length < 2) throw new SourceDataError(`${label} has no coordinates.`);
  const [lon, lat] = value;
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    throw new SourceDataError(`${label} has coordinates that are not numbers.`);
  }
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
    throw new SourceDataError(
      `${label} is at ${lon}, ${lat}, which is not a longitude and latitude in degrees (longitude -180 to 180, latitude -90 to 90).`,
    );
  }
  return [lon, lat];
}

function geometryParts(geometry: unknown): { type: string; coordinates: unknown } | null {
  if (!geometry || typeof geometry !== 'object') return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  return typeof type === 'string' ? { type, coordinates } : null;
}

/** A pole's position, or null when the feature is not a point (it is then skipped). */
export function readPoint(geometry: unknown, label: string): Position | null {
  const parts = geometryParts(geometry);
  if (parts?.type !== 'Point') return null;
  return position(parts.coordinates, label);
}

/** A span's line, or null when the feature is not a line. A line in several parts is refused. */
export function readLine(geometry: unknown, label: string): Position[] | null {
  const parts = geometryParts(geometry);
  let line: unknown = null;
  if (parts?.type === 'LineString') line = parts.coordinates;
  else if (parts?.type === 'MultiLineString' && Array.isArray(parts.coordinates)) {
    if (parts.coordinates.length !== 1) {
      throw new SourceDataError(
        `${label} is a line in ${parts.coordinates.length} parts; a span is one line.`,
      );
    }
    line = parts.coordinates[0];
  } else return null;
  if (!Array.isArray(line) || line.length < 2)
    throw new SourceDataError(`${label} is a line of fewer than two points.`);
  return line.map((point) => position(point, label));
}

function normalizeId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= 200 ? trimmed : null;
}

interface Collected<G> {
  items: { externalId: string; geometry: G; attributes: Record<string, unknown> }[];
  skipped: number;
}

/** Reads each feature's geometry and id; refuses a missing or repeated id, since ids match rows on re-import. */
function collect<G>(
  features: Iterable<SourceFeature>,
  identity: Identity,
  read: (geometry: unknown, label: string) => G | null,
): Collected<G> {
  const seen = new Map<string, string>();
  const result: Collected<G> = { items: [], skipped: 0 };
  for (const feature of features) {
    const geometry = read(feature.geometry, feature.label);
    if (geometry === null) {
      result.skipped++;
      continue;
    }
    const externalId = normalizeId(identity.idOf(feature));
    if (externalId === null) throw new SourceDataError(`${feature.label} has no ${identity.field}.`);
    const earlier = seen.get(externalId);
    if (earlier) {
      throw new SourceDataError(
        `${feature.label} has the ${identity.field} "${externalId}" of ${earlier} as well.`,
      );
    }
    seen.set(externalId, feature.label);
    result.items.push({ externalId, geometry, attributes: feature.properties });
  }
  return result;
}

/** The pole records of the point features; other geometries are counted as skipped. */
export function polesFrom(features: Iterable<SourceFeature>, identity: Identity) {
  const { items, skipped } = collect(features, identity, readPoint);
  const records: PoleRecord[] = items.map(({ externalId, geometry: [lon, lat], attributes }) => ({
    externalId,
    lon,
    lat,
    attributes,
  }));
  return { records, skipped };
}

function endPoleField(keys: string[], end: 'from' | 'to') {
  return keys.find((key) => [`${end}pole`, `${end}poleid`].includes(key.toLowerCase().replaceAll('_', '')));
}

/** The span records of the line features, with the poles at either end when the attributes name them. */
export function spansFrom(features: Iterable<SourceFeature>, identity: Identity) {
  const { items, skipped } = collect(features, identity, readLine);
  const records: SpanRecord[] = items.map(({ externalId, geometry, attributes }) => {
    const keys = Object.keys(attributes);
    const fromField = endPoleField(keys, 'from');
    const toField = endPoleField(keys, 'to');
    return {
      externalId,
      coordinates: geometry,
      fromPoleId: fromField ? normalizeId(attributes[fromField]) : null,
      toPoleId: toField ? normalizeId(attributes[toField]) : null,
      attributes,
    };
  });
  return { records, skipped };
}

/** Poles or spans read from one source, ready to be written. */
export type GeodataBatch =
  | { kind: 'poles'; records: PoleRecord[] }
  | { kind: 'spans'; records: SpanRecord[] };

/** The features of the kind asked for, as a batch to write, with how many others were skipped. */
export function readBatch(kind: GeodataKind, features: Iterable<SourceFeature>, identity: Identity) {
  if (kind === 'poles') {
    const { records, skipped } = polesFrom(features, identity);
    return { batch: { kind, records } satisfies GeodataBatch, skipped };
  }
  const { records, skipped } = spansFrom(features, identity);
  return { batch: { kind, records } satisfies GeodataBatch, skipped };
}

/**
 * The features of one kind from a file, identified by the first id column that kind's features carry.
 * Refuses a file with no features of the kind or no id column, naming what is missing.
 */
export function readFileBatch(kind: GeodataKind, features: SourceFeature[]) {
  const ofKind = features.filter((f) =>
    KIND_GEOMETRIES[kind].includes(geometryParts(f.geometry)?.type ?? ''),
  );
  if (ofKind.length === 0)
    throw new SourceDataError(`The file holds no ${kind === 'poles' ? 'points' : 'lines'}.`);
  const idField = pickIdField(kind, new Set(ofKind.flatMap((f) => Object.keys(f.properties))));
  if (!idField)
    throw new SourceDataError(`The file has no id column: name one ${ID_FIELDS[kind].join(', ')}.`);
  return { ...readBatch(kind, features, identityByField(idField)), idField };
}
