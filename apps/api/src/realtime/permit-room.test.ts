import { describe, expect, it } from 'vitest';
import { collect, permitHubSceneForFile, publish, settle, subscribe } from './hub-test-client.ts';

const hub = permitHubSceneForFile('ROOM');

describe("a permit's hub room", () => {
  it('lets those who may read the permit join, and refuses everyone else', async () => {
    expect(await subscribe(await hub.open(hub.s.attacherMember), { permitId: hub.permitId })).toEqual({
      ok: true,
    });
    expect(await subscribe(await hub.open(hub.s.ownerMember), { permitId: hub.permitId })).toEqual({
      ok: true,
    });
    expect(await subscribe(await hub.open(hub.s.otherAttacherMember), { permitId: hub.permitId })).toEqual({
      ok: false,
    });
    expect(await subscribe(await hub.open(hub.s.outsider), { permitId: hub.permitId })).toEqual({
      ok: false,
    });
    const anyone = await hub.open(hub.s.ownerMember);
    expect(await subscribe(anyone, { permitId: 'not-a-uuid' })).toEqual({ ok: false });
    expect(await subscribe(anyone, 'nonsense')).toEqual({ ok: false });
    expect(await subscribe(anyone, { permitId: '00000000-0000-4000-8000-000000000999' })).toEqual({
      ok: false,
    });
  });

  it('delivers events about the permit to its room only, until a page leaves it', async () => {
    const viewer = await hub.open(hub.s.attacherMember);
    const colleague = await hub.open(hub.s.attacherMember);
    const otherAttacher = await hub.open(hub.s.otherAttacherMember);
    await subscribe(viewer, { permitId: hub.permitId });
    await subscribe(otherAttacher, { permitId: hub.permitId });
    const seen = {
      viewer: collect(viewer, 'CommentAdded'),
      colleague: collect(colleague, 'CommentAdded'),
      otherAttacher: collect(otherAttacher, 'CommentAdded'),
    };
    await publish(hub.t, {
      type: 'CommentAdded',
      permitId: hub.permitId,
      payload: { permitId: hub.permitId },
    });
    expect(seen).toEqual({ viewer: [{ permitId: hub.permitId }], colleague: [], otherAttacher: [] });

    await viewer.timeout(5000).emitWithAck('unsubscribe', { permitId: hub.permitId });
    await publish(hub.t, {
      type: 'CommentAdded',
      permitId: hub.permitId,
      payload: { permitId: hub.permitId },
    });
    expect(seen.viewer).toHaveLength(1);
  });

  it("hears a permit change recorded by a write, e.g. the permit's poles", async () => {
    const viewer = await hub.open(hub.s.ownerMember);
    await subscribe(viewer, { permitId: hub.permitId });
    const outsider = await hub.open(hub.s.otherAttacherMember);
    const seen = collect(viewer, 'PermitMapUpdated');
    const notSeen = collect(outsider, 'PermitMapUpdated');
    const res = await hub.t.injectAs(hub.s.attacherMember, {
      method: 'PUT',
      url: `/api/joint-use/permit/${hub.permitId}/map`,
      payload: { poleIds: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(seen).toContainEqual(expect.objectContaining({ permitId: hub.permitId }));
    expect(notSeen).toEqual([]);
    const rows = await hub.t.db
      .selectFrom('events')
      .select('permit_id')
      .where('type', '=', 'PermitMapUpdated')
      .execute();
    expect(rows.filter((row) => row.permit_id === hub.permitId)).toHaveLength(1);
  });
});
