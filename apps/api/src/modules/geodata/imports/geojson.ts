import { SourceDataError, type SourceFeature } from '../features.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The 1-based line of a character offset, for messages about a JSON syntax error. */
function lineAt(text: string, offset: number) {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = message.match(/position (\d+)/);
    const where = offset ? ` at line ${lineAt(text, Number(offset[1]))}` : '';
    throw new SourceDataError(`The GeoJSON is not valid JSON${where}: ${message}`);
  }
}

// RFC 7946 GeoJSON is always WGS84 longitude/latitude; the older format could name another system.
const WGS84_NAMES = /(CRS84|EPSG::?4326|WGS ?84)$/i;

function checkCrs(collection: Record<string, unknown>) {
  const crs = collection.crs;
  if (!isObject(crs) || !isObject(crs.properties)) return;
  const name = String(crs.properties.name ?? '');
  if (name && !WGS84_NAMES.test(name)) {
    throw new SourceDataError(
      `The GeoJSON is in the coordinate system ${name}; send longitude and latitude in WGS84 (EPSG:4326).`,
    );
  }
}

/** The features of a GeoJSON FeatureCollection, each named by its place in the file. */
export function readGeoJson(text: string): SourceFeature[] {
  const body = parseJson(text);
  if (!isObject(body) || body.type !== 'FeatureCollection' || !Array.isArray(body.features)) {
    throw new SourceDataError('The JSON is not a GeoJSON FeatureCollection.');
  }
  checkCrs(body);
  return body.features.map((feature: unknown, i) => {
    const label = `Feature ${i + 1}`;
    if (!isObject(feature) || feature.type !== 'Feature') {
      throw new SourceDataError(`${label} is not a GeoJSON Feature.`);
    }
    const properties = feature.properties ?? {};
    if (!isObject(properties)) throw new SourceDataError(`${label} has properties that are not an object.`);
    const id = typeof feature.id === 'string' || typeof feature.id === 'number' ? feature.id : null;
    return { label, id, geometry: feature.geometry, properties };
  });
}
