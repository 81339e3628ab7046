/**
 * Exporting the permit overview (`POST /api/joint-use/overview/export/csv` and `/xlsx`) of about 100,000 rows
 * from a kept benchmark world, through a real HTTP server (the app listening on a local port, read with
 * `fetch` as a browser would): the time to the last byte, the rows and bytes received, and the server's
 * memory while the file streams. The server runs in a child process (this script with `--serve`), so its
 * resident set (sampled every 20 ms from /proc) is the server's alone.
 *
 *   node --import tsx bench/permit-overview.ts --permits 1000000 --postgres --keep   # builds the world once
 *   node --import tsx bench/overview-export.ts --permits 1000000 --rows 100000
 *
 * Options: --permits N (the kept world `crossarm_bench_N` on BENCH_PG_ADMIN_URL's server), --rows R (the
 * pole owner's projects are added to the filter until at least R permits match), --format csv|xlsx|both, --heap (the server
 * prints its heap, buffers and resident memory every 2 s).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { FilterGroupDraft, OverviewRequest } from '@crossarm/shared';
import { sql } from 'kysely';
import { parseConfig } from '../apps/api/src/config.ts';
import { heapGrowthFlags } from '../apps/api/src/heap.ts';
import { cliArgs, databaseUrl, flag, openBench, option, out } from './harness.ts';
import { describeWorld, hasWorld } from './permit-world.ts';

const PERMITS = Number(option('permits', '1000000'));
const ROWS = Number(option('rows', '100000'));
const FORMATS = option('format', 'both') === 'both' ? ['csv', 'xlsx'] : [option('format', 'csv')];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The server: the app on the kept world, listening on a local port; it prints what the client needs. */
async function serve() {
  if (flag('heap')) {
    // The server's own account of its memory, every 2 s, to tell the heap from the rest.
    setInterval(() => {
      const m = process.memoryUsage();
      process.stderr.write(
        `  heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)} (buffers ${mb(m.arrayBuffers)}), resident ${mb(m.rss)}\n`,
      );
    }, 2000).unref();
  }
  const database = `crossarm_bench_${PERMITS}`;
  const bench = await openBench({ url: databaseUrl(database) });
  const { db, app } = bench;
  if (!(await hasWorld(db, PERMITS))) {
    throw new Error(`No world of ${PERMITS} permits in ${database}: run permit-overview.ts --keep first.`);
  }
  const world = describeWorld(PERMITS);
  const token = await bench.tokenFor(world.ownerUserId);

  // The pole owner's projects, largest first, until the filter keeps at least ROWS permits.
  const projects = (
    await sql<{ name: string; n: string }>`
      SELECT pr.name, count(*) AS n FROM permits p JOIN projects pr ON pr.id = p.project_id
      WHERE p.project_id = ANY (${world.ownedProjectIds}::uuid[]) GROUP BY pr.name ORDER BY count(*) DESC, pr.name`.execute(
      db,
    )
  ).rows;
  const chosen: string[] = [];
  let expected = 0;
  for (const project of projects) {
    if (expected >= ROWS) break;
    chosen.push(project.name);
    expected += Number(project.n);
  }
  const filter: FilterGroupDraft = {
    condition: 'Or',
    rows: chosen.map((name, index) => ({
      id: `p${index}`,
      dataId: 'project.Name',
      operator: 'Equals',
      value: name,
    })),
    groups: [],
  };
  const body: OverviewRequest = {
    pageOptions: { page: 0, pageSize: 50 },
    columnOptions: [
      'project.Name',
      'permit.PermitNumber',
      'permit.ApplicantName',
      'permit.Location',
      'permit.CreateDate',
      'permit.Status',
      'permit.ActualPoles',
      'workflow.ActiveStage',
      'workflow.NextUpTask',
      'workflow.NextUpTaskAssignees',
      ...world.tasks.slice(0, 4).map((task) => `task.${task.entryId}.Status`),
      ...world.properties.slice(10, 16).map((property) => `property.${property.entryId}`),
    ],
    filterOptions: filter,
    sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' }],
  };
  process.stderr.write(
    `world: ${PERMITS.toLocaleString('en')} permits; ${chosen.length} projects, ${expected.toLocaleString('en')} rows expected\n`,
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  out(JSON.stringify({ address, token, body, expected }));
  // Runs until the client closes its input.
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await bench.close();
}

/** The server's resident memory in bytes, from /proc. */
function residentBytes(pid: number) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

async function measure() {
  // The server's heap grows as `server.ts` sets it before it loads anything (HEAP_GROWTH_PERCENT).
  const heapFlags = heapGrowthFlags(parseConfig().heapGrowthPercent);
  const child = spawn(
    process.execPath,
    [...heapFlags, ...process.execArgv, process.argv[1]!, ...cliArgs, '--serve'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  const { address, token, body, expected } = JSON.parse(String(first.value)) as {
    address: string;
    token: string;
    body: OverviewRequest;
    expected: number;
  };
  const pid = child.pid!;
  for (const format of FORMATS) {
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 20);
    const started = performance.now();
    const response = await fetch(`${address}/api/joint-use/overview/export/${format}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok || !response.body)
      throw new Error(`${format}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    let firstByte = 0;
    for await (const chunk of response.body) {
      if (bytes === 0) firstByte = performance.now() - started;
      bytes += chunk.byteLength;
      if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    out(
      `${format}: ${(ms / 1000).toFixed(1)} s (first byte ${firstByte.toFixed(0)} ms), ${mb(bytes)}` +
        (format === 'csv' ? `, ${(lines - 1).toLocaleString('en')} rows` : '') +
        `; resident memory ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
    );
    if (format === 'csv' && lines - 1 !== expected)
      throw new Error(`expected ${expected} rows, got ${lines - 1}`);
  }
  child.stdin!.end();
  await new Promise((resolve) => child.once('exit', resolve));
}

if (flag('serve')) await serve();
else await measure();
