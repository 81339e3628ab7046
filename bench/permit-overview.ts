/**
 * The permit overview (`POST /api/joint-use/permits/overview`) on a large world, as a pole owner's person:
 * (a) a filtered page (nested And/Or over permit, workflow, task and property columns) with a two-column
 * sort, the count and a summary row; (b) a "contains" search; (c) a deep page; (d) a page of 40 columns;
 * (e) the fixed cost of a request; (f) a filter and sort on the days a task's clock has run; (g) the whole
 * program sorted by a date property; (h) by a choice property, whose few values each hold many permits.
 * Each request is timed through the real HTTP stack next to one hand-written SQL statement computing the
 * same answer; the permit ids of both must match. The statements each request runs are counted.
 *
 *   node --import tsx bench/permit-overview.ts --permits 10000               # PGlite in a data directory
 *   node --import tsx bench/permit-overview.ts --permits 1000000 --postgres  # database crossarm_bench
 *
 * Options: --postgres (the server of BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * a database `crossarm_bench` is created there and dropped at the end), --keep (keep the database, and reuse
 * it when it already holds a world of that size), --workers 2 (connections writing the world at once; a
 * server only), --runs 9, --only ac (only the cases of those letters), --statements (time each statement of
 * a request on its own), --explain (EXPLAIN ANALYZE each case's
 * statements into /tmp/crossarm-bench/), --apart (each case's endpoint calls in a row, then its hand-written
 * statements in a row, rather than in turns).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { OverviewRequest } from '@crossarm/shared';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { FACT_TEXT, numberRanges } from '../apps/api/src/modules/overview/facts.ts';
import { CLOCK_DAYS_AHEAD, timerDaysSql } from '../apps/api/src/modules/overview/place-columns.ts';
import { ADMIN_URL, adminStatement, databaseUrl, flag, openBench, option, out } from './harness.ts';
import { nestedFilterEntries, nestedFilterRequest } from './overview-cases.ts';
import { buildPermitWorld, describeWorld, hasWorld, type PermitWorld } from './permit-world.ts';

const PERMITS = Number(option('permits', '10000'));
const RUNS = Number(option('runs', '9'));
const WARMUPS = 2;
const KEEP = flag('keep');
const ON_POSTGRES = flag('postgres');
const DATABASE = option('database', `crossarm_bench_${PERMITS}`);
const EXPLAIN_DIR = '/tmp/crossarm-bench';

// ---- The database: a dedicated one on the server, or a PGlite data directory.

let url: string | undefined;
let pgliteDir: string | undefined;
if (ON_POSTGRES) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  url = databaseUrl(DATABASE);
} else {
  pgliteDir = `/tmp/crossarm-bench-pglite-${PERMITS}`;
  if (!KEEP) rmSync(pgliteDir, { recursive: true, force: true });
}

const bench = await openBench({ url, pgliteDir });
const { db } = bench;

// Counts (and, when asked, keeps) the statements the app runs outside transactions, as the database
// receives them (some are compiled once and run again as compiled).
let statements = 0;
let captured: CompiledQuery[] | null = null;
const appExecutor = bench.app.db.getExecutor();
const runStatement = appExecutor.executeQuery.bind(appExecutor);
appExecutor.executeQuery = ((query: CompiledQuery) => {
  statements++;
  captured?.push(query);
  return runStatement(query);
}) as typeof appExecutor.executeQuery;
out(`database: ${bench.kind}, ${PERMITS.toLocaleString('en')} permits`);

let world: PermitWorld;
if (KEEP && (await hasWorld(db, PERMITS))) {
  world = describeWorld(PERMITS);
  out('world: reused');
} else {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM permits`.execute(db);
  if (Number(rows[0]!.n) > 0) throw new Error(`The database holds another world; drop ${DATABASE} first.`);
  const built = await buildPermitWorld(db, PERMITS, out, { workers: Number(option('workers', '1')) });
  world = built.world;
  const size = ON_POSTGRES
    ? (
        await sql<{
          size: string;
        }>`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`.execute(db)
      ).rows[0]!.size
    : 'n/a';
  out(
    `world: generated in ${(built.totalMs / 1000).toFixed(1)} s (setup ${(built.timings.setup! / 1000).toFixed(1)} s, ` +
      `rows ${(built.timings.write! / 1000).toFixed(1)} s, vacuum analyze ${(built.timings.analyze! / 1000).toFixed(1)} s), ` +
      `database size ${size}`,
  );
}
const counts = await sql<Record<string, string>>`SELECT
  (SELECT count(*) FROM permits) AS permits, (SELECT count(*) FROM permit_stages) AS stages,
  (SELECT count(*) FROM permit_tasks) AS tasks, (SELECT count(*) FROM permit_property_values) AS "values",
  (SELECT count(*) FROM permit_task_assignments) AS assignments, (SELECT count(*) FROM permit_poles) AS poles,
  (SELECT count(*) FROM permit_activity) AS activity, (SELECT count(*) FROM permit_timers) AS timers`.execute(
  db,
);
out(`rows: ${JSON.stringify(counts.rows[0])}`);

const token = await bench.tokenFor(world.ownerUserId);

// ---- The cases.

const owned = world.ownedProjectIds;
const { stage: stage2, walk, cost, priority, due } = nestedFilterEntries(world);
/** The first task of the third stage, whose clock counts business days. */
const clocked = world.tasks.find((task) => task.stage === 2 && task.position === 0)!;
const CLOCK_DAYS = 30;
/** The token texts of the ranges of costs past 900, with the one holding 900. */
const costRanges = numberRanges(cost.entryId, 900, 1);
const costAbove900 = [...costRanges.texts, costRanges.boundary];

const FIXED_COLUMNS = [
  'project.Name',
  'project.ProjectCode',
  'permit.PermitNumber',
  'permit.ApplicantName',
  'permit.Location',
  'permit.CreateDate',
  'permit.LastActivity',
  'permit.Status',
  'permit.ActualPoles',
  'workflow.ActiveStage',
  'workflow.NextUpTask',
  'workflow.NextUpTaskAssignees',
];
const statusTasks = world.tasks.filter((_, t) => t % 5 !== 4).slice(0, 8);
const assignedTasks = [world.tasks[0]!, world.tasks[1]!, world.tasks[3]!, world.tasks[7]!];
const shownProperties = world.properties.filter((_, k) => k % 3 === 0);
const FORTY = [
  ...FIXED_COLUMNS,
  ...world.stages.map((stage) => `stage.${stage.entryId}.ActiveTask`),
  ...statusTasks.map((task) => `task.${task.entryId}.Status`),
  ...assignedTasks.map((task) => `task.${task.entryId}.PersonAssigned`),
  ...shownProperties.map((property) => `property.${property.entryId}`),
];
if (FORTY.length !== 40) throw new Error(`the wide view has ${FORTY.length} columns`);

const SEARCH = 'birch';
const visible = Number(
  (
    await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM permits WHERE project_id = ANY (${owned}::uuid[])`.execute(db)
  ).rows[0]!.n,
);
/** Page 1,000 of 50 when the caller sees that many permits, else the last full page. */
const DEEP_PAGE = Math.max(0, Math.min(999, Math.floor(visible / 50) - 1));
out(`the pole owner's person sees ${visible.toLocaleString('en')} permits`);
const NEWEST = sql`ORDER BY p.created_at DESC, p.id DESC`;

/**
 * The first page of the visible permits sorted by a short-text property (every permit of the world has one
 * value of each): the 50th key read from the value index in order, then the permits up to that key sorted.
 */
function byPropertySql(entryId: string) {
  return sql<{ ids: string[] | null; total: number | null }>`WITH k AS MATERIALIZED (
      SELECT v.value #>> '{}' AS key FROM permit_property_values v
      WHERE v.property_entry_id = ${entryId} AND jsonb_typeof(v.value) = 'string' AND length(v.value::text) <= 256
        AND v.project_id = ANY (${owned}::uuid[])
      ORDER BY v.value #>> '{}' LIMIT 1 OFFSET 49)
    SELECT (SELECT array_agg(id ORDER BY key, created_at DESC, id DESC) FROM (
        SELECT p.id, p.created_at, v.value #>> '{}' AS key FROM permit_property_values v JOIN permits p ON p.id = v.permit_id
        WHERE v.property_entry_id = ${entryId} AND jsonb_typeof(v.value) = 'string' AND length(v.value::text) <= 256
          AND v.project_id = ANY (${owned}::uuid[]) AND v.value #>> '{}' <= (SELECT key FROM k)
        ORDER BY key, p.created_at DESC, p.id DESC LIMIT 50) page) AS ids,
      (SELECT count(*)::int FROM permits p WHERE p.project_id = ANY (${owned}::uuid[])) AS total`;
}

interface Case {
  name: string;
  query: string;
  body: OverviewRequest;
  /** One statement answering the same: the page's ids in order, and the count when asked. */
  handSql: RawBuilder<{ ids: string[] | null; total: number | null }>;
}

const cases: Case[] = [
  {
    name: '(a) filter And/Or, 2 sorts, count, summary',
    query: 'includeCount=true&includeSummary=true',
    body: nestedFilterRequest(world),
    // From the permits' facts: the GIN index names the rows holding a visible project's token, Active's, one
    // of the two workflow facts' and one of "urgent" or a range of costs past 900; the cost itself, the page,
    // the count and the summary are read from those rows.
    handSql: sql`WITH m AS MATERIALIZED (
        SELECT f.permit_id AS id, f.permit_number, f.created_at, f.actual_poles,
          f.value_texts[array_position(f.value_entries, permit_fact_token(${due.entryId}))] AS due,
          f.value_numbers[array_position(f.value_entries, permit_fact_token(${cost.entryId}))] AS cost
        FROM permit_facts f
        WHERE f.project_id = ANY (${owned}::uuid[])
          AND f.tokens && permit_fact_tokens(${owned.map(FACT_TEXT.project)}::text[])
          AND f.tokens @> permit_fact_tokens(${[FACT_TEXT.status('Active')]}::text[])
          AND f.tokens && permit_fact_tokens(${[
            FACT_TEXT.activeStage(stage2.entryId),
            FACT_TEXT.taskStatus(walk.entryId, 'InProgress'),
          ]}::text[])
          AND f.tokens && permit_fact_tokens(${[FACT_TEXT.shortValue(priority.entryId, 'urgent'), ...costAbove900]}::text[])
          AND (f.tokens @> permit_fact_tokens(${[FACT_TEXT.shortValue(priority.entryId, 'urgent')]}::text[])
            OR f.value_greatest[array_position(f.value_entries, permit_fact_token(${cost.entryId}))] > 900))
      SELECT (SELECT array_agg(id ORDER BY due ASC NULLS LAST, permit_number ASC, created_at DESC, id DESC)
          FROM (SELECT * FROM m ORDER BY due ASC NULLS LAST, permit_number ASC, created_at DESC, id DESC LIMIT 50) page)
          AS ids,
        count(*)::int AS total, sum(actual_poles)::float8 AS poles, avg(cost)::float8 AS cost
      FROM m`,
  },
  {
    name: `(b) search "${SEARCH}", count`,
    query: 'includeCount=true',
    body: {
      pageOptions: { page: 0, pageSize: 50 },
      columnOptions: ['permit.PermitNumber', 'permit.Location', 'permit.ApplicantName', 'project.Name'],
      searchOptions: { text: SEARCH },
    },
    // Each part keeps the visible projects' permits as it reads them, with what the page is ordered by; numbers
    // and locations are matched in the permits' narrow table of texts.
    handSql: sql`WITH m AS MATERIALIZED (
        SELECT q.id, q.created_at FROM permit_texts q
          WHERE (q.permit_number ILIKE ${`%${SEARCH}%`} OR q.location ILIKE ${`%${SEARCH}%`})
            AND q.project_id = ANY (${owned}::uuid[])
        UNION SELECT q.id, q.created_at FROM permits q JOIN projects pr ON pr.id = q.project_id
          WHERE (pr.name || ' ' || pr.project_code) ILIKE ${`%${SEARCH}%`} AND q.project_id = ANY (${owned}::uuid[])
        UNION SELECT q.id, q.created_at FROM permits q JOIN organizations o ON o.id = q.applicant_organization_id
          WHERE o.name ILIKE ${`%${SEARCH}%`} AND q.project_id = ANY (${owned}::uuid[]))
      SELECT (SELECT array_agg(id ORDER BY created_at DESC, id DESC)
          FROM (SELECT * FROM m ORDER BY created_at DESC, id DESC LIMIT 50) page) AS ids,
        count(*)::int AS total
      FROM m`,
  },
  {
    name: `(c) page ${DEEP_PAGE + 1} of 50, newest first, count`,
    query: 'includeCount=true',
    body: {
      pageOptions: { page: DEEP_PAGE, pageSize: 50 },
      columnOptions: ['permit.PermitNumber', 'permit.Status', 'permit.CreateDate', 'project.Name'],
    },
    handSql: sql`SELECT
        (SELECT array_agg(id ORDER BY created_at DESC, id DESC) FROM (
          SELECT p.id, p.created_at FROM permits p WHERE p.project_id = ANY (${owned}::uuid[])
          ${NEWEST} LIMIT 50 OFFSET ${DEEP_PAGE * 50}) page) AS ids,
        (SELECT count(*)::int FROM permits p WHERE p.project_id = ANY (${owned}::uuid[])) AS total`,
  },
  {
    name: '(d) 40 columns, newest first',
    query: 'includeCount=false',
    body: { pageOptions: { page: 0, pageSize: 50 }, columnOptions: FORTY },
    handSql: sql`WITH page AS (
        SELECT p.* FROM permits p WHERE p.project_id = ANY (${owned}::uuid[]) ${NEWEST} LIMIT 50)
      SELECT array_agg(p.id ORDER BY p.created_at DESC, p.id DESC) AS ids, NULL::int AS total,
        json_agg(json_build_object('project', pr.name, 'code', pr.project_code, 'number', p.permit_number,
          'applicant', o.name, 'location', p.location, 'created', p.created_at, 'activity', p.last_activity_at,
          'status', p.status, 'poles', p.actual_poles, 'stage', s.library_entry_id, 'nextUp', tk.next_up,
          'nextUpPeople', ppl.by_task -> p.next_up_task_key::text, 'stageActive', tk.stage_active,
          'statuses', tk.statuses, 'people', ppl.by_task, 'values', vals.by_entry)
          ORDER BY p.created_at DESC, p.id DESC) AS cells
      FROM page p JOIN projects pr ON pr.id = p.project_id JOIN organizations o ON o.id = p.applicant_organization_id
      LEFT JOIN permit_stages s ON s.permit_id = p.id AND s.stage_key = p.active_stage_key
      LEFT JOIN LATERAL (
        SELECT
          (array_agg(t.library_entry_id) FILTER (WHERE t.task_key = p.next_up_task_key))[1] AS next_up,
          jsonb_object_agg(t.library_entry_id, t.status) FILTER (WHERE t.library_entry_id = ANY (
            ${statusTasks.map((task) => task.entryId)}::uuid[])) AS statuses,
          (SELECT jsonb_object_agg(a.stage_key, a.entry) FROM (SELECT DISTINCT ON (t2.stage_key) t2.stage_key,
              t2.library_entry_id AS entry FROM permit_tasks t2 WHERE t2.permit_id = p.id
              AND t2.status IN ('ReadyToBegin', 'InProgress') ORDER BY t2.stage_key, t2.position) a) AS stage_active
        FROM permit_tasks t WHERE t.permit_id = p.id) tk ON true
      LEFT JOIN LATERAL (
        SELECT jsonb_object_agg(x.task_key, x.people) AS by_task FROM (
          SELECT a.task_key, jsonb_agg(jsonb_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name)
            ORDER BY u.last_name, u.first_name, u.id) AS people
          FROM permit_task_assignments a JOIN users u ON u.id = a.user_id
          WHERE a.permit_id = p.id GROUP BY a.task_key) x) ppl ON true
      LEFT JOIN LATERAL (
        SELECT jsonb_object_agg(v.property_entry_id, v.value) AS by_entry FROM permit_property_values v
        WHERE v.permit_id = p.id AND v.property_entry_id = ANY (${shownProperties.map((property) => property.entryId)}::uuid[])
      ) vals ON true`,
  },
  {
    name: '(e) fixed cost: no rows, no count',
    query: 'includeCount=false&includeData=false',
    body: { pageOptions: { page: 0, pageSize: 0 }, columnOptions: [] },
    handSql: sql`SELECT NULL::uuid[] AS ids, NULL::int AS total`,
  },
  {
    name: `(f) a task's clock over ${CLOCK_DAYS} days, longest first, count`,
    query: 'includeCount=true',
    body: {
      pageOptions: { page: 0, pageSize: 50 },
      columnOptions: ['permit.PermitNumber', `task.${clocked.entryId}.ElapsedTimeOnTimer`],
      filterOptions: {
        condition: 'And',
        rows: [
          {
            id: 'clock',
            dataId: `task.${clocked.entryId}.ElapsedTimeOnTimer`,
            operator: 'GreaterThanOrEquals',
            value: CLOCK_DAYS,
          },
        ],
      },
      sortOptions: [{ dataId: `task.${clocked.entryId}.ElapsedTimeOnTimer`, direction: 'Descending' }],
    },
    // The days of each visible permit's clock on that task that has spanned long enough to reach them (the
    // days counted never run more than CLOCK_DAYS_AHEAD ahead of the time spanned), counted once, then kept
    // and ordered.
    handSql: sql`WITH m AS MATERIALIZED (
        SELECT p.id, p.created_at, ${timerDaysSql('tm')} AS days
        FROM permit_timers tm JOIN permits p ON p.id = tm.permit_id
        WHERE tm.owner_entry_id = ${clocked.entryId} AND tm.project_id = ANY (${owned}::uuid[])
          AND coalesce(tm.stopped_at, now()) - tm.started_at
            >= make_interval(days => ${CLOCK_DAYS - CLOCK_DAYS_AHEAD}))
      SELECT (SELECT array_agg(id ORDER BY days DESC, created_at DESC, id DESC) FROM (
          SELECT * FROM m WHERE floor(days) >= ${CLOCK_DAYS} ORDER BY days DESC, created_at DESC, id DESC LIMIT 50)
          page) AS ids,
        count(*) FILTER (WHERE floor(days) >= ${CLOCK_DAYS})::int AS total
      FROM m`,
  },
  {
    name: `(g) sorted by ${due.name}, count`,
    query: 'includeCount=true',
    body: {
      pageOptions: { page: 0, pageSize: 50 },
      columnOptions: ['permit.PermitNumber', `property.${due.entryId}`],
      sortOptions: [{ dataId: `property.${due.entryId}`, direction: 'Ascending' }],
    },
    handSql: byPropertySql(due.entryId),
  },
  {
    name: `(h) sorted by ${priority.name} descending, count`,
    query: 'includeCount=true',
    body: {
      pageOptions: { page: 0, pageSize: 50 },
      columnOptions: ['permit.PermitNumber', `property.${priority.entryId}`],
      sortOptions: [{ dataId: `property.${priority.entryId}`, direction: 'Descending' }],
    },
    // A fifth of the permits hold the last choice: the page is the newest 50 of them.
    handSql: sql`SELECT (SELECT array_agg(id ORDER BY created_at DESC, id DESC) FROM (
          SELECT p.id, p.created_at FROM permits p WHERE p.project_id = ANY (${owned}::uuid[])
            AND (SELECT v.value #>> '{}' FROM permit_property_values v
              WHERE v.permit_id = p.id AND v.property_entry_id = ${priority.entryId}) = (
              SELECT max(v.value #>> '{}') FROM permit_property_values v
              WHERE v.property_entry_id = ${priority.entryId} AND jsonb_typeof(v.value) = 'string'
                AND length(v.value::text) <= 256 AND v.project_id = ANY (${owned}::uuid[]))
          ${NEWEST} LIMIT 50) page) AS ids,
        (SELECT count(*)::int FROM permits p WHERE p.project_id = ANY (${owned}::uuid[])) AS total`,
  },
];

// ---- Timing.

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function callEndpoint(item: Case) {
  const res = await bench.app.inject({
    method: 'POST',
    url: `/api/joint-use/permits/overview?${item.query}`,
    headers: { authorization: `Bearer ${token}` },
    payload: item.body,
  });
  if (res.statusCode !== 200) throw new Error(`${item.name}: ${res.statusCode} ${res.body}`);
  return res.json().data as { rows: { id: string }[] | null; total: number | null; summary: unknown };
}

async function timed<T>(run: () => Promise<T>) {
  const samples: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const started = performance.now();
    last = await run();
    if (i >= WARMUPS) samples.push(performance.now() - started);
  }
  return { ms: median(samples), last: last! };
}

async function alternating<A, B>(first: () => Promise<A>, second: () => Promise<B>) {
  const a: number[] = [];
  const b: number[] = [];
  let lastA: A | undefined;
  let lastB: B | undefined;
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    let started = performance.now();
    lastA = await first();
    if (i >= WARMUPS) a.push(performance.now() - started);
    started = performance.now();
    lastB = await second();
    if (i >= WARMUPS) b.push(performance.now() - started);
  }
  return { endpoint: { ms: median(a), last: lastA! }, hand: { ms: median(b), last: lastB! } };
}

const results: {
  name: string;
  endpoint: number;
  hand: number;
  statements: number;
  rows: number;
  total: number | null;
}[] = [];
// --only ad runs the cases whose letters are given.
const ONLY = option('only', '');
const APART = flag('apart');
const chosen = cases.filter((item) => !ONLY || ONLY.includes(item.name[1]!));
for (const item of chosen) {
  // The endpoint and the hand-written statement take turns, so that a burst of other work on the machine
  // falls on both alike; or, with --apart, each runs in a row, as a server answering the same request again
  // and again does (in turns, each pays for the other having just run on the machine: about 1.5 ms of a
  // 40-column page).
  const endpointCall = () => callEndpoint(item);
  const handCall = async () => (await item.handSql.execute(db)).rows[0]!;
  const { endpoint, hand } = APART
    ? { endpoint: await timed(endpointCall), hand: await timed(handCall) }
    : await alternating(endpointCall, handCall);
  statements = 0;
  captured = [];
  await callEndpoint(item);
  // The outbox relay polls on its own timer; its statement is not the request's.
  const heads = (captured as CompiledQuery[])
    .map((query) => query.sql.replace(/\s+/g, ' ').slice(0, 60))
    .filter((head) => !head.startsWith('select * from "events" where "published_at" is null'));
  const perRequest = Math.min(statements, heads.length);
  const requestQueries = (captured as CompiledQuery[]).filter(
    (query) => !query.sql.startsWith('select * from "events" where "published_at" is null'),
  );
  captured = null;
  // --statements: each of the request's statements timed on its own (median), to see where the time goes.
  const statementMs: number[] = [];
  if (flag('statements')) {
    for (const query of requestQueries) {
      const { ms } = await timed(() => db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters])));
      statementMs.push(ms);
    }
  }
  if (item === chosen[0]) out(`statements of one request:\n  ${heads.join('\n  ')}`);
  const endpointIds = (endpoint.last.rows ?? []).map((row) => row.id);
  const handIds = hand.last.ids ?? [];
  if (JSON.stringify(endpointIds) !== JSON.stringify(handIds)) {
    throw new Error(`${item.name}: the endpoint's ids differ from the SQL's\n${endpointIds}\n${handIds}`);
  }
  if (hand.last.total !== null && hand.last.total !== endpoint.last.total) {
    throw new Error(
      `${item.name}: count ${endpoint.last.total} from the endpoint, ${hand.last.total} from SQL`,
    );
  }
  results.push({
    name: item.name,
    endpoint: endpoint.ms,
    hand: hand.ms,
    statements: perRequest,
    rows: endpointIds.length,
    total: endpoint.last.total,
  });
  out(
    `${item.name.padEnd(46)} endpoint ${endpoint.ms.toFixed(1).padStart(8)} ms  SQL ${hand.ms.toFixed(1).padStart(8)} ms  ` +
      `x${(endpoint.ms / hand.ms).toFixed(2)}  ${perRequest} statements  ${endpointIds.length} rows` +
      `${endpoint.last.total === null ? '' : ` of ${endpoint.last.total}`}  ids match` +
      (statementMs.length > 0
        ? `  (statements ${statementMs.map((ms) => ms.toFixed(1)).join(' + ')} ms)`
        : ''),
  );
}

if (flag('explain')) {
  // The plans of every case's statements that read permits, into one file.
  const lines: string[] = [];
  for (const item of chosen) {
    captured = [];
    await callEndpoint(item);
    const queries = captured as CompiledQuery[];
    captured = null;
    lines.push(`-- ${item.name}, ${bench.kind}, ${PERMITS} permits`);
    for (const query of queries) {
      if (!/permits p/.test(query.sql)) continue;
      const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [...query.parameters]),
      );
      lines.push('', query.sql, '', ...plan.rows.map((row) => row['QUERY PLAN']), '');
    }
    // And the hand-written statement's, to compare.
    const hand = item.handSql.compile(db);
    const handPlan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${hand.sql}`, [...hand.parameters]),
    );
    lines.push('-- hand-written', '', ...handPlan.rows.map((row) => row['QUERY PLAN']), '');
  }
  mkdirSync(EXPLAIN_DIR, { recursive: true });
  const file = `${EXPLAIN_DIR}/explain-${bench.kind.toLowerCase()}-${PERMITS}.txt`;
  writeFileSync(file, `${lines.join('\n')}\n`);
  out(`plans: ${file}`);
}

out(JSON.stringify({ database: bench.kind, permits: PERMITS, runs: RUNS, results }));
await bench.close();
if (!KEEP) {
  if (ON_POSTGRES) {
    await adminStatement(`DROP DATABASE ${DATABASE}`);
  } else if (pgliteDir) {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}
