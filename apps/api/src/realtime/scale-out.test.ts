import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOrg, buildProject, buildUser } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { openHub } from './hub-test-client.ts';
import { userSessionInvalid } from './outbox.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Two API instances on one database and one Redis act as one hub: an event published by either instance
// reaches a connection held by the other.
describe.skipIf(!redisUrl)('the hub across instances (Redis)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: redisUrl! });
    second = await buildApp({
      config: parseConfig({ ...process.env, ...envOf(t), REDIS_URL: redisUrl! }),
      db: t.db,
      identityKeys: t.keys,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await second.ready();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await second.close();
    await t.close();
  });

  /** A hub connection to the first instance as the user. */
  const openAs = async (userId: string) =>
    openHub(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      await t.tokenFor(userId),
      sockets,
    );

  it('delivers an event published by the other instance', async () => {
    const org = await buildOrg(t.db);
    const user = await buildUser(t.db, { organizationId: org.id });
    const socket = await openAs(user.id);
    const received: unknown[] = [];
    socket.on('user-session-invalid', (payload: unknown) => received.push(payload));
    await second.events.record(t.db, userSessionInvalid(user.id));
    await second.events.flush();
    await expect.poll(() => received, { timeout: 5000, interval: 50 }).toEqual([{ userId: user.id }]);
  });

  it("delivers a permit event to the project's room of the other instance's connections", async () => {
    const org = await buildOrg(t.db);
    const user = await buildUser(t.db, { organizationId: org.id });
    const project = await buildProject(t.db, { ownerOrganizationId: org.id });
    const socket = await openAs(user.id);
    const received: unknown[] = [];
    socket.on('PermitMapUpdated', (payload: unknown) => received.push(payload));
    const payload = { permitId: '00000000-0000-4000-8000-000000000001', projectId: project.id };
    const event = { type: 'PermitMapUpdated', organizationId: org.id, payload };
    // Another project's event, and one kept from a page room the connection is not in.
    await second.events.record(t.db, { ...event, projectId: '00000000-0000-4000-8000-000000000002' });
    await second.events.record(t.db, { ...event, projectId: project.id, exceptPermitId: payload.permitId });
    await second.events.flush();
    await expect.poll(() => received, { timeout: 5000, interval: 50 }).toEqual([payload]);
  });
});

function envOf(t: TestApp): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(t.config.port),
    DATA_DIR: t.config.dataDir,
    WEB_DIST: t.config.webDist,
  };
}
