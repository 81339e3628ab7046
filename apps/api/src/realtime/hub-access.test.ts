import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { collect, permitHubSceneForFile, publish, subscribe } from './hub-test-client.ts';
import { organizationSessionInvalid } from './outbox.ts';

const hub = permitHubSceneForFile('REVIEW');
describe('hub access of users who may not use the system', () => {
  it("keeps an Inactive user out of their organization's room", async () => {
    const org = await buildOrg(hub.t.db);
    const inactive = await buildUser(hub.t.db, { organizationId: org.id, status: 'Inactive' });
    // The API refuses this user (403) ...
    const api = await hub.t.injectAs(inactive.id, { method: 'GET', url: '/api/projects/timer-presets' });
    expect(api.statusCode).toBe(403);
    // The hub lets them in, to hear about themselves only: not their organization's events.
    const socket = await hub.open(inactive.id);
    const seen = collect(socket, 'organization-session-invalid');
    await publish(hub.t, organizationSessionInvalid(org.id));
    expect(seen).toEqual([]);
  });

  it("refuses an Inactive member of the pole owner a permit's room", async () => {
    const inactive = await buildUser(hub.t.db, { organizationId: hub.s.ownerOrg, status: 'Inactive' });
    const api = await hub.t.injectAs(inactive.id, {
      method: 'GET',
      url: `/api/joint-use/permit/${hub.permitId}/header`,
    });
    expect(api.statusCode).toBe(403);
    const socket = await hub.open(inactive.id);
    expect(await subscribe(socket, { permitId: hub.permitId })).toEqual({ ok: false });
  });

  it("stops delivering organization events to a user's open connection once they are deactivated", async () => {
    const platform = await buildOrg(hub.t.db);
    const sysAdmin = await buildUser(hub.t.db, {
      organizationId: platform.id,
      systemPermissions: ['ManageUsers', 'ViewUsers'],
    });
    const org = await buildOrg(hub.t.db);
    const target = await buildUser(hub.t.db, { organizationId: org.id });
    const socket = await hub.open(target.id);
    const seen = collect(socket, 'organization-session-invalid');
    const told = collect(socket, 'user-session-invalid');
    const ended = new Promise((resolve) => socket.once('disconnect', resolve));
    const off = await hub.t.injectAs(sysAdmin.id, {
      method: 'PUT',
      url: `/api/admin/system/users/${target.id}/deactivate`,
    });
    expect(off.statusCode, off.body).toBe(200);
    // The connection hears it, then ends; coming back, it is let into the user's own room only.
    expect(await ended).toBe('io server disconnect');
    expect(told).toHaveLength(1);
    const again = await hub.open(target.id);
    const seenAgain = collect(again, 'organization-session-invalid');
    await publish(hub.t, organizationSessionInvalid(org.id));
    expect(seen).toEqual([]);
    expect(seenAgain).toEqual([]);
  });

  it('ends a connection when the token it was opened with expires', async () => {
    const socket = await hub.open(hub.s.ownerMember, { expiresIn: '2s' });
    const ended = await new Promise((resolve) => socket.once('disconnect', resolve));
    expect(ended).toBe('io server disconnect');
  });
});

describe("the caller's connection id", () => {
  it("cannot be used to hide a caller's change from another organization's members", async () => {
    const ownerSocket = await hub.open(hub.s.ownerMember);
    const seen = collect(ownerSocket, 'PermitMapUpdated');
    const write = (headers: Record<string, string>) =>
      hub.t.injectAs(hub.s.attacherMember, {
        method: 'PUT',
        url: `/api/joint-use/permit/${hub.permitId}/map`,
        headers,
        payload: { poleIds: [] },
      });
    // Without the header, the pole owner's member hears the change through the organization's room.
    expect((await write({})).statusCode).toBe(200);
    await expect.poll(() => seen.length).toBe(1);
    // A room name passed as the caller's connection is ignored: it would silence the whole organization.
    const res = await write({ 'x-connection-id': `org:${hub.s.ownerOrg}` });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => seen.length).toBe(2);
  });
});
