import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  type ArcGisStandIn,
  poleLayer,
  spanLayer,
  startArcGisStandIn,
} from '../../../test/arcgis-stand-in.ts';
import { buildGeodataCast, type GeodataCast } from '../../../test/geodata.ts';

let t: TestApp;
let arcgis: ArcGisStandIn;
let cast: GeodataCast;

beforeAll(async () => {
  t = await createTestApp();
  arcgis = await startArcGisStandIn();
  arcgis.services.set('Northfield', [poleLayer(2_500), spanLayer(40)]);
  cast = await buildGeodataCast(t);
});
afterAll(async () => {
  await arcgis.close();
  await t.close();
});

const sync = (userId: string, kind: 'poles' | 'spans', projectId = cast.projectId) =>
  t.injectAs(userId, { method: 'POST', url: `/api/joint-use/projects/${projectId}/agol/sync/base/${kind}` });
const poleRows = () =>
  t.db
    .selectFrom('project_poles')
    .select(['external_id', 'lon', 'lat', 'attributes', 'source', 'updated_at'])
    .where('project_id', '=', cast.projectId)
    .orderBy('external_id')
    .execute();
const layers = () => arcgis.services.get('Northfield')!;

async function setLayers(spans: boolean) {
  const response = await t.injectAs(cast.ownerManager, {
    method: 'PUT',
    url: `/api/joint-use/projects/${cast.projectId}/agol`,
    payload: {
      layerName: 'Poles',
      layerId: 0,
      url: arcgis.serviceUrl('Northfield'),
      ...(spans ? { spansLayerName: 'Spans', spansLayerId: 1 } : {}),
    },
  });
  expect(response.statusCode).toBe(200);
}

describe('POST /api/joint-use/projects/:id/agol/sync/base/poles and /spans', () => {
  it('needs a token, the pole owner with ManageProjects, and a layer to sync from', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/joint-use/projects/${cast.projectId}/agol/sync/base/poles`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await sync(cast.outsider, 'poles')).statusCode).toBe(404);
    expect((await sync(cast.attacherManager, 'poles')).statusCode).toBe(403);
    expect((await sync(cast.ownerMember, 'poles')).statusCode).toBe(403);
    const notSet = await sync(cast.ownerManager, 'poles');
    expect(notSet.statusCode).toBe(409);
    expect(notSet.json().detail).toBe("Set the project's ArcGIS layer before syncing.");
    const badId = await t.injectAs(cast.ownerManager, {
      method: 'POST',
      url: '/api/joint-use/projects/not-a-uuid/agol/sync/base/poles',
    });
    expect(badId.statusCode).toBe(400);
    await setLayers(false);
    const noSpans = await sync(cast.ownerManager, 'spans');
    expect(noSpans.statusCode).toBe(409);
    expect(await poleRows()).toEqual([]);
  });

  it('reads every page of a layer larger than one query and writes each pole', async () => {
    arcgis.requests.length = 0;
    const response = await sync(cast.ownerManager, 'poles');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      kind: 'poles',
      source: 'ArcGIS',
      added: 2_500,
      updated: 0,
      removed: 0,
      unchanged: 0,
      skipped: 0,
      idField: 'GlobalID',
      total: 2_500,
    });
    const pages = arcgis.requests.filter((r) => r.includes('f=geojson'));
    expect(pages).toHaveLength(3);
    for (const [i, page] of pages.entries()) {
      const params = new URL(page, 'http://x').searchParams;
      expect(Object.fromEntries(params)).toEqual({
        where: '1=1',
        outFields: '*',
        orderByFields: 'OBJECTID',
        resultOffset: String(i * 1_000),
        resultRecordCount: '1000',
        f: 'geojson',
      });
    }
    const rows = await poleRows();
    expect(rows).toHaveLength(2_500);
    const first = rows.find((row) => row.external_id === '{00000001-0000-4000-8000-000000000000}');
    expect(first).toMatchObject({
      lon: -72.58,
      lat: 44.26,
      source: 'ArcGIS',
      attributes: {
        OBJECTID: 1,
        GlobalID: '{00000001-0000-4000-8000-000000000000}',
        PoleID: 'P-1',
        Height: 40,
      },
    });
    const summary = await t.db
      .selectFrom('project_agol')
      .selectAll()
      .where('project_id', '=', cast.projectId)
      .executeTakeFirstOrThrow();
    expect(summary.pole_count).toBe(2_500);
    expect(summary.poles_synced_at).toBeInstanceOf(Date);
    expect(summary.pole_fields).toEqual(['GlobalID', 'Height', 'OBJECTID', 'PoleID']);
  });

  it('on a re-run updates changed poles, removes deleted ones, adds new ones and leaves the rest', async () => {
    const before = new Map((await poleRows()).map((row) => [row.external_id, row.updated_at.getTime()]));
    const features = layers()[0]!.features;
    for (const feature of features.slice(0, 10)) feature.attributes.Height = 45;
    const moved = features[10]!;
    moved.geometry = { x: -72.5, y: 44.3 };
    features.splice(100, 5);
    features.push(...poleLayer(2_503).features.slice(2_500));
    const response = await sync(cast.ownerManager, 'poles');
    expect(response.json().data).toMatchObject({
      added: 3,
      updated: 11,
      removed: 5,
      unchanged: 2_484,
      total: 2_498,
    });
    const rows = await poleRows();
    expect(rows).toHaveLength(2_498);
    const byId = new Map(rows.map((row) => [row.attributes.PoleID, row]));
    expect(byId.get('P-1')!.attributes.Height).toBe(45);
    expect(byId.get('P-11')).toMatchObject({ lon: -72.5, lat: 44.3 });
    expect(byId.has('P-101')).toBe(false);
    expect(byId.has('P-2503')).toBe(true);
    const untouched = rows.find((row) => row.attributes.PoleID === 'P-500')!;
    expect(untouched.updated_at.getTime()).toBe(before.get(untouched.external_id));

    const again = await sync(cast.ownerManager, 'poles');
    expect(again.json().data).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 2_498 });
  });

  it('keeps the previous poles when ArcGIS fails midway', async () => {
    const before = await poleRows();
    for (const feature of layers()[0]!.features) feature.attributes.Height = 50;
    arcgis.failQueryAfter = 2; // the count query and the first page answer, the second page fails
    const response = await sync(cast.ownerManager, 'poles');
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe(
      'The ArcGIS layer could not be read: Unable to perform query. Please check your parameters.',
    );
    expect(await poleRows()).toEqual(before);
  });

  it('refuses a layer that changed since it was set, and one whose features lack ids', async () => {
    layers()[0]!.name = 'Old Poles';
    const renamed = await sync(cast.ownerManager, 'poles');
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().detail).toBe(
      'The ArcGIS layer has changed: Layer 0 is named "Old Poles", not "Poles".',
    );
    layers()[0]!.name = 'Poles';
    const features = layers()[0]!.features;
    features[3]!.attributes.GlobalID = null;
    const noId = await sync(cast.ownerManager, 'poles');
    expect(noId.statusCode).toBe(502);
    expect(noId.json().detail).toBe(
      'The ArcGIS layer holds data that cannot be used: Feature 4 has no GlobalID.',
    );
    features[3]!.attributes.GlobalID = '{00000004-0000-4000-8000-000000000000}';
  });

  it('syncs spans as lines with the poles at either end, by object id when there is no GlobalID', async () => {
    await setLayers(true);
    const response = await sync(cast.ownerManager, 'spans');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ kind: 'spans', added: 40, idField: 'OBJECTID', total: 40 });
    const span = await t.db
      .selectFrom('project_spans')
      .selectAll()
      .where('project_id', '=', cast.projectId)
      .where('external_id', '=', '2')
      .executeTakeFirstOrThrow();
    const geometry = layers()[1]!.features[1]!.geometry;
    const line = geometry && 'paths' in geometry ? geometry.paths[0]! : [];
    expect(span).toMatchObject({
      coordinates: line,
      from_pole_id: 'P-2',
      to_pole_id: 'P-3',
      min_lon: line[0]![0],
      max_lon: line[1]![0],
      min_lat: 44.26,
      max_lat: 44.26,
      source: 'ArcGIS',
    });
    const map = await t.injectAs(cast.attacherManager, {
      method: 'GET',
      url: `/api/joint-use/projects/${cast.projectId}/map/metadata`,
    });
    expect(map.json().data).toMatchObject({
      poleCount: 2_498,
      spanCount: 40,
      layer: {
        url: arcgis.serviceUrl('Northfield'),
        layerName: 'Poles',
        layerId: 0,
        spansLayerName: 'Spans',
        spansLayerId: 1,
      },
      spanFields: ['FromPole', 'OBJECTID', 'ToPole'],
    });
    expect(map.json().data.polesSyncedAt).not.toBeNull();
    expect(map.json().data.spansSyncedAt).not.toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', cast.projectId)
      .where('action', 'like', '%synced')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'project.poles-synced',
      'project.poles-synced',
      'project.poles-synced',
      'project.spans-synced',
    ]);
  });
});
