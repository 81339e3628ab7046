import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TokenOverrides } from '../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../test/factories.ts';
import { buildPermitScene, sceneProject } from '../modules/permits/test-scene.ts';

// How hub tests connect and listen, as a browser page would.

/** Connects to the hub at `url` with a token (or none), resolving once connected; `opened` collects it. */
export async function openHub(url: string, token: string | null, opened: Socket[]): Promise<Socket> {
  const socket = connect(url, {
    path: '/hub',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Collects the events of a type a socket receives. */
export function collect(socket: Socket, type: string) {
  const received: unknown[] = [];
  socket.on(type, (payload: unknown) => received.push(payload));
  return received;
}

/** Long enough for a published event to reach the sockets of this process. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/**
 * An app listening on a free port with the permit scene and one attacher's permit on a project coded `code`,
 * and a way to open hub connections as its people (all closed with the app).
 */
export async function openPermitHubScene(code: string) {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const s = await buildPermitScene(t);
  const projectId = (await sceneProject(t, s, code)).id;
  const { templateId } = await buildPublishedTemplate(t.db, projectId);
  const permitId = (
    await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })
  ).id;
  const sockets: Socket[] = [];
  return {
    t,
    s,
    projectId,
    templateId,
    permitId,
    open: async (userId: string, token?: TokenOverrides) =>
      openHub(url, await t.tokenFor(userId, token), sockets),
    async close() {
      for (const socket of sockets) socket.disconnect();
      await t.close();
    },
  };
}
export type PermitHubScene = Awaited<ReturnType<typeof openPermitHubScene>>;

/**
 * `openPermitHubScene` for a whole test file: opened before its tests, closed after them. The fields are there
 * once the tests run.
 */
export function permitHubSceneForFile(code: string): PermitHubScene {
  const scene = {} as PermitHubScene;
  beforeAll(async () => {
    Object.assign(scene, await openPermitHubScene(code));
  });
  afterAll(() => scene.close());
  return scene;
}

/** Records an event as a write does, publishes it, and waits until it has reached this process's sockets. */
export async function publish(t: TestApp, event: Parameters<TestApp['app']['events']['record']>[1]) {
  await t.app.events.record(t.db, event);
  await t.app.events.flush();
  await settle();
}

/** Asks to follow a permit's room, with the hub's answer. */
export const subscribe = (socket: Socket, message: unknown): Promise<{ ok: boolean }> =>
  socket.timeout(5000).emitWithAck('subscribe', message);
