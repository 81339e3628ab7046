import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  buildOrg,
  buildProject,
  buildPublishedTemplate,
  buildSampleEntries,
  buildUser,
} from '../../../test/factories.ts';
import type { Executor } from '../../db/database.ts';
import { CONTEXT_VERSION_SQL } from './catalogue.ts';

// A caller's overview context is kept between requests while the context version it was read at is the
// database's. These tests hold the version to what it stands for: every write that can change a context
// moves it, once a transaction, at commit; writes that cannot leave it.

let t: TestApp;
let owner: string;
let attacher: string;
let person: string;
let project: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await buildOrg(t.db, { name: 'Version Owner' })).id;
  attacher = (await buildOrg(t.db, { name: 'Version Attacher' })).id;
  person = (await buildUser(t.db, { organizationId: owner })).id;
  project = (await buildProject(t.db, { ownerOrganizationId: owner, code: 'VER' })).id;
});
afterAll(() => t.close());

const version = async (db: Executor = t.db) =>
  BigInt((await sql<{ v: string }>`SELECT ${CONTEXT_VERSION_SQL}::text AS v`.execute(db)).rows[0]!.v);

/** How far `write` moves the version. */
async function moves(write: () => Promise<unknown>) {
  const before = await version();
  await write();
  return Number((await version()) - before);
}

describe('the overview context version', () => {
  it('moves once for each write to what a context is built from', async () => {
    const entries = await buildSampleEntries(t.db);
    const writes: [string, () => Promise<unknown>][] = [
      [
        'a project',
        () =>
          t.db
            .insertInto('projects')
            .values({
              owner_organization_id: owner,
              name: 'Another',
              project_code: 'VER2',
              updated_at: new Date(),
            })
            .execute(),
      ],
      [
        'an organization joining a project',
        () =>
          t.db
            .insertInto('project_organizations')
            .values({ project_id: project, organization_id: attacher, role: 'AttacherOrg', permissions: [] })
            .execute(),
      ],
      [
        "an organization's project permissions",
        () =>
          t.db
            .updateTable('project_organizations')
            .set({ permissions: ['ViewPermits'] })
            .where('project_id', '=', project)
            .where('organization_id', '=', attacher)
            .execute(),
      ],
      [
        "a person's own project permissions",
        () =>
          t.db
            .insertInto('project_user_permissions')
            .values({
              project_id: project,
              organization_id: owner,
              user_id: person,
              permissions: ['ViewPermits'],
              updated_at: new Date(),
            })
            .execute(),
      ],
      [
        'a pole owner renamed',
        () =>
          t.db
            .updateTable('organizations')
            .set({ name: 'Version Owner Renamed' })
            .where('id', '=', owner)
            .execute(),
      ],
      ['a published template', () => buildPublishedTemplate(t.db, project)],
      [
        'a library entry renamed',
        () =>
          t.db
            .updateTable('library_entries')
            .set({ name: 'Field Walk (renamed)' })
            .where('id', '=', entries.walk)
            .execute(),
      ],
      [
        'a project handed to another owner',
        () =>
          t.db
            .updateTable('projects')
            .set({ owner_organization_id: attacher })
            .where('id', '=', project)
            .execute(),
      ],
      [
        'an organization leaving a project',
        () =>
          t.db
            .deleteFrom('project_organizations')
            .where('project_id', '=', project)
            .where('organization_id', '=', owner)
            .execute(),
      ],
    ];
    for (const [what, write] of writes) {
      expect({ what, moved: await moves(write) }).toEqual({ what, moved: 1 });
    }
  });

  it('moves once for a transaction however many rows and tables it writes', async () => {
    const moved = await moves(() =>
      t.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) await buildProject(trx, { ownerOrganizationId: owner });
        await trx
          .updateTable('organizations')
          .set({ name: 'Version Attacher 2' })
          .where('id', '=', attacher)
          .execute();
      }),
    );
    expect(moved).toBe(1);
  });

  it('moves at commit: a transaction sees the old version until then, and a rolled back one moves nothing', async () => {
    const before = await version();
    await t.db.transaction().execute(async (trx) => {
      await buildProject(trx, { ownerOrganizationId: owner });
      expect(await version(trx)).toBe(before);
    });
    expect(await version()).toBe(before + 1n);

    const rolledBack = await moves(() =>
      t.db
        .transaction()
        .execute(async (trx) => {
          await buildProject(trx, { ownerOrganizationId: owner });
          throw new Error('undone');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toBe(0);
  });

  it('stays for writes no context is built from', async () => {
    const entries = await buildSampleEntries(t.db);
    expect(
      await moves(() =>
        t.db.updateTable('projects').set({ name: 'Renamed Program' }).where('id', '=', project).execute(),
      ),
    ).toBe(0);
    expect(
      await moves(() =>
        t.db.updateTable('organizations').set({ city: 'Springfield' }).where('id', '=', owner).execute(),
      ),
    ).toBe(0);
    expect(
      await moves(() =>
        t.db
          .updateTable('library_entries')
          .set({ description: 'Walk the line' })
          .where('id', '=', entries.walk)
          .execute(),
      ),
    ).toBe(0);
  });

  it('moves when a source table is emptied at once', async () => {
    expect(await moves(() => sql`TRUNCATE project_user_permissions`.execute(t.db))).toBe(1);
  });
});
