import { describe, expect, it } from 'vitest';
import { buildPermit, buildUser } from '../../test/factories.ts';
import { grantOnly, KEY } from '../modules/permits/test-scene.ts';
import { collect, permitHubSceneForFile, publish, settle, subscribe } from './hub-test-client.ts';

// Permit events reach the members of an organization who may see the project's permits, and each open page
// of a permit hears each change once.

const hub = permitHubSceneForFile('PROOMS');

/** A member of the pole owner whose own project permissions leave out ViewPermits. */
async function narrowedOwnerMember() {
  const user = await buildUser(hub.t.db, { organizationId: hub.s.ownerOrg });
  await grantOnly(hub.t, { projectId: hub.projectId, organizationId: hub.s.ownerOrg, userId: user.id }, [
    'CommentOnPermits',
  ]);
  return user.id;
}

const moveMap = (userId: string) =>
  hub.t.injectAs(userId, {
    method: 'PUT',
    url: `/api/joint-use/permit/${hub.permitId}/map`,
    payload: { poleIds: [] },
  });

describe("a permit's events in its organizations", () => {
  it("reach only the members who may see the project's permits", async () => {
    const narrowed = await narrowedOwnerMember();
    const sockets = {
      owner: await hub.open(hub.s.ownerMember),
      narrowed: await hub.open(narrowed),
      applicant: await hub.open(hub.s.attacherMember),
      otherAttacher: await hub.open(hub.s.otherAttacherMember),
    };
    const heard = Object.fromEntries(
      Object.entries(sockets).map(([who, socket]) => [who, collect(socket, 'PermitMapUpdated')]),
    );
    const res = await moveMap(hub.s.attacherManager);
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(Object.fromEntries(Object.entries(heard).map(([who, seen]) => [who, seen.length]))).toEqual({
      owner: 1,
      narrowed: 0,
      applicant: 1,
      otherAttacher: 0,
    });
    // The narrowed member cannot read the permit either: the events keep to what the API shows.
    const read = await hub.t.injectAs(narrowed, {
      method: 'GET',
      url: `/api/joint-use/permit/${hub.permitId}/header`,
    });
    expect(read.statusCode).toBe(403);
  });

  it("keep a bulk hold's reason from members who may not see the project's permits", async () => {
    const narrowed = await narrowedOwnerMember();
    const second = await buildPermit(hub.t.db, {
      projectId: hub.projectId,
      templateId: hub.templateId,
      applicantOrganizationId: hub.s.attacherOrg,
    });
    const owner = collect(await hub.open(hub.s.ownerMember), 'BulkPermitAddOnHold');
    const hidden = collect(await hub.open(narrowed), 'BulkPermitAddOnHold');
    const res = await hub.t.injectAs(hub.s.ownerManager, {
      method: 'POST',
      url: '/api/joint-use/permit/on-hold',
      payload: { permitIds: [hub.permitId, second.id], reason: 'Storm season' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(owner).toEqual([
      expect.objectContaining({ count: 2, permitIds: expect.arrayContaining([hub.permitId, second.id]) }),
    ]);
    expect(hidden).toEqual([]);
    const release = await hub.t.injectAs(hub.s.ownerManager, {
      method: 'POST',
      url: '/api/joint-use/permit/on-hold-remove',
      payload: { permitIds: [hub.permitId, second.id], reason: 'Weather cleared' },
    });
    expect(release.statusCode, release.body).toBe(200);
  });

  it('reach a member again once their project permissions let them see the permits', async () => {
    const narrowed = await narrowedOwnerMember();
    const before = await hub.open(narrowed);
    const ended = new Promise((resolve) => before.once('disconnect', resolve));
    const restore = await hub.t.injectAs(hub.s.ownerManager, {
      method: 'PUT',
      url: `/api/projects/${hub.projectId}/organizations/${hub.s.ownerOrg}/user-permissions`,
      payload: { users: [{ userId: narrowed, permissions: null }] },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    // The change ends the connection; coming back, its rooms are decided for the permissions as they stand.
    expect(await ended).toBe('io server disconnect');
    const after = collect(await hub.open(narrowed), 'PermitMapUpdated');
    expect((await moveMap(hub.s.attacherManager)).statusCode).toBe(200);
    await settle();
    expect(after).toHaveLength(1);
  });
});

describe('a project made while connected', () => {
  it("reaches the pole owner's members at once: their connections end and come back with its room", async () => {
    const before = await hub.open(hub.s.ownerMember);
    const ended = new Promise((resolve) => before.once('disconnect', resolve));
    const res = await hub.t.injectAs(hub.s.ownerManager, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Storm Hardening', projectCode: 'STORM-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const projectId = res.json().data.id as string;
    expect(await ended).toBe('io server disconnect');
    const after = collect(await hub.open(hub.s.ownerMember), 'PermitCreated');
    const payload = { permitId: '00000000-0000-4000-8000-000000000123', projectId };
    await publish(hub.t, { type: 'PermitCreated', organizationId: hub.s.ownerOrg, projectId, payload });
    expect(after).toEqual([payload]);
  });
});

describe("a permit's open pages", () => {
  it('hear each change once, whichever organization they belong to', async () => {
    const applicantPage = await hub.open(hub.s.attacherMember);
    const ownerPage = await hub.open(hub.s.ownerMember);
    expect(await subscribe(applicantPage, { permitId: hub.permitId })).toEqual({ ok: true });
    expect(await subscribe(ownerPage, { permitId: hub.permitId })).toEqual({ ok: true });
    const heard = {
      applicant: collect(applicantPage, 'PermitMapUpdated'),
      owner: collect(ownerPage, 'PermitMapUpdated'),
    };
    expect((await moveMap(hub.s.ownerManager)).statusCode).toBe(200);
    expect((await moveMap(hub.s.attacherManager)).statusCode).toBe(200);
    await settle();
    expect({ applicant: heard.applicant.length, owner: heard.owner.length }).toEqual({
      applicant: 2,
      owner: 2,
    });
  });

  it("hear an assignment as the permit's change, and only the person assigned hears it as theirs", async () => {
    const colleaguePage = await hub.open(hub.s.attacherManager);
    expect(await subscribe(colleaguePage, { permitId: hub.permitId })).toEqual({ ok: true });
    const assignee = await hub.open(hub.s.attacherMember);
    const heard = {
      pageChange: collect(colleaguePage, 'TaskAssigned'),
      pagePersonal: collect(colleaguePage, 'TaskAssignedToMe'),
      assigneePersonal: collect(assignee, 'TaskAssignedToMe'),
    };
    const res = await hub.t.injectAs(hub.s.ownerMember, {
      method: 'PUT',
      url: `/api/joint-use/permit/${hub.permitId}/stage/${KEY.intake}/task/${KEY.review}/user-assignments`,
      payload: { userIds: [hub.s.attacherMember] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect({
      pageChange: heard.pageChange.length,
      pagePersonal: heard.pagePersonal.length,
      assigneePersonal: heard.assigneePersonal.length,
    }).toEqual({ pageChange: 1, pagePersonal: 0, assigneePersonal: 1 });
  });
});
