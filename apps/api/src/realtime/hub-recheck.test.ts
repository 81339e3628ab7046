import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import type { Session } from '../modules/session/session.ts';
import { type HubAccess, recheckRooms } from './hub.ts';

// A session event published while a connection is being set up reaches no connection; the rooms are read
// again once it has connected, and a connection whose projects moved meanwhile is ended.

const session = { user: { id: 'u1' }, organizationId: 'o1' } as unknown as Session;
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

function fakeSocket(joined: string | undefined) {
  const socket = { data: { session, permitProjects: joined }, ended: 0, disconnect: () => socket.ended++ };
  return socket;
}
const accessWith = (projects: string[]): HubAccess => ({
  canFollowPermit: async () => false,
  permitProjects: async () => projects,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('recheckRooms', () => {
  it('ends a connection whose projects changed while it was set up, and keeps one whose did not', async () => {
    const moved = fakeSocket('p1,p2');
    recheckRooms(moved as unknown as Socket, accessWith(['p2']), log);
    const same = fakeSocket('p1,p2');
    recheckRooms(same as unknown as Socket, accessWith(['p2', 'p1']), log);
    await settle();
    expect([moved.ended, same.ended]).toEqual([1, 0]);
  });

  it('leaves alone a connection that joined no project rooms (a user who may not use the system)', async () => {
    const outside = fakeSocket(undefined);
    recheckRooms(outside as unknown as Socket, accessWith(['p1']), log);
    await settle();
    expect(outside.ended).toBe(0);
  });
});
