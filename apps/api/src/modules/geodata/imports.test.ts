import { readFile } from 'node:fs/promises';
import path from 'node:path';
import shpwrite from '@mapbox/shp-write';
import { unzipSync, zipSync } from 'fflate';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeodataCast, type GeodataCast } from '../../../test/geodata.ts';
import { multipart } from '../../../test/multipart.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/geodata');
const VERMONT_STATE_PLANE =
  'PROJCS["NAD_1983_StatePlane_Vermont_FIPS_4400",GEOGCS["GCS_North_American_1983",' +
  'DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],' +
  'UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],' +
  'PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-72.5],' +
  'PARAMETER["Scale_Factor",0.999964285714286],PARAMETER["Latitude_Of_Origin",42.5],UNIT["Meter",1.0]]';

let t: TestApp;
let cast: GeodataCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildGeodataCast(t);
});
afterAll(() => t.close());

type Kind = 'poles' | 'spans';

function upload(
  userId: string | null,
  kind: Kind,
  file: { filename: string; data: Buffer | string } | null,
  fields: Record<string, string> = {},
  projectId = cast.projectId,
) {
  const body = multipart(
    fields,
    file ? { file: { filename: file.filename, data: Buffer.from(file.data) } } : {},
  );
  const options = { method: 'POST' as const, url: `/api/projects/${projectId}/${kind}/import`, ...body };
  return userId ? t.injectAs(userId, options) : t.app.inject(options);
}

const rows = (projectId = cast.projectId) =>
  t.db
    .selectFrom('project_poles')
    .select(['external_id', 'lon', 'lat', 'attributes', 'source'])
    .where('project_id', '=', projectId)
    .orderBy('external_id')
    .execute();

const point = (id: string | null, lon: number, lat: number, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { ...(id === null ? {} : { pole_id: id }), height: 40, ...extra },
});
const collection = (...features: unknown[]) =>
  JSON.stringify({ type: 'FeatureCollection', features }, null, 2);

/** A fresh project of the same pole owner, so each format's counts start from nothing. */
async function freshProject() {
  const code = `IMP-${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.injectAs(cast.ownerManager, {
    method: 'POST',
    url: '/api/projects',
    payload: { name: code, projectCode: code },
  });
  return created.json().data.id as string;
}

async function expectRefused(
  kind: Kind,
  file: { filename: string; data: Buffer | string },
  message: RegExp | string,
) {
  const before = await rows();
  const response = await upload(cast.ownerManager, kind, file);
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.errors[0].field).toBe('body.file');
  if (typeof message === 'string') expect(body.detail).toBe(message);
  else expect(body.detail).toMatch(message);
  expect(await rows()).toEqual(before);
}

describe('POST /api/projects/:id/poles/import and /spans/import', () => {
  const sample = { filename: 'poles.geojson', data: collection(point('A', -72.5, 44.2)) };

  it('is for the pole owner with ManageProjects: 401, 404, 403, and a file is required', async () => {
    expect((await upload(null, 'poles', sample)).statusCode).toBe(401);
    expect((await upload(cast.outsider, 'poles', sample)).statusCode).toBe(404);
    expect((await upload(cast.attacherManager, 'poles', sample)).statusCode).toBe(403);
    expect((await upload(cast.ownerMember, 'poles', sample)).statusCode).toBe(403);
    const missing = await upload(cast.ownerManager, 'poles', null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'body.file', message: 'Required' }]);
    const badReplace = await upload(cast.ownerManager, 'poles', sample, { replace: 'sometimes' });
    expect(badReplace.statusCode).toBe(400);
    expect(badReplace.json().errors[0].field).toBe('body.replace');
    expect(await rows()).toEqual([]);
  });

  it('imports GeoJSON points, skipping other geometries, and upserts by id on re-import', async () => {
    const first = await upload(cast.ownerManager, 'poles', {
      filename: 'poles.geojson',
      data: collection(
        point('NEC-1', -72.5755, 44.2604),
        point('NEC-2', -72.5759, 44.2607, { class: 3 }),
        point('NEC-3', -72.5763, 44.261),
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [-72.5, 44.2],
              [-72.6, 44.3],
            ],
          },
          properties: {},
        },
      ),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      kind: 'poles',
      source: 'GeoJSON',
      added: 3,
      updated: 0,
      removed: 0,
      unchanged: 0,
      skipped: 1,
      idField: 'pole_id',
      total: 3,
    });
    expect(await rows()).toEqual([
      {
        external_id: 'NEC-1',
        lon: -72.5755,
        lat: 44.2604,
        attributes: { pole_id: 'NEC-1', height: 40 },
        source: 'GeoJSON',
      },
      {
        external_id: 'NEC-2',
        lon: -72.5759,
        lat: 44.2607,
        attributes: { pole_id: 'NEC-2', height: 40, class: 3 },
        source: 'GeoJSON',
      },
      {
        external_id: 'NEC-3',
        lon: -72.5763,
        lat: 44.261,
        attributes: { pole_id: 'NEC-3', height: 40 },
        source: 'GeoJSON',
      },
    ]);
    // Named .csv, but the content is GeoJSON: the content decides.
    const second = await upload(cast.ownerManager, 'poles', {
      filename: 'export.csv',
      data: collection(point('NEC-1', -72.5755, 44.2604), point('NEC-2', -72.5759, 44.2607, { class: 4 })),
    });
    expect(second.json().data).toMatchObject({
      source: 'GeoJSON',
      added: 0,
      updated: 1,
      unchanged: 1,
      removed: 0,
      total: 3,
    });
    const replaced = await upload(
      cast.ownerManager,
      'poles',
      {
        filename: 'poles.json',
        data: collection(point('NEC-1', -72.5755, 44.2604), point('NEC-2', -72.5759, 44.2607, { class: 4 })),
      },
      { replace: 'true' },
    );
    expect(replaced.json().data).toMatchObject({ added: 0, updated: 0, unchanged: 2, removed: 1, total: 2 });
    expect((await rows()).map((row) => row.external_id)).toEqual(['NEC-1', 'NEC-2']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', cast.projectId)
      .where('action', '=', 'project.poles-imported')
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[2]!.after).toMatchObject({ filename: 'poles.json', replace: true, removed: 1 });
  });

  it('refuses malformed GeoJSON, naming the line or the feature, and imports nothing', async () => {
    await expectRefused(
      'poles',
      {
        filename: 'poles.geojson',
        data: '{\n  "type": "FeatureCollection",\n  "features": [ { "type": "Feature" ]\n}',
      },
      /^The GeoJSON is not valid JSON at line 3: /,
    );
    await expectRefused(
      'poles',
      { filename: 'p.geojson', data: '{"type": "Feature"}' },
      'The JSON is not a GeoJSON FeatureCollection.',
    );
    await expectRefused(
      'poles',
      { filename: 'p.geojson', data: collection(point('X-1', -72.5, 44.2), point('X-2', 44.2, -172.5)) },
      'Feature 2 is at 44.2, -172.5, which is not a longitude and latitude in degrees (longitude -180 to 180, latitude -90 to 90).',
    );
    await expectRefused(
      'poles',
      { filename: 'p.geojson', data: collection(point('X-1', -72.5, 44.2), point('X-1', -72.6, 44.2)) },
      'Feature 2 has the pole_id "X-1" of Feature 1 as well.',
    );
    await expectRefused(
      'poles',
      { filename: 'p.geojson', data: collection(point('X-1', -72.5, 44.2), point(null, -72.6, 44.2)) },
      'Feature 2 has no pole_id.',
    );
    await expectRefused(
      'poles',
      {
        filename: 'p.geojson',
        data: collection({ ...point(null, -72.5, 44.2), properties: { name: 'no id' } }),
      },
      'The file has no id column: name one id, pole_id, PoleID, OBJECTID, GlobalID.',
    );
    await expectRefused(
      'poles',
      {
        filename: 'p.geojson',
        data: JSON.stringify({
          type: 'FeatureCollection',
          crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
          features: [point('X-1', -8079000, 5505000)],
        }),
      },
      /coordinate system urn:ogc:def:crs:EPSG::3857/,
    );
    await expectRefused(
      'poles',
      { filename: 'p.bin', data: Buffer.from([0, 1, 2, 255, 254, 0, 7]) },
      /not one of the accepted formats/,
    );
  });

  it('imports KML placemarks with their ExtendedData, and refuses KML that is not well-formed', async () => {
    const projectId = await freshProject();
    const data = await readFile(path.join(FIXTURES, 'poles.kml'));
    const response = await upload(cast.ownerManager, 'poles', { filename: 'poles.xml', data }, {}, projectId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ source: 'KML', added: 2, skipped: 1, idField: 'PoleID' });
    const [first] = await rows(projectId);
    expect(first).toMatchObject({
      external_id: 'NEC-000101',
      lon: -72.57551,
      lat: 44.26041,
      source: 'KML',
      attributes: { PoleID: 'NEC-000101', Height: '40', Class: '3', name: 'NEC-000101' },
    });
    const broken = data.toString().replace('</Placemark>', '</Placemrk>');
    await expectRefused(
      'poles',
      { filename: 'poles.kml', data: broken },
      /^The KML is not well-formed XML near line 12: Opening and ending tag mismatch/,
    );
    await expectRefused('poles', { filename: 'poles.kml', data: '<gpx><trk/></gpx>' }, /not KML/);
  });

  it('imports CSV with latitude and longitude columns, and refuses rows it cannot read', async () => {
    const projectId = await freshProject();
    const data = await readFile(path.join(FIXTURES, 'poles.csv'));
    const response = await upload(cast.ownerManager, 'poles', { filename: 'poles.txt', data }, {}, projectId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ source: 'CSV', added: 3, idField: 'PoleID' });
    expect((await rows(projectId))[1]).toEqual({
      external_id: 'NEC-000202',
      lon: -72.58011,
      lat: 44.26218,
      source: 'CSV',
      attributes: { PoleID: 'NEC-000202', Height: '35', Owner: 'Northfield Electric Cooperative, Inc.' },
    });
    const semicolons = await upload(
      cast.ownerManager,
      'poles',
      { filename: 'p.csv', data: 'id;y;x\nS-1;44.1;-72.1\n' },
      {},
      projectId,
    );
    expect(semicolons.json().data).toMatchObject({ added: 1, idField: 'id', total: 4 });
    await expectRefused(
      'poles',
      { filename: 'p.csv', data: 'PoleID,lat,lon\nA,44.1,-72.1\nB,abc,-72.2\n' },
      'Line 3: latitude "abc" is not a number.',
    );
    await expectRefused(
      'poles',
      { filename: 'p.csv', data: 'PoleID,lat,lon\nA,44.1,-72.1\nB,91,-72.2\n' },
      /^Line 3 is at -72.2, 91/,
    );
    await expectRefused(
      'poles',
      { filename: 'p.csv', data: 'PoleID,lat,lon\n"A,44.1,-72.1\n' },
      /^The CSV cannot be read: /,
    );
    await expectRefused(
      'poles',
      { filename: 'p.csv', data: 'PoleID,north,east\nA,44.1,-72.1\n' },
      'The CSV has no coordinate columns: name them lat and lon, latitude and longitude, or y and x.',
    );
    await expectRefused(
      'spans',
      { filename: 'spans.csv', data: 'id,lat,lon\nA,44.1,-72.1\n' },
      'Spans are lines: send them as GeoJSON, KML or a zipped shapefile, not CSV.',
    );
  });
});

describe('zipped shapefiles', () => {
  const poles = {
    type: 'FeatureCollection' as const,
    features: [
      {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [-72.5755, 44.2604] },
        properties: { PoleID: 'SH-1', Height: 40 },
      },
      {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [-72.5759, 44.2607] },
        properties: { PoleID: 'SH-2', Height: 45 },
      },
    ],
  };
  const zip = (geojson: typeof poles, prj?: string) =>
    shpwrite.zip<'nodebuffer'>(geojson, {
      outputType: 'nodebuffer',
      compression: 'DEFLATE',
      types: { point: 'poles' },
      ...(prj ? { prj } : {}),
    });

  it('imports a WGS84 shapefile with its attributes', async () => {
    const projectId = await freshProject();
    const response = await upload(
      cast.ownerManager,
      'poles',
      { filename: 'poles.zip', data: await zip(poles) },
      {},
      projectId,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ source: 'Shapefile', added: 2, idField: 'PoleID' });
    expect(await rows(projectId)).toEqual([
      {
        external_id: 'SH-1',
        lon: -72.5755,
        lat: 44.2604,
        source: 'Shapefile',
        attributes: { PoleID: 'SH-1', Height: 40 },
      },
      {
        external_id: 'SH-2',
        lon: -72.5759,
        lat: 44.2607,
        source: 'Shapefile',
        attributes: { PoleID: 'SH-2', Height: 45 },
      },
    ]);
  });

  it('reprojects a shapefile whose .prj is a projected system', async () => {
    const projectId = await freshProject();
    const toStatePlane = proj4('WGS84', VERMONT_STATE_PLANE);
    const projected = {
      ...poles,
      features: poles.features.map((f) => ({
        ...f,
        geometry: { ...f.geometry, coordinates: toStatePlane.forward(f.geometry.coordinates) },
      })),
    };
    expect(projected.features[0]!.geometry.coordinates[0]).toBeGreaterThan(400_000);
    const data = await zip(projected, VERMONT_STATE_PLANE);
    const response = await upload(cast.ownerManager, 'poles', { filename: 'poles.zip', data }, {}, projectId);
    expect(response.statusCode, response.body).toBe(200);
    const [first] = await rows(projectId);
    expect(first!.lon).toBeCloseTo(-72.5755, 6);
    expect(first!.lat).toBeCloseTo(44.2604, 6);
  });

  it('refuses a zip without a shapefile, a damaged .shp and an unreadable .prj', async () => {
    const parts = unzipSync(new Uint8Array(await zip(poles)));
    await expectRefused(
      'poles',
      {
        filename: 'poles.zip',
        data: Buffer.from(zipSync({ 'readme.txt': new TextEncoder().encode('hello') })),
      },
      'The zip file holds no .shp file.',
    );
    const truncated = zipSync({ ...parts, 'poles.shp': parts['poles.shp']!.subarray(0, 120) });
    await expectRefused(
      'poles',
      { filename: 'poles.zip', data: Buffer.from(truncated) },
      /^The .shp file is damaged: /,
    );
    const badPrj = zipSync({ ...parts, 'poles.prj': new TextEncoder().encode('NOT A PROJECTION') });
    await expectRefused(
      'poles',
      { filename: 'poles.zip', data: Buffer.from(badPrj) },
      /^The .prj file names a coordinate system that cannot be read/,
    );
    const notZip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]);
    await expectRefused('poles', { filename: 'poles.zip', data: notZip }, /^The zip file is damaged: /);
  });
});

describe('span imports', () => {
  it('imports GeoJSON lines with the poles at either end', async () => {
    const projectId = await freshProject();
    const line = (id: string, from: string, to: string, coordinates: number[][]) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates },
      properties: { span_id: id, from_pole: from, to_pole: to },
    });
    const data = collection(
      line('S-1', 'P-1', 'P-2', [
        [-72.5755, 44.2604],
        [-72.5759, 44.2607],
      ]),
      line('S-2', 'P-2', 'P-3', [
        [-72.5759, 44.2607],
        [-72.5763, 44.261],
        [-72.5766, 44.2612],
      ]),
      point('P-9', -72.5, 44.2),
    );
    const response = await upload(
      cast.ownerManager,
      'spans',
      { filename: 'spans.geojson', data },
      {},
      projectId,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      kind: 'spans',
      added: 2,
      skipped: 1,
      idField: 'span_id',
      total: 2,
    });
    const spans = await t.db
      .selectFrom('project_spans')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('external_id')
      .execute();
    expect(spans[1]).toMatchObject({
      external_id: 'S-2',
      from_pole_id: 'P-2',
      to_pole_id: 'P-3',
      min_lon: -72.5766,
      max_lon: -72.5759,
      min_lat: 44.2607,
      max_lat: 44.2612,
      source: 'GeoJSON',
    });
    const multi = collection({
      type: 'Feature',
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [-72.5, 44.2],
            [-72.6, 44.2],
          ],
          [
            [-72.7, 44.2],
            [-72.8, 44.2],
          ],
        ],
      },
      properties: { id: 'M-1' },
    });
    const refused = await upload(
      cast.ownerManager,
      'spans',
      { filename: 'spans.geojson', data: multi },
      {},
      projectId,
    );
    expect(refused.json().detail).toBe('Feature 1 is a line in 2 parts; a span is one line.');
  });
});
