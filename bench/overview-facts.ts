/**
 * An experiment beside the product, not part of it: what case (a) of `permit-overview.ts` would take if each
 * permit kept one row of filter facts with a GIN index, so that a nested filter is answered from the index
 * before any row is read.
 *
 * The row (`experiment.permit_facts`, built once in a world kept by `permit-overview.ts --keep`): the permit's
 * project and own columns, its tokens (integers for "project P", "status S", "active stage E", "task T has
 * status S", "property P has the choice or short text V", "number property P lies in [100k, 100k + 100)"),
 * and its number and date values in arrays by property (a slot per library entry). A filter row that tests
 * equality becomes "the tokens hold this one" (`@>`) or "any of these" (`&&`); a number comparison becomes the
 * tokens of the buckets it reaches, then the exact test on the value in the row. The page, the count and the
 * summary come from the rows the index names.
 *
 *   node --import tsx bench/overview-facts.ts --permits 1000000 --postgres [--rebuild] [--runs 11]
 *   node --import tsx bench/overview-facts.ts --permits 100000                                    # PGlite
 *
 * Prints the time to build the rows, their size, the median of case (a) through the endpoint and from the
 * facts (taking turns; the ids, count and summary must match), and the time to write one permit's row again
 * (what keeping the rows on every write would add to it).
 */
import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { flag, option, out } from './harness.ts';
import { openKeptWorld } from './kept-world.ts';
import { nestedFilterEntries, nestedFilterRequest } from './overview-cases.ts';

const PERMITS = Number(option('permits', '100000'));
const RUNS = Number(option('runs', '11'));

const { bench, world, headers } = await openKeptWorld(PERMITS);
const { db, app } = bench;
out(`database: ${bench.kind}, ${PERMITS.toLocaleString('en')} permits`);

/** One facts row for each permit that `where` keeps. */
function factsOf(where: RawBuilder<unknown>) {
  return sql`
    SELECT p.id AS permit_id, p.project_id, p.created_at, p.permit_number, p.actual_poles,
      ARRAY[hashtext('p:' || p.project_id), hashtext('s:' || p.status)]
        || coalesce((SELECT array_agg(hashtext('as:' || s.library_entry_id)) FROM permit_stages s
             WHERE s.permit_id = p.id AND s.stage_key = p.active_stage_key), '{}')
        || coalesce((SELECT array_agg(hashtext('t:' || t.library_entry_id || ':' || t.status))
             FROM permit_tasks t WHERE t.permit_id = p.id), '{}')
        || coalesce(v.tokens, '{}') AS tokens,
      v.nums, v.dates
    FROM permits p
    LEFT JOIN LATERAL (
      SELECT
        array_agg(CASE WHEN jsonb_typeof(x.value) = 'number'
            THEN hashtext('n:' || x.property_entry_id || ':' || floor((x.value #>> '{}')::float8 / 100))
            ELSE hashtext('v:' || x.property_entry_id || ':' || (x.value #>> '{}')) END)
          FILTER (WHERE (jsonb_typeof(x.value) = 'string' AND length(x.value::text) <= 64
            AND sl.field_type IS NULL) OR jsonb_typeof(x.value) = 'number') AS tokens,
        array_agg((x.value #>> '{}')::float8 ORDER BY sl.slot) FILTER (WHERE sl.field_type = 'Number') AS nums,
        array_agg(((x.value #>> '{}')::date - DATE '2000-01-01') ORDER BY sl.slot)
          FILTER (WHERE sl.field_type = 'Date') AS dates
      FROM permit_property_values x LEFT JOIN experiment.slots sl ON sl.id = x.property_entry_id
      WHERE x.permit_id = p.id) v ON true
    WHERE ${where}`;
}

const built = await sql<{
  ok: boolean;
}>`SELECT to_regclass('experiment.permit_facts') IS NOT NULL AS ok`.execute(db);
if (!built.rows[0]!.ok || flag('rebuild')) {
  const started = performance.now();
  await sql`DROP SCHEMA IF EXISTS experiment CASCADE`.execute(db);
  await sql`CREATE SCHEMA experiment`.execute(db);
  // A slot per number and date property, in name order: every permit of the world has one value of each.
  await sql`CREATE TABLE experiment.slots AS
    SELECT id, field_type, (row_number() OVER (PARTITION BY field_type ORDER BY name))::int AS slot
    FROM library_entries WHERE field_type IN ('Number', 'Date')`.execute(db);
  // Written in project order, so that a program's rows lie together.
  await sql`CREATE TABLE experiment.permit_facts AS ${factsOf(sql`TRUE`)} ORDER BY p.project_id, p.created_at`.execute(
    db,
  );
  await sql`CREATE INDEX permit_facts_tokens_idx ON experiment.permit_facts USING gin (tokens)`.execute(db);
  await sql`CREATE UNIQUE INDEX permit_facts_permit_idx ON experiment.permit_facts (permit_id)`.execute(db);
  await sql`VACUUM ANALYZE experiment.permit_facts`.execute(db);
  out(`facts: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (bench.kind === 'PostgreSQL') {
  const size = await sql<{ heap: string; total: string }>`
    SELECT pg_size_pretty(pg_relation_size('experiment.permit_facts')) AS heap,
      pg_size_pretty(pg_total_relation_size('experiment.permit_facts')) AS total`.execute(db);
  out(`facts: ${size.rows[0]!.heap} of rows, ${size.rows[0]!.total} with the indexes`);
}

const { stage, walk, cost, priority, due } = nestedFilterEntries(world);
const slotOf = async (entryId: string) =>
  (await sql<{ slot: number }>`SELECT slot FROM experiment.slots WHERE id = ${entryId}`.execute(db)).rows[0]!
    .slot;
const costSlot = await slotOf(cost.entryId);
const dueSlot = await slotOf(due.entryId);
const token = (text: string) => sql`hashtext(${text})`;
const urgent = token(`v:${priority.entryId}:urgent`);

// Case (a) from the facts: the index names the rows whose tokens hold a visible project, the status, one of
// the two workflow facts and one of "urgent" or a cost bucket reaching past 900 (the costs lie in 0..999);
// the exact cost test and the page, count and summary are computed on those rows.
const factsA = sql<{ ids: string[]; total: number; poles: number; cost: number }>`
  WITH m AS MATERIALIZED (
    SELECT f.permit_id, f.permit_number, f.created_at, f.actual_poles,
      f.dates[${dueSlot}] AS due, f.nums[${costSlot}] AS cost
    FROM experiment.permit_facts f
    WHERE f.tokens && ARRAY(SELECT hashtext('p:' || x) FROM unnest(${world.ownedProjectIds}::uuid[]) x)
      AND f.tokens @> ARRAY[${token('s:Active')}]
      AND f.tokens && ARRAY[${token(`as:${stage.entryId}`)}, ${token(`t:${walk.entryId}:InProgress`)}]
      AND f.tokens && ARRAY[${urgent}, ${token(`n:${cost.entryId}:9`)}]
      AND (f.nums[${costSlot}] > 900 OR f.tokens @> ARRAY[${urgent}]))
  SELECT (SELECT array_agg(permit_id ORDER BY due ASC NULLS LAST, permit_number ASC, created_at DESC, permit_id DESC)
      FROM (SELECT * FROM m ORDER BY due ASC NULLS LAST, permit_number ASC, created_at DESC, permit_id DESC
        LIMIT 50) page) AS ids,
    count(*)::int AS total, sum(actual_poles)::float8 AS poles, avg(cost)::float8 AS cost
  FROM m`;

const request = nestedFilterRequest(world);
async function endpoint() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/joint-use/permits/overview?includeCount=true&includeSummary=true',
    headers,
    payload: request,
  });
  if (res.statusCode !== 200) throw new Error(`overview: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json().data as { rows: { id: string }[]; total: number };
}

const times = { endpoint: [] as number[], facts: [] as number[] };
let last: { endpoint: Awaited<ReturnType<typeof endpoint>>; facts: { ids: string[]; total: number } } | null =
  null;
for (let run = 0; run < RUNS + 2; run++) {
  let started = performance.now();
  const fromEndpoint = await endpoint();
  const endpointMs = performance.now() - started;
  started = performance.now();
  const fromFacts = (await factsA.execute(db)).rows[0]!;
  const factsMs = performance.now() - started;
  if (run >= 2) {
    times.endpoint.push(endpointMs);
    times.facts.push(factsMs);
  }
  last = { endpoint: fromEndpoint, facts: fromFacts };
}
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const endpointIds = last!.endpoint.rows.map((row) => row.id);
const same =
  JSON.stringify(endpointIds) === JSON.stringify(last!.facts.ids) &&
  last!.endpoint.total === last!.facts.total;
out(
  `(a) endpoint ${median(times.endpoint).toFixed(1)} ms, from the facts ${median(times.facts).toFixed(1)} ms, ` +
    `${last!.facts.total.toLocaleString('en')} found, ${same ? 'ids and count match' : 'DIFFERENT ANSWERS'}`,
);
if (!same) throw new Error(`the facts answer differs:\n${endpointIds}\n${last!.facts.ids}`);
// Taking turns, each evicts the other's pages from the server's buffers; the facts alone keep theirs.
const alone: number[] = [];
for (let run = 0; run < RUNS + 2; run++) {
  const started = performance.now();
  await factsA.execute(db);
  if (run >= 2) alone.push(performance.now() - started);
}
out(`(a) from the facts alone: median ${median(alone).toFixed(1)} ms`);

// Writing one permit's row again, as a trigger would on every change of its status, stage, tasks or values.
const sample = await sql<{ id: string }>`
  SELECT id FROM permits ORDER BY permit_number DESC LIMIT ${RUNS + 2}`.execute(db);
const refresh: number[] = [];
for (const { id } of sample.rows) {
  const started = performance.now();
  await sql`
    UPDATE experiment.permit_facts f SET tokens = n.tokens, nums = n.nums, dates = n.dates
    FROM (${factsOf(sql`p.id = ${id}`)}) n WHERE f.permit_id = n.permit_id`.execute(db);
  refresh.push(performance.now() - started);
}
out(`one permit's facts written again: median ${median(refresh.slice(2)).toFixed(2)} ms`);
await bench.close();
