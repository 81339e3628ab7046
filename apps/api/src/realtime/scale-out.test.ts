import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
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

  it('delivers an event published by the other instance', async () => {
    const org = await buildOrg(t.db);
    const user = await buildUser(t.db, { organizationId: org.id });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: '/hub',
      transports: ['websocket'],
      auth: { token: await t.tokenFor(user.id) },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received: unknown[] = [];
    socket.on('user-session-invalid', (payload: unknown) => received.push(payload));
    await second.events.record(t.db, userSessionInvalid(user.id));
    await second.events.flush();
    await expect.poll(() => received, { timeout: 5000, interval: 50 }).toEqual([{ userId: user.id }]);
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
