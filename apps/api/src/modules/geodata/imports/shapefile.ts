import { type Unzipped, unzipSync } from 'fflate';
import proj4 from 'proj4';
import { parseDbf, parseShp } from 'shpjs';
import { SourceDataError, type SourceFeature } from '../features.ts';

/** Most bytes the parts of one zipped shapefile may unpack to: a guard against zip bombs. */
const MAX_UNZIPPED_BYTES = 500 * 1024 * 1024;

const PARTS = /\.(shp|dbf|prj|cpg)$/i;

function unzip(data: Uint8Array): Unzipped {
  let total = 0;
  try {
    return unzipSync(data, {
      filter: (file) => {
        if (!PARTS.test(file.name) || file.name.includes('__MACOSX')) return false;
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES)
          throw new SourceDataError('The zip file unpacks to more than 500 MB.');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SourceDataError) throw error;
    throw new SourceDataError(`The zip file is damaged: ${error instanceof Error ? error.message : error}`);
  }
}

/** The one shapefile in the zip, its parts found by name whatever their case. */
function shapefileParts(files: Unzipped) {
  const names = Object.keys(files);
  const shps = names.filter((name) => name.toLowerCase().endsWith('.shp'));
  if (shps.length === 0) throw new SourceDataError('The zip file holds no .shp file.');
  if (shps.length > 1) {
    throw new SourceDataError(
      `The zip file holds ${shps.length} shapefiles (${shps.join(', ')}); send one at a time.`,
    );
  }
  const base = shps[0]!.slice(0, -4).toLowerCase();
  const part = (extension: string) => {
    const name = names.find((n) => n.toLowerCase() === `${base}.${extension}`);
    return name ? files[name] : undefined;
  };
  return { shp: part('shp')!, dbf: part('dbf'), prj: part('prj'), cpg: part('cpg') };
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes).trim() : undefined);

/**
 * The .prj to reproject from, or undefined when the data is already longitude/latitude (WGS84 or a datum
 * within a metre or two of it), which is left untouched rather than sent through a no-op transform.
 */
function projectionOf(prj: string | undefined): string | undefined {
  if (!prj) return undefined;
  let toWgs84: proj4.Converter;
  try {
    toWgs84 = proj4(prj, 'WGS84');
  } catch {
    throw new SourceDataError(
      'The .prj file names a coordinate system that cannot be read; export the shapefile in WGS84 (EPSG:4326).',
    );
  }
  const probes = [
    [-72.5, 44.2],
    [10, -30],
  ];
  const unchanged = probes.every(([x, y]) => {
    const [lon, lat] = toWgs84.forward([x!, y!]);
    return Math.abs(lon! - x!) < 1e-9 && Math.abs(lat! - y!) < 1e-9;
  });
  return unchanged ? undefined : prj;
}

/** The .shp header states the file's length (in 16-bit words); a cut-off file reads as fewer shapes. */
function checkLength(shp: DataView) {
  if (shp.byteLength < 100) throw new Error('it is shorter than its header');
  const stated = shp.getInt32(24) * 2;
  if (stated !== shp.byteLength) throw new Error(`it should be ${stated} bytes long, not ${shp.byteLength}`);
}

/** The records of a zipped shapefile (.shp with its .dbf, and .prj when not in WGS84), reprojected to WGS84. */
export function readShapefile(data: Uint8Array): SourceFeature[] {
  const parts = shapefileParts(unzip(data));
  const prj = projectionOf(text(parts.prj));
  let geometries: ReturnType<typeof parseShp>;
  let attributes: Record<string, unknown>[] = [];
  try {
    checkLength(view(parts.shp));
    geometries = parseShp(view(parts.shp), prj);
  } catch (error) {
    throw new SourceDataError(`The .shp file is damaged: ${error instanceof Error ? error.message : error}`);
  }
  try {
    if (parts.dbf) attributes = parseDbf(view(parts.dbf), text(parts.cpg));
  } catch (error) {
    throw new SourceDataError(`The .dbf file is damaged: ${error instanceof Error ? error.message : error}`);
  }
  if (parts.dbf && attributes.length !== geometries.length) {
    throw new SourceDataError(
      `The .dbf file has ${attributes.length} records for ${geometries.length} shapes in the .shp file.`,
    );
  }
  return geometries.map((geometry, i) => ({
    label: `Record ${i + 1}`,
    geometry,
    properties: attributes[i] ?? {},
  }));
}
