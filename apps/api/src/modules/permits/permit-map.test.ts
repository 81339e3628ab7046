import type { WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { withProjectPermissions } from './header-test-support.ts';
import { advance, buildPermitScene, dataOf, KEY, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
let definition: WorkflowDefinition;

const pole = (externalId: string, lon: number, lat: number) => ({
  project_id: projectId,
  external_id: externalId,
  lon,
  lat,
  attributes: JSON.stringify({ height: 40 }),
  source: 'GeoJSON' as const,
});
const span = (externalId: string, from: string, to: string, line: [number, number][]) => ({
  project_id: projectId,
  external_id: externalId,
  coordinates: JSON.stringify(line),
  from_pole_id: from,
  to_pole_id: to,
  min_lon: Math.min(...line.map((p) => p[0])),
  min_lat: Math.min(...line.map((p) => p[1])),
  max_lon: Math.max(...line.map((p) => p[0])),
  max_lat: Math.max(...line.map((p) => p[1])),
  attributes: '{}',
  source: 'GeoJSON' as const,
});

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'MAP')).id;
  ({ templateId, definition } = await buildPublishedTemplate(t.db, projectId));
  await t.db
    .insertInto('project_poles')
    .values([pole('P1', -80, 40), pole('P2', -80.1, 40.1), pole('P3', -80.2, 40.2)])
    .execute();
  await t.db
    .insertInto('project_spans')
    .values([
      span('S12', 'P1', 'P2', [
        [-80, 40],
        [-80.1, 40.1],
      ]),
      span('S23', 'P2', 'P3', [
        [-80.1, 40.1],
        [-80.2, 40.2],
      ]),
    ])
    .execute();
});
afterAll(() => t.close());

const ownerManagerOn = () => ({ projectId, organizationId: s.ownerOrg, userId: s.ownerManager });

const newPermit = async () =>
  (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
const put = (userId: string, permitId: string, payload: Record<string, unknown>) =>
  t.injectAs(userId, { method: 'PUT', url: `/api/joint-use/permit/${permitId}/map`, payload });
const get = (userId: string, permitId: string, path = '') =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/permit/${permitId}/map${path}` });
const polesOf = async (permitId: string) =>
  (
    await t.db
      .selectFrom('permit_poles')
      .select('external_id')
      .where('permit_id', '=', permitId)
      .orderBy('position')
      .execute()
  ).map((row) => row.external_id);

describe("setting a permit's poles", () => {
  it('lets the applicant set them in the first stage, records the change and the pole count', async () => {
    const permitId = await newPermit();
    const metadata = dataOf(await put(s.attacherMember, permitId, { poleIds: ['P2', 'P1'] }));
    expect(metadata).toEqual({
      bbox: [-80.1, 40, -80, 40.1],
      poleCount: 2,
      spanCount: 1,
      missingPoleIds: [],
    });
    expect(await polesOf(permitId)).toEqual(['P2', 'P1']);
    const permit = await t.db
      .selectFrom('permits')
      .select('actual_poles')
      .where('id', '=', permitId)
      .executeTakeFirstOrThrow();
    expect(permit.actual_poles).toBe(2);
    const activity = await t.db
      .selectFrom('permit_activity')
      .select(['kind', 'actor_user_id', 'after'])
      .where('permit_id', '=', permitId)
      .where('kind', '=', 'PermitMapUpdated')
      .execute();
    expect(activity).toEqual([
      {
        kind: 'PermitMapUpdated',
        actor_user_id: s.attacherMember,
        after: { actualPoles: 2, added: 2, removed: 0 },
      },
    ]);
    const events = await t.db
      .selectFrom('events')
      .select(['organization_id', 'permit_id', 'payload'])
      .where('type', '=', 'PermitMapUpdated')
      .execute();
    const own = events.filter((event) => event.payload.permitId === permitId);
    expect(own.map((event) => event.organization_id).sort()).toEqual([s.ownerOrg, s.attacherOrg].sort());
    expect(own.filter((event) => event.permit_id === permitId)).toHaveLength(1);
  });

  it('refuses the applicant after the first stage, and lets the pole owner change them', async () => {
    const permitId = await newPermit();
    await put(s.attacherMember, permitId, { poleIds: ['P1'] });
    await advance(t, permitId, definition, { [KEY.review]: 'Completed' });
    const refused = await put(s.attacherMember, permitId, { poleIds: ['P1', 'P2', 'P3'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'The applicant may change the poles only while the permit is in its first stage.',
    );
    expect(await polesOf(permitId)).toEqual(['P1']);
    const metadata = dataOf(await put(s.ownerMember, permitId, { poleIds: ['P1', 'P2', 'P3'] }));
    expect(metadata).toMatchObject({ poleCount: 3, spanCount: 2, bbox: [-80.2, 40, -80, 40.2] });
  });

  it('refuses a change on a closed permit', async () => {
    const permitId = await newPermit();
    await advance(t, permitId, definition, {}, 'Cancelled');
    const refused = await put(s.ownerMember, permitId, { poleIds: ['P1'] });
    expect(refused.statusCode).toBe(409);
    expect(await polesOf(permitId)).toEqual([]);
  });

  it('names the field for unknown or repeated poles and writes nothing', async () => {
    const permitId = await newPermit();
    const unknown = await put(s.attacherMember, permitId, { poleIds: ['P1', 'NOPE'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'body.poleIds', message: 'Not on the project map: NOPE' },
    ]);
    const twice = await put(s.attacherMember, permitId, { poleIds: ['P1', 'P1'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].field).toBe('body.poleIds');
    const missing = await put(s.attacherMember, permitId, {});
    expect(missing.json().errors[0].field).toBe('body.poleIds');
    expect(await polesOf(permitId)).toEqual([]);
    const activity = await t.db
      .selectFrom('permit_activity')
      .select('kind')
      .where('permit_id', '=', permitId)
      .where('kind', '=', 'PermitMapUpdated')
      .execute();
    expect(activity).toEqual([]);
  });

  it("is 401 without a token, 404 for others' permits, 403 without EditPermits", async () => {
    const permitId = await newPermit();
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/joint-use/permit/${permitId}/map`,
      payload: { poleIds: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await put(s.otherAttacherMember, permitId, { poleIds: ['P1'] })).statusCode).toBe(404);
    expect((await put(s.outsider, permitId, { poleIds: ['P1'] })).statusCode).toBe(404);
    await withProjectPermissions(t, ownerManagerOn(), ['ViewPermits'], async () => {
      expect((await put(s.ownerManager, permitId, { poleIds: ['P1'] })).statusCode).toBe(403);
    });
    expect(await polesOf(permitId)).toEqual([]);
  });
});

describe("reading a permit's map", () => {
  it('returns its poles and the spans between two of them as GeoJSON, and its metadata', async () => {
    const permitId = await newPermit();
    await put(s.attacherMember, permitId, { poleIds: ['P1', 'P2'] });
    const map = dataOf(await get(s.attacherMember, permitId));
    expect(map.poles.type).toBe('FeatureCollection');
    expect(map.poles.features).toEqual([
      {
        type: 'Feature',
        id: 'P1',
        geometry: { type: 'Point', coordinates: [-80, 40] },
        properties: { height: 40, externalId: 'P1' },
      },
      expect.objectContaining({ id: 'P2' }),
    ]);
    expect(map.spans.features.map((feature: { id: string }) => feature.id)).toEqual(['S12']);
    expect(map.spans.features[0].geometry.type).toBe('LineString');
    await t.db
      .deleteFrom('project_poles')
      .where('project_id', '=', projectId)
      .where('external_id', '=', 'P2')
      .execute();
    const metadata = dataOf(await get(s.ownerMember, permitId, '/metadata'));
    expect(metadata).toEqual({
      bbox: [-80.1, 40, -80, 40.1],
      poleCount: 1,
      spanCount: 1,
      missingPoleIds: ['P2'],
    });
    await t.db
      .insertInto('project_poles')
      .values(pole('P2', -80.1, 40.1))
      .execute();
  });

  it('is empty for a permit without poles, and checks access', async () => {
    const permitId = await newPermit();
    expect(dataOf(await get(s.ownerMember, permitId, '/metadata'))).toEqual({
      bbox: null,
      poleCount: 0,
      spanCount: 0,
      missingPoleIds: [],
    });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/joint-use/permit/${permitId}/map` });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(s.otherAttacherMember, permitId)).statusCode).toBe(404);
    expect((await get(s.otherAttacherMember, permitId, '/metadata')).statusCode).toBe(404);
    const bad = await get(s.ownerMember, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
    await withProjectPermissions(t, ownerManagerOn(), [], async () => {
      expect((await get(s.ownerManager, permitId)).statusCode).toBe(403);
    });
  });
});
