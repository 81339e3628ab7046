import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { collect, openHub, publish, settle } from './hub-test-client.ts';
import { organizationSessionInvalid, userSessionInvalid } from './outbox.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const open = (token: string | null) => openHub(url, token, sockets);

describe('the real-time hub', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open(null)).rejects.toThrow('unauthorized');
    await expect(open('not-a-token')).rejects.toThrow('unauthorized');
  });

  it('delivers user-session-invalid to that user only, after the transaction commits', async () => {
    const org = await buildOrg(t.db);
    const alice = await buildUser(t.db, { organizationId: org.id });
    const bob = await buildUser(t.db, { organizationId: org.id });
    const aliceSocket = await open(await t.tokenFor(alice.id));
    const bobSocket = await open(await t.tokenFor(bob.id));
    const toAlice = collect(aliceSocket, 'user-session-invalid');
    const toBob = collect(bobSocket, 'user-session-invalid');

    await t.db
      .transaction()
      .execute(async (trx) => {
        await t.app.events.record(trx, userSessionInvalid(alice.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.app.events.flush();
    await settle();
    expect(toAlice).toEqual([]);

    await t.db.transaction().execute((trx) => t.app.events.record(trx, userSessionInvalid(alice.id)));
    await t.app.events.flush();
    await settle();
    expect(toAlice).toEqual([{ userId: alice.id }]);
    expect(toBob).toEqual([]);
    const pending = await t.db.selectFrom('events').select('id').where('published_at', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it("delivers organization-session-invalid to the organization's members, except the caller's own connection", async () => {
    const org = await buildOrg(t.db);
    const otherOrg = await buildOrg(t.db);
    const admin = await buildUser(t.db, { organizationId: org.id });
    const member = await buildUser(t.db, { organizationId: org.id });
    const outsider = await buildUser(t.db, { organizationId: otherOrg.id });
    const adminSocket = await open(await t.tokenFor(admin.id));
    const memberSocket = await open(await t.tokenFor(member.id));
    const outsiderSocket = await open(await t.tokenFor(outsider.id));
    const seen = {
      admin: collect(adminSocket, 'organization-session-invalid'),
      member: collect(memberSocket, 'organization-session-invalid'),
      outsider: collect(outsiderSocket, 'organization-session-invalid'),
    };

    await publish(t, organizationSessionInvalid(org.id, adminSocket.id));
    expect(seen.member).toEqual([{ organizationId: org.id }]);
    expect(seen.admin).toEqual([]);
    expect(seen.outsider).toEqual([]);
  });

  it('publishes events left behind by the sweep, without a flush call', async () => {
    const org = await buildOrg(t.db);
    const user = await buildUser(t.db, { organizationId: org.id });
    const socket = await open(await t.tokenFor(user.id));
    const received = collect(socket, 'user-session-invalid');
    await t.app.events.record(t.db, userSessionInvalid(user.id));
    await expect.poll(() => received.length, { timeout: 5000, interval: 100 }).toBe(1);
  });
});
