import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';
import { buildProjectScene, type ProjectScene, UNKNOWN_ID } from '../../../test/project-scene.ts';

let t: TestApp;
let s: ProjectScene;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildProjectScene(t);
  await buildUser(t.db, {
    organizationId: s.ownerOrg,
    firstName: 'Ivy',
    lastName: 'Invited',
    status: 'Invited',
  });
  await buildUser(t.db, {
    organizationId: s.ownerOrg,
    firstName: 'Ian',
    lastName: 'Inactive',
    status: 'Inactive',
  });
  await buildUser(t.db, {
    organizationId: s.attacherOrg,
    firstName: 'Dee',
    lastName: 'Deleted',
    status: 'Deleted',
  });
});
afterAll(() => t.close());

const get = async (userId: string, url: string) => {
  const res = await t.injectAs(userId, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('project users', () => {
  const url = (query = '') => `/api/joint-use/projects/${s.projectId}/users${query}`;

  it('shows the pole owner every contributor’s active and invited people, with organization and role', async () => {
    const users = await get(s.ownerMember, url());
    expect(names(users)).toEqual([
      'Abe Member',
      'Ada Attacher',
      'Cora Cable',
      'Ivy Invited',
      'Olivia Owner',
      'Oscar Member',
    ]);
    expect(users.find((u: { name: string }) => u.name === 'Cora Cable')).toEqual({
      id: s.otherAttacherMember,
      name: 'Cora Cable',
      firstName: 'Cora',
      lastName: 'Cable',
      email: expect.any(String),
      status: 'Active',
      role: 'User',
      organizationId: s.otherAttacherOrg,
      organizationName: 'Other Cable',
      projectRole: 'AttacherOrg',
    });
  });

  it('shows an attacher the pole owner’s people and its own, never another attacher’s', async () => {
    expect(names(await get(s.attacherMember, url()))).toEqual([
      'Abe Member',
      'Ada Attacher',
      'Ivy Invited',
      'Olivia Owner',
      'Oscar Member',
    ]);
    expect(names(await get(s.attacherMember, url('?filter=OLIV')))).toEqual(['Olivia Owner']);
  });

  it('is hidden from outsiders, needs a token and checks the filter', async () => {
    expect((await t.injectAs(s.outsider, { method: 'GET', url: url() })).statusCode).toBe(404);
    expect(
      (await t.injectAs(s.ownerMember, { method: 'GET', url: `/api/joint-use/projects/${UNKNOWN_ID}/users` }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    const bad = await t.injectAs(s.ownerMember, { method: 'GET', url: url(`?filter=${'x'.repeat(201)}`) });
    expect(bad.json().errors[0].field).toBe('querystring.filter');
  });
});

describe('options', () => {
  it('lists the caller’s projects by name, filtered in any case, at most 50', async () => {
    const many = await buildOrg(t.db, { name: 'Many Projects Power' });
    const reader = (await buildUser(t.db, { organizationId: many.id })).id;
    for (let i = 0; i < 55; i++) {
      const project = await t.db
        .insertInto('projects')
        .values({
          owner_organization_id: many.id,
          name: `Zone ${String(i).padStart(2, '0')}`,
          project_code: `Z${i}`,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('project_organizations')
        .values({ project_id: project.id, organization_id: many.id, role: 'PoleOwner' })
        .execute();
    }
    const all = await get(reader, '/api/joint-use/options/projects');
    expect(all).toHaveLength(50);
    expect(all[0]).toEqual({ id: expect.any(String), name: 'Zone 00' });
    expect(names(await get(reader, '/api/joint-use/options/projects?filter=zONE 5'))).toEqual([
      'Zone 50',
      'Zone 51',
      'Zone 52',
      'Zone 53',
      'Zone 54',
    ]);
    expect(names(await get(s.attacherMember, '/api/joint-use/options/projects'))).toEqual(['Program SCENE']);
    expect(await get(s.outsider, '/api/joint-use/options/projects')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/joint-use/options/projects' })).statusCode).toBe(
      401,
    );
  });

  it('lists the people the caller sees through its projects, or through one project', async () => {
    const users = await get(s.attacherMember, '/api/joint-use/options/users');
    expect(names(users)).toEqual([
      'Abe Member',
      'Ada Attacher',
      'Ivy Invited',
      'Olivia Owner',
      'Oscar Member',
    ]);
    expect(users[0]).toEqual({
      id: s.attacherMember,
      name: 'Abe Member',
      email: expect.any(String),
      organizationName: 'Attacher Fiber',
    });
    expect(names(await get(s.ownerMember, '/api/joint-use/options/users?filter=cable'))).toEqual([
      'Cora Cable',
    ]);
    const email = users.find((u: { name: string }) => u.name === 'Olivia Owner').email;
    expect(
      names(await get(s.attacherMember, `/api/joint-use/options/users?filter=${email.toUpperCase()}`)),
    ).toEqual(['Olivia Owner']);
    expect(names(await get(s.outsider, '/api/joint-use/options/users'))).toEqual(['Otto Outsider']);
    const scoped = `/api/joint-use/options/users?projectId=${s.projectId}`;
    expect(names(await get(s.otherAttacherMember, scoped))).toEqual([
      'Cora Cable',
      'Ivy Invited',
      'Olivia Owner',
      'Oscar Member',
    ]);
    expect((await t.injectAs(s.outsider, { method: 'GET', url: scoped })).statusCode).toBe(404);
    const bad = await t.injectAs(s.outsider, {
      method: 'GET',
      url: '/api/joint-use/options/users?projectId=x',
    });
    expect(bad.json().errors[0].field).toBe('querystring.projectId');

    // By id, to name people a saved filter refers to: only those among the people the caller sees.
    const byIds = `/api/joint-use/options/users?ids=${s.ownerMember},${s.otherAttacherMember}, ${s.attacherMember}`;
    expect(names(await get(s.attacherMember, byIds))).toEqual(['Abe Member', 'Oscar Member']);
    expect(names(await get(s.outsider, byIds))).toEqual([]);
    expect(await get(s.attacherMember, '/api/joint-use/options/users?ids=')).toEqual([]);
    const badIds = await t.injectAs(s.attacherMember, {
      method: 'GET',
      url: `/api/joint-use/options/users?ids=${s.ownerMember},nope`,
    });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().errors[0].field).toMatch(/^querystring\.ids/);
  });

  it('lists the organizations the caller sees; someone who sets up projects sees every joint use one unless only related ones are asked', async () => {
    const organizations = await get(s.attacherMember, '/api/joint-use/options/organizations');
    expect(names(organizations)).toEqual(['Attacher Fiber', 'Owner Electric']);
    expect(names(await get(s.ownerMember, '/api/joint-use/options/organizations'))).toEqual([
      'Attacher Fiber',
      'Other Cable',
      'Owner Electric',
    ]);
    await buildOrg(t.db, { name: 'Vegetation Only', applications: ['Vegetation'] });
    const candidates = names(await get(s.outsider, '/api/joint-use/options/organizations?filter=e'));
    expect(candidates).toEqual(
      expect.arrayContaining(['Attacher Fiber', 'Other Cable', 'Outsider Wireless']),
    );
    expect(candidates).not.toContain('Vegetation Only');
    // Asked for the related ones only (whom a view may be shared with), the same person sees its own alone.
    expect(
      names(await get(s.outsider, '/api/joint-use/options/organizations?filter=e&related=true')),
    ).toEqual(['Outsider Wireless']);
    expect(names(await get(s.ownerMember, '/api/joint-use/options/organizations?related=true'))).toEqual([
      'Attacher Fiber',
      'Other Cable',
      'Owner Electric',
    ]);
    const bad = await t.injectAs(s.outsider, {
      method: 'GET',
      url: '/api/joint-use/options/organizations?related=perhaps',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('querystring.related');
    expect(names(await get(s.ownerManager, '/api/joint-use/options/organizations?filter=OTHER'))).toEqual([
      'Other Cable',
    ]);
  });
});
