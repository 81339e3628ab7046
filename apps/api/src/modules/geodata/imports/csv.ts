import { parse } from 'csv-parse/sync';
import { SourceDataError, type SourceFeature } from '../features.ts';

/** Coordinate column pairs a CSV may use, latitude first; names compared without regard to case. */
const COORDINATE_COLUMNS = [
  ['lat', 'lon'],
  ['lat', 'lng'],
  ['latitude', 'longitude'],
  ['y', 'x'],
] as const;

/** The delimiter the header line uses most: comma, semicolon or tab. */
function delimiterOf(text: string) {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function parseRows(text: string) {
  const lines: number[] = [];
  try {
    const rows = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      trim: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        lines.push(context.lines);
        return record;
      },
    });
    return { rows, lines };
  } catch (error) {
    throw new SourceDataError(`The CSV cannot be read: ${error instanceof Error ? error.message : error}`);
  }
}

function coordinateColumns(header: string[]) {
  const lower = header.map((name) => name.toLowerCase());
  for (const [lat, lon] of COORDINATE_COLUMNS) {
    if (lower.includes(lat) && lower.includes(lon))
      return { lat: lower.indexOf(lat), lon: lower.indexOf(lon) };
  }
  throw new SourceDataError(
    'The CSV has no coordinate columns: name them lat and lon, latitude and longitude, or y and x.',
  );
}

function coordinate(row: string[], index: number, what: string, label: string) {
  const text = row[index] ?? '';
  const value = Number(text);
  if (text === '' || !Number.isFinite(value))
    throw new SourceDataError(`${label}: ${what} "${text}" is not a number.`);
  return value;
}

/** Points from a CSV with a header row: a latitude and a longitude column, the rest as attributes. */
export function readCsv(text: string): SourceFeature[] {
  const { rows, lines } = parseRows(text);
  const [header, ...records] = rows;
  if (!header || header.every((name) => name === '')) throw new SourceDataError('The CSV has no header row.');
  const repeated = header.find((name, i) => header.indexOf(name) !== i);
  if (repeated !== undefined) throw new SourceDataError(`The CSV has the column "${repeated}" twice.`);
  const at = coordinateColumns(header);
  return records.map((row, i): SourceFeature => {
    const label = `Line ${lines[i + 1] ?? i + 2}`;
    const lat = coordinate(row, at.lat, 'latitude', label);
    const lon = coordinate(row, at.lon, 'longitude', label);
    const properties: Record<string, unknown> = {};
    header.forEach((name, column) => {
      if (column !== at.lat && column !== at.lon) properties[name] = row[column] ?? '';
    });
    return { label, geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
  });
}
