/**
 * The tracker's bulk actions on 10,000 permits at once (the most one action takes), through the real HTTP
 * endpoints, on a fresh world of `--permits` permits (`permit-world.ts`): putting on hold and taking off,
 * restricting and lifting, the restrictions preview, assigning people to a task (preview, add-only, exact),
 * and deleting. Each case names the permits by id (the rows a person selected) except one, which takes them
 * by the tracker's filter. Prints each call's median time and the SQL statements one call runs.
 *
 *   node --import tsx bench/bulk-actions.ts --permits 100000                # PGlite, in memory
 *   node --import tsx bench/bulk-actions.ts --permits 100000 --postgres     # database crossarm_bench_bulk_100000
 *
 * The world is written for this run and dropped at its end: the actions change it.
 */
import { MAX_BULK_PERMITS } from '@crossarm/shared';
import type { KyselyPlugin } from 'kysely';
import { sql } from 'kysely';
import { adminStatement, databaseUrl, flag, openBench, option, out } from './harness.ts';
import { buildPermitWorld, worldId } from './permit-world.ts';

const PERMITS = Number(option('permits', '100000'));
const RUNS = Number(option('runs', '5'));
const ON_POSTGRES = flag('postgres');
const DATABASE = `crossarm_bench_bulk_${PERMITS}`;

if (ON_POSTGRES) {
  await adminStatement(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await adminStatement(`CREATE DATABASE ${DATABASE}`);
}

let statements = 0;
/** With `--trace`, how many times each statement (its node kind and first table) ran in the last call. */
const TRACE = flag('trace');
let traced = new Map<string, { n: number; ms: number }>();
const startedAt = new WeakMap<object, { key: string; at: number }>();
const counter: KyselyPlugin = {
  transformQuery(args) {
    statements++;
    if (TRACE) {
      const key = JSON.stringify(args.node)
        .replace(/"kind":|"SchemableIdentifierNode"|"IdentifierNode"|"identifier":|"name":/g, '')
        .slice(0, 240);
      startedAt.set(args.queryId, { key, at: performance.now() });
    }
    return args.node;
  },
  transformResult: async (args) => {
    const started = startedAt.get(args.queryId);
    if (started) {
      const entry = traced.get(started.key) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += performance.now() - started.at;
      traced.set(started.key, entry);
    }
    return args.result;
  },
};
const bench = await openBench({
  url: ON_POSTGRES ? databaseUrl(DATABASE) : undefined,
  appPlugins: [counter],
});
const { db, app } = bench;
out(`database: ${bench.kind}, ${PERMITS.toLocaleString('en')} permits`);
const built = await buildPermitWorld(db, PERMITS, () => {}, { workers: ON_POSTGRES ? 2 : 1 });
const { world } = built;
out(`world: generated in ${(built.totalMs / 1000).toFixed(1)} s`);

// The selection: the first 10,000 active permits (by number) of the pole owner's projects.
const { rows } = await sql<{ id: string }>`
  SELECT id FROM permits WHERE project_id = ANY (${world.ownedProjectIds}::uuid[]) AND status = 'Active'
  ORDER BY permit_number LIMIT ${MAX_BULK_PERMITS}`.execute(db);
const permitIds = rows.map((row) => row.id);
if (permitIds.length < MAX_BULK_PERMITS)
  out(`(fewer than ${MAX_BULK_PERMITS.toLocaleString('en')}: a larger world has them)`);
out(`selection: ${permitIds.length.toLocaleString('en')} active permits of the pole owner's projects`);

const token = await bench.tokenFor(world.ownerUserId);
const task = world.tasks[5]!;
const people = [1, 2, 3].map((j) => worldId(`crossarm-bench:user:0:${j}`));

/** One call, checked to succeed; its time in ms and the statements it ran. */
async function call(url: string, payload: object) {
  statements = 0;
  traced = new Map();
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  const ms = performance.now() - started;
  if (TRACE) {
    for (const [key, { n, ms }] of [...traced].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6)) {
      out(`    ${ms.toFixed(0).padStart(6)} ms ${String(n).padStart(4)} x ${key}`);
    }
  }
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return { ms, statements, bytes: res.body.length };
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** Runs the calls of a case in turn, `RUNS` times (each turn leaves the permits as it found them). */
async function measure(name: string, turn: { name: string; url: string; payload: object }[]) {
  const times = turn.map(() => [] as number[]);
  const counts = turn.map(() => 0);
  const sizes = turn.map(() => 0);
  for (let run = 0; run < RUNS; run++) {
    for (const [k, step] of turn.entries()) {
      const result = await call(step.url, step.payload);
      times[k]!.push(result.ms);
      counts[k] = result.statements;
      sizes[k] = result.bytes;
    }
  }
  for (const [k, step] of turn.entries()) {
    out(
      `${`${name}: ${step.name}`.padEnd(52)} median ${median(times[k]!).toFixed(0).padStart(7)} ms` +
        `  ${String(counts[k]).padStart(3)} statements  ${(sizes[k]! / 1024).toFixed(0).padStart(6)} KB`,
    );
  }
}

const permits = '/api/joint-use/permits';
const permit = '/api/joint-use/permit';
const selection = { permitIds };
const activeInOwned = {
  filterOptions: {
    condition: 'And',
    rows: [{ id: 'status', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
    groups: [],
  },
  searchOptions: { text: '' },
};

await measure('hold', [
  { name: 'put on hold', url: `${permit}/on-hold`, payload: { permitIds, reason: 'Storm damage survey' } },
  { name: 'take off hold', url: `${permit}/on-hold-remove`, payload: { permitIds, reason: 'Survey done' } },
]);
await measure('restrictions', [
  {
    name: 'preview',
    url: `${permit}/selected-restrictions`,
    payload: { selection },
  },
  {
    name: 'restrict',
    url: `${permit}/bulk-action/restrictions`,
    payload: { selection, action: 'Restrict', reason: 'Easement dispute' },
  },
  {
    name: 'lift',
    url: `${permit}/bulk-action/restrictions`,
    payload: { selection, action: 'Remove' },
  },
]);
const assign = (userIds: string[]) => ({ selection, taskLibraryEntryId: task.entryId, userIds });
await measure('assign', [
  {
    name: 'preview exact',
    url: `${permits}/bulk-assign/info`,
    payload: { ...assign(people), mode: 'Synchronize' },
  },
  {
    name: 'make exact (one person)',
    url: `${permits}/bulk-assign/synchronize`,
    payload: assign(people.slice(0, 1)),
  },
  {
    name: 'add (another person)',
    url: `${permits}/bulk-assign/difference`,
    payload: assign(people.slice(1, 2)),
  },
  {
    name: 'make exact (a third person)',
    url: `${permits}/bulk-assign/synchronize`,
    payload: assign(people.slice(2)),
  },
]);

// By the tracker's filter: the active permits of one project narrowed to what one action may take.
const project = world.ownedProjectIds[0]!;
const projectName = (
  await db.selectFrom('projects').select('name').where('id', '=', project).executeTakeFirstOrThrow()
).name;
const byFilter = {
  filter: {
    ...activeInOwned,
    filterOptions: {
      ...activeInOwned.filterOptions,
      rows: [
        ...activeInOwned.filterOptions.rows,
        { id: 'project', dataId: 'project.Name', operator: 'Equals', value: projectName },
      ],
    },
  },
};
const matched = Number(
  (
    await sql<{ n: string }>`SELECT count(*) AS n FROM permits
      WHERE project_id = ${project} AND status = 'Active'`.execute(db)
  ).rows[0]!.n,
);
out(`filter: the ${matched.toLocaleString('en')} active permits of one project`);
await measure('hold by filter', [
  { name: 'put on hold', url: `${permit}/on-hold`, payload: { ...byFilter, reason: 'Storm damage survey' } },
  {
    name: 'take off hold',
    url: `${permit}/on-hold-remove`,
    payload: {
      filter: {
        ...byFilter.filter,
        filterOptions: {
          ...byFilter.filter.filterOptions,
          rows: byFilter.filter.filterOptions.rows.map((row) =>
            row.id === 'status' ? { ...row, value: 'OnHold' } : row,
          ),
        },
      },
      reason: 'Survey done',
    },
  },
]);

const deleted = await call(`${permits}/bulk-assign/delete`, { selection });
out(
  `${'delete'.padEnd(52)} once   ${deleted.ms.toFixed(0).padStart(7)} ms  ${String(deleted.statements).padStart(3)} statements`,
);

await bench.close();
if (ON_POSTGRES) await adminStatement(`DROP DATABASE ${DATABASE}`);
