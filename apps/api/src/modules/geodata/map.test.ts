import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeodataCast, type GeodataCast } from '../../../test/geodata.ts';
import { generateTownPoles, TOWN_POLES_FILE } from '../../db/seed/generate-town-poles.ts';
import { seedProjectPoles } from '../../db/seed/project-poles.ts';

let t: TestApp;
let cast: GeodataCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildGeodataCast(t);
});
afterAll(() => t.close());

const metadata = (userId: string) =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/projects/${cast.projectId}/map/metadata` });
const inView = (userId: string, kind: 'poles' | 'spans', query = '') =>
  t.injectAs(userId, { method: 'GET', url: `/api/projects/${cast.projectId}/${kind}${query}` });

describe('the demo town data', () => {
  it('is what the generator writes', async () => {
    expect(await readFile(TOWN_POLES_FILE, 'utf8')).toBe(generateTownPoles());
  });
});

describe('GET /api/joint-use/projects/:id/map/metadata', () => {
  it('is for contributors: 401 without a token, 404 for another tenant', async () => {
    const url = `/api/joint-use/projects/${cast.projectId}/map/metadata`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await metadata(cast.outsider)).statusCode).toBe(404);
    const bad = await t.injectAs(cast.ownerManager, {
      method: 'GET',
      url: '/api/joint-use/projects/42/map/metadata',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
  });

  it('is empty before any data, and describes the seeded town afterwards', async () => {
    const empty = await metadata(cast.attacherManager);
    expect(empty.json().data).toEqual({
      bbox: null,
      poleCount: 0,
      spanCount: 0,
      layer: null,
      polesSyncedAt: null,
      spansSyncedAt: null,
      dataUpdatedAt: null,
      poleFields: [],
      spanFields: [],
    });
    const seeded = await seedProjectPoles(t.db, cast.projectId);
    expect(seeded.poles).toMatchObject({ added: 298, skipped: 288, idField: 'pole_id', total: 298 });
    expect(seeded.spans).toMatchObject({ added: 288, skipped: 298, idField: 'span_id', total: 288 });
    const again = await seedProjectPoles(t.db, cast.projectId);
    expect(again.poles).toMatchObject({ added: 0, updated: 0, unchanged: 298 });

    const response = await metadata(cast.attacherManager);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      poleCount: 298,
      spanCount: 288,
      layer: null,
      poleFields: ['class', 'height_ft', 'install_year', 'material', 'owner', 'pole_id', 'street'],
      spanFields: ['from_pole', 'length_ft', 'owner', 'span_id', 'street', 'to_pole'],
    });
    expect(data.dataUpdatedAt).not.toBeNull();
    const [minLon, minLat, maxLon, maxLat] = data.bbox;
    expect(minLon).toBeGreaterThan(-93.18);
    expect(maxLon).toBeLessThan(-93.14);
    expect(minLat).toBeGreaterThan(44.44);
    expect(maxLat).toBeLessThan(44.47);
    const counted = await t.db
      .selectFrom('project_poles')
      .select((eb) => [eb.fn.min('lon').as('lon'), eb.fn.countAll<string>().as('n')])
      .where('project_id', '=', cast.projectId)
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ lon: minLon, n: '298' });
  });
});

describe('GET /api/projects/:id/poles and /spans', () => {
  const downtown = '?bbox=-93.1625,44.4570,-93.1590,44.4600';

  it('returns the poles in a box as GeoJSON, all of them without a box, and says when it stopped short', async () => {
    const response = await inView(cast.attacherManager, 'poles', downtown);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.type).toBe('FeatureCollection');
    expect(data.truncated).toBe(false);
    expect(data.features.length).toBeGreaterThan(5);
    for (const feature of data.features) {
      const [lon, lat] = feature.geometry.coordinates;
      expect(lon).toBeGreaterThanOrEqual(-93.1625);
      expect(lon).toBeLessThanOrEqual(-93.159);
      expect(lat).toBeGreaterThanOrEqual(44.457);
      expect(lat).toBeLessThanOrEqual(44.46);
    }
    expect(data.features[0]).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point' },
      properties: { owner: 'Northfield Electric Cooperative', material: 'Wood' },
    });
    expect(data.features[0].properties.externalId).toBe(data.features[0].id);
    const all = await inView(cast.ownerManager, 'poles');
    expect(all.json().data.features).toHaveLength(298);
    const capped = await inView(cast.ownerManager, 'poles', '?limit=10');
    expect(capped.json().data).toMatchObject({ truncated: true });
    expect(capped.json().data.features).toHaveLength(10);
  });

  it('returns the spans crossing a box with their end poles', async () => {
    const response = await inView(cast.ownerManager, 'spans', downtown);
    const features = response.json().data.features;
    expect(features.length).toBeGreaterThan(5);
    expect(features[0]).toMatchObject({ geometry: { type: 'LineString' } });
    expect(features[0].properties.fromPoleId).toMatch(/^NEC-\d{6}$/);
    expect(features[0].geometry.coordinates).toHaveLength(2);
  });

  it('refuses a bad box and other tenants', async () => {
    const url = `/api/projects/${cast.projectId}/poles`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await inView(cast.outsider, 'poles')).statusCode).toBe(404);
    expect((await inView(cast.outsider, 'spans')).statusCode).toBe(404);
    for (const query of ['?bbox=1,2,3', '?bbox=-93,44,-94,45', '?bbox=a,b,c,d', '?bbox=-200,0,0,10']) {
      const bad = await inView(cast.ownerManager, 'poles', query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors[0].field).toBe('querystring.bbox');
    }
    const tooMany = await inView(cast.ownerManager, 'poles', '?limit=100000');
    expect(tooMany.json().errors[0].field).toBe('querystring.limit');
  });
});
