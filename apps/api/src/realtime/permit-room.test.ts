import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, openPermitHubScene, type PermitHubScene, settle, subscribe } from './hub-test-client.ts';

let scene: PermitHubScene;
let t: PermitHubScene['t'];
let s: PermitHubScene['s'];
let permitId: string;
let open: PermitHubScene['open'];

beforeAll(async () => {
  scene = await openPermitHubScene('ROOM');
  ({ t, s, permitId, open } = scene);
});
afterAll(() => scene.close());

describe("a permit's hub room", () => {
  it('lets those who may read the permit join, and refuses everyone else', async () => {
    expect(await subscribe(await open(s.attacherMember), { permitId })).toEqual({ ok: true });
    expect(await subscribe(await open(s.ownerMember), { permitId })).toEqual({ ok: true });
    expect(await subscribe(await open(s.otherAttacherMember), { permitId })).toEqual({ ok: false });
    expect(await subscribe(await open(s.outsider), { permitId })).toEqual({ ok: false });
    const anyone = await open(s.ownerMember);
    expect(await subscribe(anyone, { permitId: 'not-a-uuid' })).toEqual({ ok: false });
    expect(await subscribe(anyone, 'nonsense')).toEqual({ ok: false });
    expect(await subscribe(anyone, { permitId: '00000000-0000-4000-8000-000000000999' })).toEqual({
      ok: false,
    });
  });

  it('delivers events about the permit to its room only, until a page leaves it', async () => {
    const viewer = await open(s.attacherMember);
    const colleague = await open(s.attacherMember);
    const otherAttacher = await open(s.otherAttacherMember);
    await subscribe(viewer, { permitId });
    await subscribe(otherAttacher, { permitId });
    const seen = {
      viewer: collect(viewer, 'CommentAdded'),
      colleague: collect(colleague, 'CommentAdded'),
      otherAttacher: collect(otherAttacher, 'CommentAdded'),
    };
    await t.app.events.record(t.db, { type: 'CommentAdded', permitId, payload: { permitId } });
    await t.app.events.flush();
    await settle();
    expect(seen).toEqual({ viewer: [{ permitId }], colleague: [], otherAttacher: [] });

    await viewer.timeout(5000).emitWithAck('unsubscribe', { permitId });
    await t.app.events.record(t.db, { type: 'CommentAdded', permitId, payload: { permitId } });
    await t.app.events.flush();
    await settle();
    expect(seen.viewer).toHaveLength(1);
  });

  it("hears a permit change recorded by a write, e.g. the permit's poles", async () => {
    const viewer = await open(s.ownerMember);
    await subscribe(viewer, { permitId });
    const outsider = await open(s.otherAttacherMember);
    const seen = collect(viewer, 'PermitMapUpdated');
    const notSeen = collect(outsider, 'PermitMapUpdated');
    const res = await t.injectAs(s.attacherMember, {
      method: 'PUT',
      url: `/api/joint-use/permit/${permitId}/map`,
      payload: { poleIds: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(seen).toContainEqual(expect.objectContaining({ permitId }));
    expect(notSeen).toEqual([]);
    const rows = await t.db
      .selectFrom('events')
      .select('permit_id')
      .where('type', '=', 'PermitMapUpdated')
      .execute();
    expect(rows.filter((row) => row.permit_id === permitId)).toHaveLength(1);
  });
});
