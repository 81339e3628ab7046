import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
let closedUrl: string;
const ITEM = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

beforeAll(async () => {
  t = await createTestApp();
  arcgis = await startArcGisStandIn();
  arcgis.services.set('Northfield', [poleLayer(30), spanLayer(29)]);
  arcgis.items.set(ITEM, 'Northfield');
  cast = await buildGeodataCast(t);
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(spare.address() as AddressInfo).port}/arcgis/rest/services/X/FeatureServer`;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});
afterAll(async () => {
  await arcgis.close();
  await t.close();
});

const validate = (userId: string, query: Record<string, string>) =>
  t.injectAs(userId, {
    method: 'GET',
    url: `/api/joint-use/projects/validate-layer?${new URLSearchParams(query)}`,
  });

describe('GET /api/joint-use/projects/validate-layer', () => {
  it('confirms a point layer with its geometry, fields and feature count', async () => {
    const response = await validate(cast.ownerManager, {
      layerName: 'poles',
      layerId: '0',
      url: arcgis.serviceUrl('Northfield'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      valid: true,
      message: 'Poles: 30 features.',
      serviceUrl: arcgis.serviceUrl('Northfield'),
      layerName: 'Poles',
      geometryType: 'esriGeometryPoint',
      fields: [
        { name: 'OBJECTID', type: 'esriFieldTypeOID', alias: 'OBJECTID' },
        { name: 'GlobalID', type: 'esriFieldTypeGlobalID', alias: 'GlobalID' },
        { name: 'PoleID', type: 'esriFieldTypeString', alias: 'PoleID' },
        { name: 'Height', type: 'esriFieldTypeInteger', alias: 'Height' },
      ],
      featureCount: 30,
    });
    expect(arcgis.requests).toContain(
      '/arcgis/rest/services/Northfield/FeatureServer/0/query?where=1%3D1&returnCountOnly=true&f=json',
    );
  });

  it('resolves an item page and a layer address to the service', async () => {
    const byItem = await validate(cast.ownerManager, {
      layerName: 'Spans',
      layerId: '1',
      url: arcgis.itemUrl(ITEM),
    });
    expect(byItem.json().data).toMatchObject({
      valid: true,
      serviceUrl: arcgis.serviceUrl('Northfield'),
      geometryType: 'esriGeometryPolyline',
      featureCount: 29,
    });
    const byLayer = await validate(cast.ownerManager, {
      layerName: 'Poles',
      layerId: '0',
      url: `${arcgis.serviceUrl('Northfield')}/0`,
    });
    expect(byLayer.json().data.valid).toBe(true);
    const mismatched = await validate(cast.ownerManager, {
      layerName: 'Poles',
      layerId: '0',
      url: `${arcgis.serviceUrl('Northfield')}/1`,
    });
    expect(mismatched.json().data).toMatchObject({
      valid: false,
      message: 'The address points at layer 1, not layer 0.',
    });
  });

  it('explains a wrong name, a wrong layer number, an unknown item and an unreachable host', async () => {
    const url = arcgis.serviceUrl('Northfield');
    const wrongName = await validate(cast.ownerManager, { layerName: 'Pole Inventory', layerId: '0', url });
    expect(wrongName.statusCode).toBe(200);
    expect(wrongName.json().data).toMatchObject({
      valid: false,
      message: 'Layer 0 is named "Poles", not "Pole Inventory".',
      layerName: 'Poles',
      featureCount: null,
    });
    const wrongId = await validate(cast.ownerManager, { layerName: 'Poles', layerId: '7', url });
    expect(wrongId.json().data).toMatchObject({
      valid: false,
      message: 'The service has no layer 7; it has 0 Poles, 1 Spans.',
    });
    const unknownItem = await validate(cast.ownerManager, {
      layerName: 'Poles',
      layerId: '0',
      url: arcgis.itemUrl('ffffffffffffffffffffffffffffffff'),
    });
    expect(unknownItem.json().data).toMatchObject({
      valid: false,
      message: 'ArcGIS answered: Item does not exist or is inaccessible.',
    });
    const unknownService = await validate(cast.ownerManager, {
      layerName: 'Poles',
      layerId: '0',
      url: arcgis.serviceUrl('Nowhere'),
    });
    expect(unknownService.json().data).toMatchObject({
      valid: false,
      message: 'ArcGIS answered: Invalid URL',
    });
    const unreachable = await validate(cast.ownerManager, {
      layerName: 'Poles',
      layerId: '0',
      url: closedUrl,
    });
    expect(unreachable.json().data).toMatchObject({
      valid: false,
      message: 'The ArcGIS server could not be reached: the connection was refused',
      serviceUrl: closedUrl,
    });
  });

  it('needs a token, ManageProjects, and well-formed input', async () => {
    const query = { layerName: 'Poles', layerId: '0', url: arcgis.serviceUrl('Northfield') };
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/joint-use/projects/validate-layer?${new URLSearchParams(query)}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await validate(cast.ownerMember, query)).statusCode).toBe(403);
    const noName = await validate(cast.ownerManager, { layerId: '0', url: query.url });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0].field).toBe('querystring.layerName');
    const badId = await validate(cast.ownerManager, { ...query, layerId: 'first' });
    expect(badId.json().errors[0].field).toBe('querystring.layerId');
    const badUrl = await validate(cast.ownerManager, {
      ...query,
      url: 'ftp://gis.example.com/FeatureServer',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors[0]).toEqual({
      field: 'querystring.url',
      message: 'An http or https address',
    });
  });
});

describe('GET and PUT /api/joint-use/projects/:id/agol', () => {
  const path = () => `/api/joint-use/projects/${cast.projectId}/agol`;
  const settings = () => ({ layerName: 'Poles', layerId: 0, url: arcgis.itemUrl(ITEM) });
  const agolRows = () =>
    t.db.selectFrom('project_agol').selectAll().where('project_id', '=', cast.projectId).execute();

  it('keeps the setup with the pole owner: 401, 403 for attachers and plain members, 404 for outsiders', async () => {
    expect((await t.app.inject({ method: 'GET', url: path() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: path(), payload: settings() })).statusCode).toBe(401);
    expect((await t.injectAs(cast.outsider, { method: 'GET', url: path() })).statusCode).toBe(404);
    expect(
      (await t.injectAs(cast.outsider, { method: 'PUT', url: path(), payload: settings() })).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(cast.attacherManager, { method: 'PUT', url: path(), payload: settings() }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs(cast.ownerMember, { method: 'PUT', url: path(), payload: settings() })).statusCode,
    ).toBe(403);
    expect(await agolRows()).toEqual([]);
    const unset = await t.injectAs(cast.attacherManager, { method: 'GET', url: path() });
    expect(unset.statusCode).toBe(200);
    expect(unset.json().data).toBeNull();
  });

  it('refuses bad input and layers that do not check out, naming the field, saving nothing', async () => {
    const missing = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { layerId: 0, url: arcgis.serviceUrl('Northfield') },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('body.layerName');
    const halfSpans = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), spansLayerId: 1 },
    });
    expect(halfSpans.json().errors[0].field).toBe('body.spansLayerName');
    const wrongName = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), layerName: 'Transformers' },
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().errors).toEqual([
      { field: 'body.layerName', message: 'Layer 0 is named "Poles", not "Transformers".' },
    ]);
    const linesForPoles = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), layerName: 'Spans', layerId: 1 },
    });
    expect(linesForPoles.json().errors).toEqual([
      { field: 'body.layerId', message: 'Layer 1 holds lines; poles need points.' },
    ]);
    const pointsForSpans = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), spansLayerName: 'Poles', spansLayerId: 0 },
    });
    expect(pointsForSpans.json().errors[0].field).toBe('body.spansLayerId');
    const unreachable = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), url: closedUrl },
    });
    expect(unreachable.json().errors[0].field).toBe('body.url');
    const unknownService = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), url: arcgis.serviceUrl('Elsewhere') },
    });
    expect(unknownService.json().errors).toEqual([
      { field: 'body.url', message: 'ArcGIS answered: Invalid URL' },
    ]);
    expect(await agolRows()).toEqual([]);
  });

  it('saves checked layers, resolving an item page, and audits the change', async () => {
    const saved = await t.injectAs(cast.ownerManager, {
      method: 'PUT',
      url: path(),
      payload: { ...settings(), layerName: ' POLES ', spansLayerName: 'spans', spansLayerId: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      url: arcgis.itemUrl(ITEM),
      serviceUrl: arcgis.serviceUrl('Northfield'),
      layerName: 'POLES',
      layerId: 0,
      spansLayerName: 'spans',
      spansLayerId: 1,
      polesSyncedAt: null,
    });
    const [row] = await agolRows();
    expect(row).toMatchObject({
      url: arcgis.itemUrl(ITEM),
      service_url: arcgis.serviceUrl('Northfield'),
      layer_id: 0,
      spans_layer_id: 1,
      updated_by: cast.ownerManager,
    });
    const read = await t.injectAs(cast.attacherManager, { method: 'GET', url: path() });
    expect(read.json().data).toEqual(saved.json().data);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', cast.projectId)
      .where('action', '=', 'project.agol-updated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({
      layerName: 'POLES',
      serviceUrl: arcgis.serviceUrl('Northfield'),
    });
  });
});
