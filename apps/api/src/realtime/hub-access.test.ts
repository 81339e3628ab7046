import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { collect, openPermitHubScene, type PermitHubScene, settle, subscribe } from './hub-test-client.ts';
import { organizationSessionInvalid } from './outbox.ts';

let scene: PermitHubScene;
let t: PermitHubScene['t'];
let s: PermitHubScene['s'];
let permitId: string;
let open: PermitHubScene['open'];

beforeAll(async () => {
  scene = await openPermitHubScene('REVIEW');
  ({ t, s, permitId, open } = scene);
});
afterAll(() => scene.close());
describe('hub access of users who may not use the system', () => {
  it("keeps an Inactive user out of their organization's room", async () => {
    const org = await buildOrg(t.db);
    const inactive = await buildUser(t.db, { organizationId: org.id, status: 'Inactive' });
    // The API refuses this user (403) ...
    const api = await t.injectAs(inactive.id, { method: 'GET', url: '/api/projects/timer-presets' });
    expect(api.statusCode).toBe(403);
    // The hub lets them in, to hear about themselves only: not their organization's events.
    const socket = await open(inactive.id);
    const seen = collect(socket, 'organization-session-invalid');
    await t.app.events.record(t.db, organizationSessionInvalid(org.id));
    await t.app.events.flush();
    await settle();
    expect(seen).toEqual([]);
  });

  it("refuses an Inactive member of the pole owner a permit's room", async () => {
    const inactive = await buildUser(t.db, { organizationId: s.ownerOrg, status: 'Inactive' });
    const api = await t.injectAs(inactive.id, {
      method: 'GET',
      url: `/api/joint-use/permit/${permitId}/header`,
    });
    expect(api.statusCode).toBe(403);
    const socket = await open(inactive.id);
    expect(await subscribe(socket, { permitId })).toEqual({ ok: false });
  });

  it("stops delivering organization events to a user's open connection once they are deactivated", async () => {
    const platform = await buildOrg(t.db);
    const sysAdmin = await buildUser(t.db, {
      organizationId: platform.id,
      systemPermissions: ['ManageUsers', 'ViewUsers'],
    });
    const org = await buildOrg(t.db);
    const target = await buildUser(t.db, { organizationId: org.id });
    const socket = await open(target.id);
    const seen = collect(socket, 'organization-session-invalid');
    const told = collect(socket, 'user-session-invalid');
    const ended = new Promise((resolve) => socket.once('disconnect', resolve));
    const off = await t.injectAs(sysAdmin.id, {
      method: 'PUT',
      url: `/api/admin/system/users/${target.id}/deactivate`,
    });
    expect(off.statusCode, off.body).toBe(200);
    // The connection hears it, then ends; coming back, it is let into the user's own room only.
    expect(await ended).toBe('io server disconnect');
    expect(told).toHaveLength(1);
    const again = await open(target.id);
    const seenAgain = collect(again, 'organization-session-invalid');
    await t.app.events.record(t.db, organizationSessionInvalid(org.id));
    await t.app.events.flush();
    await settle();
    expect(seen).toEqual([]);
    expect(seenAgain).toEqual([]);
  });

  it('ends a connection when the token it was opened with expires', async () => {
    const socket = await open(s.ownerMember, { expiresIn: '2s' });
    const ended = await new Promise((resolve) => socket.once('disconnect', resolve));
    expect(ended).toBe('io server disconnect');
  });
});

describe("the caller's connection id", () => {
  it("cannot be used to hide a caller's change from another organization's members", async () => {
    const ownerSocket = await open(s.ownerMember);
    const seen = collect(ownerSocket, 'PermitMapUpdated');
    const write = (headers: Record<string, string>) =>
      t.injectAs(s.attacherMember, {
        method: 'PUT',
        url: `/api/joint-use/permit/${permitId}/map`,
        headers,
        payload: { poleIds: [] },
      });
    // Without the header, the pole owner's member hears the change through the organization's room.
    expect((await write({})).statusCode).toBe(200);
    await settle();
    expect(seen).toHaveLength(1);
    // A room name passed as the caller's connection is ignored: it would silence the whole organization.
    const res = await write({ 'x-connection-id': `org:${s.ownerOrg}` });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(seen).toHaveLength(2);
  });
});
