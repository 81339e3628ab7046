import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';
import { buildOrg, buildUser } from '../../test/factories.ts';
import type { DatabaseHandle, Executor } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { buildPermitScene, dataOf, type PermitScene, permitProject } from '../modules/permits/test-scene.ts';
import { markSignedIn, SESSION_VERSION_SQL } from '../modules/session/repo.ts';
import { registerAuthentication } from './auth.ts';
import { registerErrorHandler } from './error-handler.ts';

// A read-only route may take the caller's session kept from an earlier request and confirm it inside the
// statement it runs anyway. These tests hold the session version to what it stands for, and hold every
// answer given on a kept session to the session as it is now: a caller deactivated, deleted or moved to
// another organization between two requests is answered as signing in would answer them.

const version = async (db: Executor) =>
  BigInt((await sql<{ v: string }>`SELECT ${SESSION_VERSION_SQL}::text AS v`.execute(db)).rows[0]!.v);

describe('the session version', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('moves once for each write to what a session is read from, and not when someone signs in', async () => {
    const { db } = handle;
    const org = (await buildOrg(db, { name: 'Session Org' })).id;
    const other = (await buildOrg(db, { name: 'Session Other' })).id;
    const person = (await buildUser(db, { organizationId: org })).id;
    const moves = async (write: () => Promise<unknown>) => {
      const before = await version(db);
      await write();
      return Number((await version(db)) - before);
    };
    const writes: [string, () => Promise<unknown>, number][] = [
      ['signing in', () => markSignedIn(db, person), 0],
      [
        'renamed',
        () => db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', person).execute(),
        1,
      ],
      [
        'deactivated',
        () => db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', person).execute(),
        1,
      ],
      [
        'moved to another organization',
        () => db.updateTable('users').set({ organization_id: other }).where('id', '=', person).execute(),
        1,
      ],
      [
        'a system permission granted',
        () =>
          db
            .insertInto('user_system_permissions')
            .values({ user_id: person, permission: 'ManageUsers' })
            .execute(),
        1,
      ],
      [
        'an organization permission granted',
        () =>
          db
            .insertInto('user_organization_permissions')
            .values({ user_id: person, organization_id: org, permission: 'ManageUsers' })
            .execute(),
        1,
      ],
      [
        'an organization permission taken back',
        () => db.deleteFrom('user_organization_permissions').where('user_id', '=', person).execute(),
        1,
      ],
      [
        'an organization renamed',
        () =>
          db.updateTable('organizations').set({ name: 'Other, renamed' }).where('id', '=', other).execute(),
        1,
      ],
      [
        'an application given to an organization',
        () =>
          db
            .insertInto('organization_applications')
            .values({ organization_id: other, application: 'Vegetation' })
            .execute(),
        1,
      ],
      [
        'many rows of several tables in one transaction',
        () =>
          db.transaction().execute(async (trx) => {
            await trx
              .updateTable('users')
              .set({ last_name: 'Again' })
              .where('organization_id', 'in', [org, other])
              .execute();
            await trx.deleteFrom('organization_applications').where('organization_id', '=', other).execute();
          }),
        1,
      ],
      ['deleted', () => db.deleteFrom('users').where('id', '=', person).execute(), 1],
    ];
    for (const [what, write, expected] of writes) {
      expect({ what, moved: await moves(write) }).toEqual({ what, moved: expected });
    }
  });
});

describe('the two version rows', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  // A transaction can move both numbers at commit (an organization renamed moves the context's, then the
  // session's). Each takes the context's row first, so two such transactions never hold one row each.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "are locked in one order: a session's change waits for the context's row",
    async () => {
      const { db } = handle;
      const org = (await buildOrg(db, { name: 'Lock Order' })).id;
      const person = (await buildUser(db, { organizationId: org })).id;
      const before = await version(db);
      const waiting = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db)
          ).rows[0]!.n,
        );
      await db.connection().execute(async (first) => {
        await sql`BEGIN`.execute(first);
        await sql`SELECT version FROM overview_context_version FOR NO KEY UPDATE`.execute(first);
        // A permission granted in a transaction of its own: its commit waits for the context's row.
        const grant = db
          .insertInto('user_system_permissions')
          .values({ user_id: person, permission: 'ManageUsers' })
          .execute();
        for (let tries = 0; (await waiting()) < 1 && tries < 200; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(await waiting()).toBe(1);
        expect(await version(db)).toBe(before);
        await sql`COMMIT`.execute(first);
        await grant;
      });
      expect(await version(db)).toBe(before + 1n);
    },
  );
});

describe('an overview page on a kept session', () => {
  let t: TestApp;
  let scene: PermitScene;
  let permitIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    scene = await buildPermitScene(t);
    const project = await permitProject(t, scene, 'KEPT');
    permitIds = [(await project.newPermit()).id, (await project.newPermit()).id];
  });
  afterAll(() => t.close());

  const page = (userId: string, body: object = {}) =>
    t.injectAs(userId, {
      method: 'POST',
      url: '/api/joint-use/permits/overview?includeCount=true',
      payload: { columnOptions: ['permit.Status'], pageOptions: { page: 0, pageSize: 10 }, ...body },
    });
  const idsOf = async (userId: string) =>
    ((dataOf(await page(userId)) as { rows: { id: string }[] }).rows ?? []).map((row) => row.id).sort();
  /** The statements `call` runs (the outbox relay's polls left out). */
  async function statementsOf(call: () => Promise<unknown>) {
    const spy = vi.spyOn(t.db.getExecutor(), 'executeQuery');
    try {
      await call();
      return spy.mock.calls
        .map(([query]) => query.sql)
        .filter((text) => !/from "events" where "published_at" is null/.test(text));
    } finally {
      spy.mockRestore();
    }
  }
  const newPerson = async () => (await buildUser(t.db, { organizationId: scene.ownerOrg })).id;

  it('takes one statement, the page confirming the session, once the session and the context are kept', async () => {
    const person = await newPerson();
    // Signing in, the visible projects with their columns, then the page.
    expect(await statementsOf(() => page(person))).toHaveLength(3);
    const kept = await statementsOf(() => page(person));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('session_version');
    // Signing in again leaves the kept session as it is.
    await markSignedIn(t.db, person);
    expect(await statementsOf(() => page(person))).toHaveLength(1);
    expect(await idsOf(person)).toEqual([...permitIds].sort());
  });

  it('reads a session that changed once, then confirms the new one with the same statement', async () => {
    const person = await newPerson();
    await page(person);
    await page(person);
    // The page's statement, kept compiled, now runs with the versions of the session read again.
    await t.db.updateTable('users').set({ title: 'Field Engineer' }).where('id', '=', person).execute();
    // The page that did not hold, the session, the context (the page cannot tell which did not hold), the page.
    expect(await statementsOf(() => page(person))).toHaveLength(4);
    const again = await statementsOf(() => page(person));
    expect(again).toHaveLength(1);
    expect(await idsOf(person)).toEqual([...permitIds].sort());
  });

  it('answers a caller moved to another organization with what that organization sees', async () => {
    const person = await newPerson();
    expect(await idsOf(person)).toEqual([...permitIds].sort());
    // The other attacher takes part in the project but applied for none of its permits.
    await t.db
      .updateTable('users')
      .set({ organization_id: scene.otherAttacherOrg })
      .where('id', '=', person)
      .execute();
    await t.db
      .insertInto('user_organizations')
      .values({ user_id: person, organization_id: scene.otherAttacherOrg })
      .execute();
    // The page that did not hold, signing in, the new organization's context, the page.
    expect(await statementsOf(() => page(person))).toHaveLength(4);
    expect(await idsOf(person)).toEqual([]);
  });

  it('refuses a caller deactivated or deleted since their last page, whatever they ask', async () => {
    const person = await newPerson();
    await idsOf(person);
    await t.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', person).execute();
    const refused = await page(person);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(permitIds[0]);
    // A request the kept context would refuse is still answered as the caller is now.
    const gone = await newPerson();
    await idsOf(gone);
    await t.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', gone).execute();
    expect((await page(gone, { columnOptions: ['property.not-a-column'] })).statusCode).toBe(403);
    // One row of the overview, too.
    const rowReader = await newPerson();
    await idsOf(rowReader);
    await t.db.updateTable('users').set({ status: 'Deleted' }).where('id', '=', rowReader).execute();
    const row = await t.injectAs(rowReader, {
      method: 'POST',
      url: `/api/joint-use/overview/row/${permitIds[0]}`,
      payload: { columnOptions: ['permit.Status'] },
    });
    expect(row.statusCode).toBe(401);
    expect(row.body).not.toContain('"Status"');
  });

  it('does not keep a session for a caller it refused', async () => {
    const person = (await buildUser(t.db, { organizationId: scene.ownerOrg, status: 'Inactive' })).id;
    expect((await page(person)).statusCode).toBe(403);
    await t.db.updateTable('users').set({ status: 'Active' }).where('id', '=', person).execute();
    expect(await idsOf(person)).toEqual([...permitIds].sort());
  });
});

describe('a route that confirms kept sessions', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let org: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    org = (await buildOrg(handle.db, { name: 'Route Org' })).id;
    app = Fastify();
    registerErrorHandler(app);
    // Tokens are the user's id here: what is under test is what happens after the token is verified.
    registerAuthentication(app, {
      db: handle.db,
      verifyToken: async (token) => ({ subject: token, email: null, claims: {} }),
      subjectIsUserId: true,
    });
    // A handler that never confirms the session it was given, and one that fails.
    app.get('/api/test/status', { config: { confirmsKeptSession: true } }, async (request) => ({
      status: request.session.user.status,
      kept: request.sessionCheck !== null,
    }));
    app.get('/api/test/title', { config: { confirmsKeptSession: true } }, async (request) => ({
      title: request.session.user.title,
    }));
    app.get('/api/test/fails', { config: { confirmsKeptSession: true } }, async () => {
      throw badRequest('The request names nothing.');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });
  const get = (url: string, userId: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${userId}` } });

  it('reads the session again after a handler that did not confirm it, before the answer leaves', async () => {
    const person = (await buildUser(handle.db, { organizationId: org })).id;
    expect((await get('/api/test/status', person)).json()).toEqual({ status: 'Active', kept: false });
    // The second request runs on the kept session, which is confirmed after the handler.
    expect((await get('/api/test/status', person)).json()).toEqual({ status: 'Active', kept: true });
    await handle.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', person).execute();
    expect((await get('/api/test/status', person)).statusCode).toBe(403);
  });

  it('runs the handler again on the session as it is now when the kept one changed', async () => {
    const person = (await buildUser(handle.db, { organizationId: org })).id;
    await get('/api/test/title', person);
    expect((await get('/api/test/title', person)).json()).toEqual({ title: null });
    await handle.db.updateTable('users').set({ title: 'Line Designer' }).where('id', '=', person).execute();
    expect((await get('/api/test/title', person)).json()).toEqual({ title: 'Line Designer' });
  });

  it("refuses instead of sending a failed handler's error when the caller is no longer let in", async () => {
    const person = (await buildUser(handle.db, { organizationId: org })).id;
    expect((await get('/api/test/fails', person)).statusCode).toBe(400);
    expect((await get('/api/test/fails', person)).statusCode).toBe(400);
    await handle.db.deleteFrom('users').where('id', '=', person).execute();
    const refused = await get('/api/test/fails', person);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('This account is not known to Crossarm.');
  });
});
