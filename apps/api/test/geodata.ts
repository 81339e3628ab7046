import type { TestApp } from './app.ts';
import { buildOrg, buildUser } from './factories.ts';

/** The people around one project: its pole owner's manager and plain member, an attacher, an outsider. */
export interface GeodataCast {
  projectId: string;
  ownerOrg: string;
  ownerManager: string;
  ownerMember: string;
  attacherManager: string;
  outsider: string;
}

/** A project owned by a pole owner with one attacher contributor, and a manager from an unrelated org. */
export async function buildGeodataCast(t: TestApp, name = 'Map Program'): Promise<GeodataCast> {
  const ownerOrg = (await buildOrg(t.db, { name: `${name} Electric` })).id;
  const attacherOrg = (await buildOrg(t.db, { name: `${name} Fiber` })).id;
  const otherOrg = (await buildOrg(t.db, { name: `${name} Outsiders` })).id;
  const manager = (organizationId: string) =>
    buildUser(t.db, { organizationId, systemPermissions: ['ManageProjects'] }).then((user) => user.id);
  const ownerManager = await manager(ownerOrg);
  const ownerMember = (await buildUser(t.db, { organizationId: ownerOrg })).id;
  const attacherManager = await manager(attacherOrg);
  const outsider = await manager(otherOrg);
  const created = await t.injectAs(ownerManager, {
    method: 'POST',
    url: '/api/projects',
    payload: { name, projectCode: name.replace(/\W+/g, '-').toUpperCase() },
  });
  const projectId: string = created.json().data.id;
  await t.db
    .insertInto('project_organizations')
    .values({ project_id: projectId, organization_id: attacherOrg, role: 'AttacherOrg' })
    .execute();
  return { projectId, ownerOrg, ownerManager, ownerMember, attacherManager, outsider };
}
