/**
 * A deterministic world of permits for the overview benchmark, written set-wise into the real schema: 200
 * organizations (4 pole owners, 196 attachers, 5 to 20 people each), 50 projects (the first pole owner owns
 * 20 of them), one published workflow per project (6 stages, 20 tasks, an application form of 30
 * properties: text, number, date and choice), and N permits, each with its 6 stages, 20 tasks, 30 values,
 * 3 poles, 2 task assignments, 3 activity entries and a running or stopped clock on the first task of
 * each stage it has reached.
 *
 * Nothing is random: every id is an md5 of a name (`worldId`), every varying value comes from the database's
 * `hashint8` of the permit's number and a salt, so the same N gives the same rows on PGlite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  type FieldType,
  projectPermissionsFor,
  WorkflowDefinition,
  type WorkflowDefinitionInput,
} from '@crossarm/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';

/** A fixed version-4 UUID for a name: its md5 with the version and variant digits set, as `idSql` does. */
export function worldId(name: string) {
  const hex = createHash('md5').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}
const idSql = (prefix: string, n: unknown) =>
  sql`overlay(overlay(md5(${`crossarm-bench:${prefix}:`} || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

export const ORGANIZATIONS = 200;
export const POLE_OWNERS = 4;
export const PROJECTS = 50;
const ATTACHERS_PER_PROJECT = 20;
const OWNER_PEOPLE = 20;
const ATTACHER_PEOPLE = 5;

const STAGE_NAMES = [
  'Application Intake',
  'Pre-Construction Survey',
  'Make-Ready Engineering',
  'Make-Ready Construction',
  'Attachment Installation',
  'Post-Construction Inspection',
];
/** How many of the 20 tasks each stage holds. */
const STAGE_SIZES = [3, 4, 3, 4, 3, 3];
const TASK_NAMES = [
  'Completeness Review',
  'Fee Invoice',
  'Application Acceptance',
  'Field Walk',
  'Pole Loading Analysis',
  'Clearance Survey',
  'Survey Review',
  'Make-Ready Design',
  'Cost Estimate',
  'Estimate Approval',
  'Power Make-Ready',
  'Communications Make-Ready',
  'Pole Replacement',
  'Make-Ready Sign-Off',
  'Attacher Notice to Proceed',
  'Strand and Lash',
  'As-Built Submission',
  'Field Inspection',
  'Violation Remediation',
  'Permit Close-Out',
];
const PROPERTIES: { name: string; type: FieldType; options?: string[] }[] = [
  { name: 'Street Address', type: 'Text' },
  { name: 'Attacher Work Order', type: 'Text' },
  { name: 'Circuit Id', type: 'Text' },
  { name: 'Engineering Notes', type: 'Text' },
  { name: 'Contractor', type: 'Text' },
  { name: 'Route Description', type: 'Text' },
  { name: 'Feeder Name', type: 'Text' },
  { name: 'Inspector Comments', type: 'Text' },
  { name: 'Billing Reference', type: 'Text' },
  { name: 'Cable Type', type: 'Text' },
  { name: 'Requested Poles', type: 'Number' },
  { name: 'Attachment Height', type: 'Number' },
  { name: 'Make-Ready Cost', type: 'Number' },
  { name: 'Span Length', type: 'Number' },
  { name: 'Cable Diameter', type: 'Number' },
  { name: 'Poles Replaced', type: 'Number' },
  { name: 'Strand Tension', type: 'Number' },
  { name: 'Fee Amount', type: 'Number' },
  { name: 'Requested Completion', type: 'Date' },
  { name: 'Survey Date', type: 'Date' },
  { name: 'Estimate Sent', type: 'Date' },
  { name: 'Make-Ready Due', type: 'Date' },
  { name: 'Installation Date', type: 'Date' },
  { name: 'Inspection Date', type: 'Date' },
  {
    name: 'Attachment Type',
    type: 'Dropdown',
    options: ['aerial', 'underground', 'overlash', 'wireless', 'service-drop'],
  },
  { name: 'Priority', type: 'Dropdown', options: ['low', 'normal', 'high', 'urgent', 'emergency'] },
  {
    name: 'Work Kind',
    type: 'Dropdown',
    options: ['new-build', 'overlash', 'rebuild', 'removal', 'transfer'],
  },
  {
    name: 'Billing Class',
    type: 'Dropdown',
    options: ['standard', 'expedited', 'municipal', 'waived', 'custom'],
  },
  { name: 'Pole Class', type: 'Dropdown', options: ['class-1', 'class-2', 'class-3', 'class-4', 'class-5'] },
  { name: 'Region', type: 'Dropdown', options: ['north', 'south', 'east', 'west', 'central'] },
];
const STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Main Street',
  'Cedar Lane',
  'Pine Road',
  'Elm Street',
  'Birch Court',
  'Walnut Drive',
  'Spruce Way',
  'Hickory Lane',
  'Willow Road',
  'Chestnut Street',
  'Aspen Drive',
  'Sycamore Avenue',
  'Poplar Street',
  'Juniper Court',
  'Magnolia Way',
  'Dogwood Drive',
  'Laurel Avenue',
  'Alder Road',
];
const TOWNS = [
  'Northfield',
  'Dundas',
  'Faribault',
  'Lakeville',
  'Owatonna',
  'Hastings',
  'Red Wing',
  'Austin',
];
const PROGRAMS = ['Fiber Expansion', 'Rural Broadband', 'Overhead Rebuild', 'Small Cell', 'Storm Hardening'];
const ATTACHER_WORDS = ['Metro', 'Valley', 'Prairie', 'River', 'Summit', 'Lakes', 'Heartland'];
const ATTACHER_KINDS = ['Fiber', 'Telecom', 'Broadband', 'Cable', 'Wireless', 'Networks', 'Communications'];
const OWNER_NAMES = [
  'Northern Power & Light',
  'Prairie Electric Cooperative',
  'River City Utilities',
  'Tri-County Energy',
];

/** Ids and facts of the world the benchmark queries refer to. */
export interface PermitWorld {
  permits: number;
  ownerOrganizationId: string;
  ownerUserId: string;
  projectIds: string[];
  /** Projects whose pole owner is the first pole owner (index in `projectIds`). */
  ownedProjectIds: string[];
  stages: { key: string; entryId: string; name: string }[];
  tasks: { key: string; entryId: string; name: string; stage: number; position: number }[];
  properties: { entryId: string; name: string; type: FieldType; options?: string[] }[];
}

const ownerOf = (project: number) => (project < 20 ? 0 : 1 + (project % 3));
const attacherOf = (project: number, j: number) =>
  POLE_OWNERS + ((project * 37 + j) % (ORGANIZATIONS - POLE_OWNERS));
const peopleOf = (org: number) => (org < POLE_OWNERS ? OWNER_PEOPLE : ATTACHER_PEOPLE);

/** The world's fixed ids and names (they do not depend on N). */
export function describeWorld(permits: number): PermitWorld {
  let t = 0;
  const tasks: PermitWorld['tasks'] = [];
  STAGE_SIZES.forEach((size, stage) => {
    for (let position = 0; position < size; position++, t++) {
      tasks.push({
        key: worldId(`crossarm-bench:task-key:${t}`),
        entryId: worldId(`crossarm-bench:task:${t}`),
        name: TASK_NAMES[t]!,
        stage,
        position,
      });
    }
  });
  const projectIds = Array.from({ length: PROJECTS }, (_, p) => worldId(`crossarm-bench:project:${p}`));
  return {
    permits,
    ownerOrganizationId: worldId('crossarm-bench:org:0'),
    ownerUserId: worldId('crossarm-bench:user:0:0'),
    projectIds,
    ownedProjectIds: projectIds.filter((_, p) => ownerOf(p) === 0),
    stages: STAGE_NAMES.map((name, s) => ({
      key: worldId(`crossarm-bench:stage-key:${s}`),
      entryId: worldId(`crossarm-bench:stage:${s}`),
      name,
    })),
    tasks,
    properties: PROPERTIES.map((property, k) => ({
      ...property,
      entryId: worldId(`crossarm-bench:property:${k}`),
    })),
  };
}

/** The clock of the first task of stage `s`: ten days from when the task is ready until it is done. */
function timerOf(s: number) {
  return {
    durationDays: 10,
    dayKind: s % 2 === 0 ? ('Business' as const) : ('Calendar' as const),
    startsOn: { event: 'TaskReadyToBegin' as const },
    stopsOn: { event: 'TaskCompleted' as const },
    pausesOnHold: true,
    onBreach: { flag: true, notify: ['Assignees' as const] },
  };
}

function definitionOf(world: PermitWorld): WorkflowDefinition {
  const input: WorkflowDefinitionInput = {
    stages: world.stages.map((stage, s) => ({
      key: stage.key,
      libraryEntryId: stage.entryId,
      name: stage.name,
      tasks: world.tasks
        .filter((task) => task.stage === s)
        .map((task, position, inStage) => ({
          key: task.key,
          libraryEntryId: task.entryId,
          name: task.name,
          required: true,
          dependsOn: position > 0 ? [inStage[position - 1]!.key] : [],
          defaultAssignees: [{ kind: 'OrganizationRole', role: 'PoleOwner' }],
          // The first task of each stage runs a clock: business days in even stages, calendar days in odd.
          ...(position === 0 ? { timer: timerOf(s) } : {}),
        })),
    })),
    applicationForm: world.properties.map((property) => ({
      libraryEntryId: property.entryId,
      required: false,
    })),
  };
  return WorkflowDefinition.parse(input);
}

function renderOptions(property: PermitWorld['properties'][number]) {
  switch (property.type) {
    case 'Number':
      return { decimals: 0 };
    case 'Dropdown':
      return { options: property.options!.map((value) => ({ value, label: value.replace(/-/g, ' ') })) };
    case 'Text':
      return { maxLength: 500 };
    default:
      return {};
  }
}

/** Whether the database already holds the world of this size (a kept benchmark database). */
export async function hasWorld(db: Db, permits: number) {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM permits`.execute(db);
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', describeWorld(0).ownerUserId)
    .executeTakeFirst();
  // The counters are written last: a world whose generation stopped half-way has none.
  const counters = await db
    .selectFrom('permit_counters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  // A world written before permits had clocks is another world.
  const clocks = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM permit_timers) AS any`.execute(db);
  return (
    Number(rows[0]!.n) === permits &&
    owner !== undefined &&
    Number(counters.n) === PROJECTS &&
    (permits === 0 || clocks.rows[0]!.any)
  );
}

/**
 * Writes the world into an empty, migrated database; returns it with the milliseconds each part took
 * (setup, write, vacuum, indexes, analyze). Permits and their rows are written in chunks of `chunk` permits,
 * each in one transaction, by `workers` connections, into tables stripped of their indexes; then the tables
 * are vacuumed, the indexes and constraints rebuilt as the migrations made them, and everything analyzed.
 * The schema afterwards is the migrated one, and the rows depend on N only (not on `chunk` or `workers`).
 */
export async function buildPermitWorld(
  db: Db,
  permits: number,
  log: (line: string) => void = () => {},
  { chunk = 50_000, workers = 1 }: { chunk?: number; workers?: number } = {},
) {
  const world = describeWorld(permits);
  const timings: Record<string, number> = {};
  const started = performance.now();
  const now = new Date('2026-11-01T12:00:00Z');

  // Organizations, people and the library.
  await db.transaction().execute(async (trx) => {
    const orgs = Array.from({ length: ORGANIZATIONS }, (_, k) => ({
      id: worldId(`crossarm-bench:org:${k}`),
      name:
        k < POLE_OWNERS
          ? OWNER_NAMES[k]!
          : `${ATTACHER_WORDS[k % ATTACHER_WORDS.length]} ${ATTACHER_KINDS[Math.floor(k / 7) % ATTACHER_KINDS.length]} ${k}`,
      updated_at: now,
    }));
    await trx.insertInto('organizations').values(orgs).execute();
    await trx
      .insertInto('organization_applications')
      .values(orgs.map((org) => ({ organization_id: org.id, application: 'JointUse' as const })))
      .execute();
    const people = orgs.flatMap((org, k) =>
      Array.from({ length: peopleOf(k) }, (_, j) => ({
        id: worldId(`crossarm-bench:user:${k}:${j}`),
        email: `person${j}@org${k}.bench.example`,
        first_name: ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'][(k + j) % 7]!,
        last_name: `${['Engineer', 'Surveyor', 'Planner', 'Inspector', 'Coordinator'][j % 5]} ${k}-${j}`,
        status: 'Active' as const,
        role: 'User' as const,
        organization_id: org.id,
        updated_at: now,
      })),
    );
    await trx.insertInto('users').values(people).execute();
    await trx
      .insertInto('user_organizations')
      .values(people.map((person) => ({ user_id: person.id, organization_id: person.organization_id })))
      .execute();
    await trx
      .insertInto('library_entries')
      .values([
        ...world.stages.map((stage) => ({
          id: stage.entryId,
          kind: 'stage' as const,
          name: stage.name,
          updated_at: now,
        })),
        ...world.tasks.map((task) => ({
          id: task.entryId,
          kind: 'task' as const,
          name: task.name,
          updated_at: now,
        })),
        ...world.properties.map((property) => ({
          id: property.entryId,
          kind: 'property' as const,
          name: property.name,
          field_type: property.type,
          render_options: JSON.stringify(renderOptions(property)),
          updated_at: now,
        })),
      ])
      .execute();

    // Projects, who takes part, and one published workflow each.
    const definition = JSON.stringify(definitionOf(world));
    for (let p = 0; p < PROJECTS; p++) {
      const projectId = world.projectIds[p]!;
      await trx
        .insertInto('projects')
        .values({
          id: projectId,
          owner_organization_id: orgs[ownerOf(p)]!.id,
          name: `${TOWNS[p % TOWNS.length]} ${PROGRAMS[p % PROGRAMS.length]} ${Math.floor(p / 8) + 1}`,
          project_code: `PRJ${String(p + 1).padStart(2, '0')}`,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('project_organizations')
        .values([
          {
            project_id: projectId,
            organization_id: orgs[ownerOf(p)]!.id,
            role: 'PoleOwner' as const,
            permissions: projectPermissionsFor('PoleOwner'),
          },
          ...Array.from({ length: ATTACHERS_PER_PROJECT }, (_, j) => ({
            project_id: projectId,
            organization_id: orgs[attacherOf(p, j)]!.id,
            role: 'AttacherOrg' as const,
            permissions: projectPermissionsFor('AttacherOrg'),
          })),
        ])
        .execute();
      const groupId = worldId(`crossarm-bench:group:${p}`);
      await trx
        .insertInto('workflow_template_groups')
        .values({
          id: groupId,
          project_id: projectId,
          name: 'Attachment Permit',
          status: 'Active',
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('workflow_templates')
        .values({
          id: worldId(`crossarm-bench:template:${p}`),
          project_id: projectId,
          group_id: groupId,
          version: 1,
          status: 'Published',
          definition,
          published_at: now,
          updated_at: now,
        })
        .execute();
    }
  });

  // The per-permit tables are loaded without their indexes (but the permit's two keys that other tables'
  // foreign keys need), which are recreated afterwards from their recorded definitions: building an index
  // on a full table is far cheaper than maintaining it row by row, above all one led by a random uuid.
  const deferred = await deferIndexes(db);
  timings.setup = performance.now() - started;

  // Chunks are written by `workers` connections at once (a server's cores; PGlite has one connection).
  let next = 0;
  let written = 0;
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const worker = async () => {
    while (next < permits) {
      const from = next;
      const to = Math.min(permits, from + chunk);
      next = to;
      await db.transaction().execute(async (trx) => {
        // Rows are consistent by construction: the foreign key triggers are skipped while loading.
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
        for (const statement of chunkStatements(world, from, to)) await statement.execute(trx);
      });
      const before = written;
      written += to - from;
      if (Math.floor(written / 100_000) !== Math.floor(before / 100_000) || written === permits) {
        log(`  ${written.toLocaleString('en')} permits written, ${elapsed()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  timings.write = performance.now() - started - timings.setup;

  // Vacuumed before the indexes exist, so that the pass setting hint bits and the visibility map does not
  // have indexes to clean up, and the index builds then read pages that stay clean; analyzed so that the
  // foreign key checks of the rebuilt keys are planned on real row counts.
  let step = performance.now();
  await inParallel(
    workers,
    LOADED_TABLES.map((table) => async () => {
      await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
    }),
  );
  timings.vacuum = performance.now() - step;
  log(`  vacuumed, ${elapsed()}`);
  step = performance.now();
  await deferred.restore(workers);
  timings.indexes = performance.now() - step;
  log(`  ${deferred.count} indexes and constraints recreated, ${elapsed()}`);

  // The permits' facts, which the database keeps on every write but not while loading (triggers are
  // skipped): computed a project at a time, so that a project's rows lie together, with the index made after.
  step = performance.now();
  await sql`DROP INDEX permit_facts_tokens_idx`.execute(db);
  await inParallel(
    workers,
    world.projectIds.map((projectId) => async () => {
      await sql`INSERT INTO permit_facts SELECT * FROM permit_facts_computed WHERE project_id = ${projectId}
        ORDER BY created_at`.execute(db);
    }),
  );
  await sql`CREATE INDEX permit_facts_tokens_idx ON permit_facts USING gin (tokens)`.execute(db);
  timings.facts = performance.now() - step;
  log(`  facts written, ${elapsed()}`);
  // The permits' texts a search reads, likewise, with their trigram indexes made after.
  step = performance.now();
  await sql`DROP INDEX permit_texts_number_trgm_idx, permit_texts_location_trgm_idx`.execute(db);
  await sql`INSERT INTO permit_texts
    SELECT id, project_id, applicant_organization_id, created_at, permit_number, location FROM permits`.execute(
    db,
  );
  await inParallel(
    workers,
    [
      ['permit_texts_number_trgm_idx', 'permit_number'],
      ['permit_texts_location_trgm_idx', 'location'],
    ].map(([index, column]) => async () => {
      await sql`CREATE INDEX ${sql.ref(index!)} ON permit_texts USING gin (${sql.ref(column!)} gin_trgm_ops)`.execute(
        db,
      );
    }),
  );
  timings.texts = performance.now() - step;
  log(`  texts written, ${elapsed()}`);

  // The counters last: their presence marks a complete world (`hasWorld`).
  await db
    .insertInto('permit_counters')
    .values(
      world.projectIds.map((projectId, p) => ({
        project_id: projectId,
        last_number: Math.ceil(Math.max(0, permits - p) / PROJECTS),
      })),
    )
    .execute();
  // The loaded tables' pages are all visible already, so this reads the small tables and samples the rest.
  step = performance.now();
  await sql`VACUUM ANALYZE`.execute(db);
  timings.analyze = performance.now() - step;
  return { world, timings, totalMs: performance.now() - started };
}

/** The tables holding rows per permit, written in bulk. */
const LOADED_TABLES = [
  'permits',
  'permit_stages',
  'permit_tasks',
  'permit_property_values',
  'permit_task_assignments',
  'permit_poles',
  'permit_activity',
  'permit_timers',
];

/** Runs the tasks with at most `n` at once (each takes a connection of the pool). */
async function inParallel(n: number, tasks: (() => Promise<void>)[]) {
  let next = 0;
  const run = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, n) }, run));
}

/**
 * Drops the indexes of the loaded tables, with the primary key and unique constraints they back and the
 * foreign keys among those tables that rely on them, and returns how to put them back exactly as they were
 * (the definitions PostgreSQL prints for them). Indexes referenced by foreign keys of other tables (the
 * permit's id, and its project and id) stay: they are small, and dropping them would drop those keys too.
 */
async function deferIndexes(db: Db) {
  const tables = LOADED_TABLES;
  const { rows: indexes } = await sql<{
    oid: string;
    table: string;
    name: string;
    definition: string;
    constraint: string | null;
    constraintDefinition: string | null;
  }>`SELECT i.indexrelid::text AS oid, t.relname AS "table", x.relname AS name,
      pg_get_indexdef(i.indexrelid) AS definition, c.conname AS "constraint",
      pg_get_constraintdef(c.oid) AS "constraintDefinition"
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_class x ON x.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
    LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x')
    WHERE t.relname = ANY (${tables}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint f JOIN pg_class r ON r.oid = f.conrelid
        WHERE f.contype = 'f' AND f.conindid = i.indexrelid AND NOT (r.relname = ANY (${tables}::text[])))
    ORDER BY t.relname, x.relname`.execute(db);
  const oids = indexes.map((index) => index.oid);
  const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`
    SELECT r.relname AS "table", f.conname AS name, pg_get_constraintdef(f.oid) AS definition
    FROM pg_constraint f JOIN pg_class r ON r.oid = f.conrelid
    WHERE f.contype = 'f' AND f.conindid = ANY (${oids}::oid[])
    ORDER BY r.relname, f.conname`.execute(db);

  await db.transaction().execute(async (trx) => {
    for (const key of foreignKeys) {
      await sql`ALTER TABLE ${sql.table(key.table)} DROP CONSTRAINT ${sql.ref(key.name)}`.execute(trx);
    }
    for (const index of indexes) {
      if (index.constraint) {
        await sql`ALTER TABLE ${sql.table(index.table)} DROP CONSTRAINT ${sql.ref(index.constraint)}`.execute(
          trx,
        );
      } else {
        await sql`DROP INDEX ${sql.ref(index.name)}`.execute(trx);
      }
    }
  });

  /** The statement recreating an index (a constraint's under the constraint's own name). */
  const create = (index: (typeof indexes)[number]) =>
    index.constraint
      ? `ALTER TABLE ${quote(index.table)} ADD CONSTRAINT ${quote(index.constraint)} ${index.constraintDefinition}`
      : index.definition;
  return {
    count: indexes.length + foreignKeys.length,
    /** Builds the indexes, the largest tables first, on `workers` connections, then the foreign keys. */
    async restore(workers: number) {
      const { rows: sizes } = await sql<{ table: string; bytes: string }>`
        SELECT relname AS "table", pg_relation_size(oid)::text AS bytes FROM pg_class
        WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace
          AND relname = ANY (${LOADED_TABLES}::text[])`.execute(db);
      const bytes = new Map(sizes.map((row) => [row.table, Number(row.bytes)]));
      const bySize = [...indexes].sort((a, b) => bytes.get(b.table)! - bytes.get(a.table)!);
      // Sorts in memory on a server; the embedded engine (32-bit) has far less memory to give.
      const { rows } = await sql<{ small: boolean }>`SELECT version() LIKE '%32-bit%' AS small`.execute(db);
      const memory = rows[0]!.small ? '256MB' : '2GB';
      const settings = async (trx: Db) => {
        await sql`SELECT set_config('maintenance_work_mem', ${memory}, true), set_config('work_mem', ${memory}, true)`.execute(
          trx,
        );
        await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        // The connections already build in parallel; a server with more cores than writers can lend more.
        await sql`SET LOCAL max_parallel_maintenance_workers = 0`.execute(trx);
      };
      await inParallel(
        workers,
        bySize.map((index) => async () => {
          await db.transaction().execute(async (trx) => {
            await settings(trx);
            await sql.raw(create(index)).execute(trx);
          });
        }),
      );
      await inParallel(
        workers,
        foreignKeys.map((key) => async () => {
          await db.transaction().execute(async (trx) => {
            await settings(trx);
            await sql
              .raw(`ALTER TABLE ${quote(key.table)} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`)
              .execute(trx);
          });
        }),
      );
    },
  };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A pseudo-random integer in [0, n) for the permit `i` and a salt. */
const pick = (salt: number, n: number) => sql.raw(`((hashint8(b.i * 64 + ${salt}) & 2147483647) % ${n})`);

/** The statements writing permits [from, to) and all their rows. */
function chunkStatements(world: PermitWorld, from: number, to: number) {
  const projectIds = world.projectIds;
  const ownerIdx = projectIds.map((_, p) => ownerOf(p));
  const stageKeys = world.stages.map((s) => s.key);
  const stageEntries = world.stages.map((s) => s.entryId);
  const stageNames = world.stages.map((s) => s.name);
  const stageStart = STAGE_SIZES.map((_, s) => STAGE_SIZES.slice(0, s).reduce((a, b) => a + b, 0));
  const taskKeys = world.tasks.map((t) => t.key);
  const taskEntries = world.tasks.map((t) => t.entryId);
  const taskNames = world.tasks.map((t) => t.name);
  const taskStage = world.tasks.map((t) => t.stage);
  const taskPosition = world.tasks.map((t) => t.position);
  const days = 3 * 365;
  // One row per permit with everything its rows are computed from: project, progress (0-5 the active
  // stage, 6 all done), tasks done in the active stage, status and creation time.
  const base = sql`base AS (
    SELECT b.*,
      CASE WHEN b.progress = 6 THEN 'Completed'
        WHEN b.st < 2 THEN 'OnHold' WHEN b.st = 2 THEN 'Cancelled' WHEN b.st = 3 THEN 'CancelRequested'
        ELSE 'Active' END AS status,
      b.created_at + make_interval(hours => b.age_hours) AS last_activity_at
    FROM (
      SELECT b.i, ${idSql('permit', sql`b.i`)} AS id, b.i % ${PROJECTS} AS p,
        (${projectIds}::uuid[])[b.i % ${PROJECTS} + 1] AS project_id,
        ${pick(1, 7)} AS progress, ${pick(2, 20)} AS st, ${pick(3, 4)} AS done,
        timestamptz '2023-06-01 00:00:00+00' + make_interval(secs => (b.i::float8 / ${world.permits}) * ${days} * 86400)
          AS created_at,
        (1 + ${pick(4, 24 * 60)})::int AS age_hours
      FROM generate_series(${from}::bigint, ${to - 1}::bigint) AS b(i)) b
  )`;
  const stageOfProgress = sql`(b.progress)`;
  const permitsInsert = sql`WITH ${base}
    INSERT INTO permits (id, project_id, applicant_organization_id, template_id, permit_number, status,
      on_hold_reason, location, actual_poles, active_stage_key, next_up_task_key, created_at, updated_at,
      last_activity_at, completed_at)
    SELECT b.id, b.project_id,
      ${idSql('org', sql`((b.p * 37 + ${pick(5, ATTACHERS_PER_PROJECT)}) % ${ORGANIZATIONS - POLE_OWNERS} + ${POLE_OWNERS})`)},
      ${idSql('template', sql`b.p`)},
      'PRJ' || lpad((b.p + 1)::text, 2, '0') || '-' || lpad((b.i / ${PROJECTS} + 1)::text, 6, '0'),
      b.status,
      CASE WHEN b.status = 'OnHold' THEN 'Waiting for the attacher''s revised drawings' END,
      CASE WHEN ${pick(6, 25)} = 0 THEN NULL
        ELSE (100 + ${pick(7, 9900)})::text || ' ' || (${STREETS}::text[])[${pick(8, STREETS.length)} + 1] || ', '
          || (${TOWNS}::text[])[b.p % ${TOWNS.length} + 1] END,
      CASE WHEN ${pick(9, 10)} = 0 THEN NULL ELSE 1 + ${pick(10, 40)} END,
      CASE WHEN b.progress < 6 THEN (${stageKeys}::uuid[])[b.progress + 1] END,
      -- The task being worked in the active stage (see the tasks): triggers are off while loading.
      CASE WHEN b.progress < 6 THEN (${taskKeys}::uuid[])[(${stageStart}::int[])[b.progress + 1]
        + b.done % (${STAGE_SIZES}::int[])[b.progress + 1] + 1] END,
      b.created_at, b.last_activity_at, b.last_activity_at,
      CASE WHEN b.status = 'Completed' THEN b.last_activity_at END
    FROM base b`;
  const stagesInsert = sql`WITH ${base}
    INSERT INTO permit_stages (permit_id, project_id, stage_key, position, library_entry_id, name, status,
      started_at, completed_at)
    SELECT b.id, b.project_id, (${stageKeys}::uuid[])[s + 1], s, (${stageEntries}::uuid[])[s + 1],
      (${stageNames}::text[])[s + 1],
      CASE WHEN s < ${stageOfProgress} THEN 'Completed' WHEN s = ${stageOfProgress} THEN 'Active' ELSE 'NotStarted' END,
      CASE WHEN s <= ${stageOfProgress} THEN b.created_at + make_interval(hours => b.age_hours * s / 7) END,
      CASE WHEN s < ${stageOfProgress} THEN b.created_at + make_interval(hours => b.age_hours * (s + 1) / 7) END
    FROM base b CROSS JOIN generate_series(0, ${STAGE_NAMES.length - 1}) AS s`;
  // In the active stage, the first `done % size` tasks are completed and the next one is being worked.
  const taskStatus = (t: RawBuilder<unknown>) => sql`CASE
          WHEN (${taskStage}::int[])[${t} + 1] < b.progress THEN 'Completed'
          WHEN (${taskStage}::int[])[${t} + 1] > b.progress THEN 'NotStarted'
          WHEN (${taskPosition}::int[])[${t} + 1] < b.done % (${STAGE_SIZES}::int[])[b.progress + 1] THEN 'Completed'
          WHEN (${taskPosition}::int[])[${t} + 1] = b.done % (${STAGE_SIZES}::int[])[b.progress + 1]
            THEN CASE WHEN b.i % 3 = 0 THEN 'ReadyToBegin' ELSE 'InProgress' END
          ELSE 'NotStarted' END`;
  const tasksInsert = sql`WITH ${base}
    INSERT INTO permit_tasks (permit_id, project_id, stage_key, task_key, position, library_entry_id, name,
      required, status, ready_at, started_at, completed_at)
    SELECT x.id, x.project_id, (${stageKeys}::uuid[])[x.stage + 1], (${taskKeys}::uuid[])[x.t + 1], x.position,
      (${taskEntries}::uuid[])[x.t + 1], (${taskNames}::text[])[x.t + 1], true, x.task_status,
      CASE WHEN x.task_status <> 'NotStarted' THEN x.created_at + make_interval(hours => x.age_hours * x.stage / 7) END,
      CASE WHEN x.task_status IN ('InProgress', 'Completed') THEN x.created_at + make_interval(hours => x.age_hours * x.stage / 7 + 1) END,
      CASE WHEN x.task_status = 'Completed' THEN x.created_at + make_interval(hours => x.age_hours * (x.stage + 1) / 7) END
    FROM (
      SELECT b.*, t, (${taskStage}::int[])[t + 1] AS stage, (${taskPosition}::int[])[t + 1] AS position,
        ${taskStatus(sql`t`)} AS task_status
      FROM base b CROSS JOIN generate_series(0, ${world.tasks.length - 1}) AS t) x`;
  // The clocks of the first task of each stage that has been reached: from the task's ready time to its
  // completion, paused since the permit's last activity while it is on hold.
  const readyAt = sql`x.created_at + make_interval(hours => x.age_hours * x.stage / 7)`;
  const timersInsert = sql`WITH ${base}
    INSERT INTO permit_timers (permit_id, project_id, owner_key, owner_kind, owner_entry_id, stage_key,
      duration_days, day_kind, pauses_on_hold, on_breach, time_zone, started_at, stopped_at, holds, due_at)
    SELECT x.id, x.project_id, (${taskKeys}::uuid[])[x.t + 1], 'Task', (${taskEntries}::uuid[])[x.t + 1],
      (${stageKeys}::uuid[])[x.stage + 1], 10,
      CASE WHEN x.stage % 2 = 0 THEN 'Business' ELSE 'Calendar' END, true,
      '{"flag": true, "notify": ["Assignees"]}'::jsonb, 'UTC', ${readyAt},
      CASE WHEN x.task_status = 'Completed' THEN x.created_at + make_interval(hours => x.age_hours * (x.stage + 1) / 7) END,
      CASE WHEN x.status = 'OnHold' AND x.task_status <> 'Completed'
        THEN jsonb_build_array(jsonb_build_object('from', greatest(x.last_activity_at, ${readyAt}), 'to', NULL))
        ELSE '[]'::jsonb END,
      CASE WHEN x.task_status <> 'Completed' AND x.status <> 'OnHold' THEN ${readyAt} + interval '14 days' END
    FROM (
      SELECT b.*, t, (${taskStage}::int[])[t + 1] AS stage, ${taskStatus(sql`t`)} AS task_status
      FROM base b CROSS JOIN generate_series(0, ${world.tasks.length - 1}) AS t
      WHERE (${taskPosition}::int[])[t + 1] = 0) x
    WHERE x.task_status <> 'NotStarted'`;
  const props = world.properties;
  const kinds = props.map((p) => p.type);
  const choices = props.map((p) => p.options ?? []);
  const choiceMatrix = props.map((_, k) => (choices[k]!.length ? choices[k]! : ['', '', '', '', '']));
  const words = [
    'north span',
    'crossing',
    'riser',
    'mid-span',
    'guy wire',
    'service drop',
    'backbone',
    'lateral',
  ];
  // `r` is the value's own hash (the permit's number and the property's index); the property's id is the
  // md5 name of `worldId`, looked up rather than hashed again for each of the 30 rows of a permit.
  const valuesInsert = sql`WITH ${base}
    INSERT INTO permit_property_values (permit_id, project_id, property_entry_id, task_key, value, updated_at)
    SELECT b.id, b.project_id, (${props.map((p) => p.entryId)}::uuid[])[k + 1], NULL,
      CASE (${kinds}::text[])[k + 1]
        WHEN 'Text' THEN to_jsonb(CASE WHEN k = 0 THEN (100 + ${pick(7, 9900)})::text || ' '
            || (${STREETS}::text[])[${pick(8, STREETS.length)} + 1]
          ELSE (${words}::text[])[h.r % ${words.length} + 1] || ' '
            || ((hashint8(b.i * 64 + 50 + k) & 2147483647) % 10000)::text END)
        WHEN 'Number' THEN to_jsonb(h.r % 1000)
        WHEN 'Date' THEN to_jsonb(to_char(date '2024-01-01' + (h.r % 1000)::int, 'YYYY-MM-DD'))
        ELSE to_jsonb((${choiceMatrix}::text[][])[k + 1][h.r % 5 + 1])
      END,
      b.created_at + make_interval(hours => (k % 5) * b.age_hours / 5)
    FROM base b CROSS JOIN generate_series(0, ${props.length - 1}) AS k
      CROSS JOIN LATERAL (SELECT hashint8(b.i * 64 + 20 + k) & 2147483647 AS r) h`;
  // The task being worked gets one of the pole owner's people; a task of the first stage another. Triggers
  // are off while loading, so whether the task is open is written here, from the same status.
  const assignmentsInsert = sql`WITH ${base}
    INSERT INTO permit_task_assignments (permit_id, task_key, user_id, assigned_at, task_open)
    SELECT DISTINCT ON (b.id, a.task) b.id, (${taskKeys}::uuid[])[a.task + 1],
      ${idSql('user', sql`(${ownerIdx}::int[])[b.p + 1] || ':' || a.person`)}, b.created_at,
      ${taskStatus(sql`a.task`)} <> 'Completed'
    FROM base b CROSS JOIN LATERAL (VALUES
      (CASE WHEN b.progress < 6 THEN (${stageStart}::int[])[b.progress + 1]
          + b.done % (${STAGE_SIZES}::int[])[b.progress + 1] ELSE 19 END, ${pick(11, OWNER_PEOPLE)}),
      (${pick(12, 3)}, ${pick(13, OWNER_PEOPLE)})) AS a(task, person)`;
  const polesInsert = sql`WITH ${base}
    INSERT INTO permit_poles (permit_id, project_id, external_id, position)
    SELECT b.id, b.project_id, 'P-' || (b.i * 3 + j)::text, j FROM base b CROSS JOIN generate_series(0, 2) AS j`;
  const activityInsert = sql`WITH ${base}
    INSERT INTO permit_activity (permit_id, project_id, kind, created_at, summary)
    SELECT b.id, b.project_id, e.kind, b.created_at + make_interval(hours => e.at * b.age_hours / 3), e.summary
    FROM base b CROSS JOIN (VALUES (0, 'PermitCreated', 'Permit created'),
      (1, 'StageStarted', 'Stage started'), (2, 'TaskCompleted', 'Task completed')) AS e(at, kind, summary)`;
  return [
    permitsInsert,
    stagesInsert,
    tasksInsert,
    valuesInsert,
    assignmentsInsert,
    polesInsert,
    activityInsert,
    timersInsert,
  ];
}
