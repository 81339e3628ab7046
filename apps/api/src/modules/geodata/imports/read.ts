import type { GeodataKind, GeodataSource } from '@crossarm/shared';
import { SourceDataError, type SourceFeature } from '../features.ts';
import { readCsv } from './csv.ts';
import { readGeoJson } from './geojson.ts';
import { readKml } from './kml.ts';
import { readShapefile } from './shapefile.ts';

export interface ReadUpload {
  format: GeodataSource;
  features: SourceFeature[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Text as UTF-8, or as Windows-1252 (what spreadsheet programs often save CSV in); binary data is refused. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    if (data.subarray(0, 8192).includes(0)) {
      throw new SourceDataError(
        'The file is not one of the accepted formats: GeoJSON, KML, a zipped shapefile or CSV.',
      );
    }
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * Reads an uploaded file by what it holds, whatever its name says: a zip is a shapefile, JSON is GeoJSON,
 * XML is KML and other text is CSV. Throws SourceDataError with the line or feature at fault.
 */
export function readUpload(data: Buffer, kind: GeodataKind): ReadUpload {
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) {
    return { format: 'Shapefile', features: readShapefile(data) };
  }
  const text = decode(data).replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    return { format: 'GeoJSON', features: readGeoJson(text) };
  }
  if (first === '<') {
    return { format: 'KML', features: readKml(text) };
  }
  if (kind === 'spans') {
    throw new SourceDataError('Spans are lines: send them as GeoJSON, KML or a zipped shapefile, not CSV.');
  }
  return { format: 'CSV', features: readCsv(text) };
}
