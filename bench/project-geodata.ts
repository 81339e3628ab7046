/**
 * How a project's map data grows: importing 100,000 poles from a CSV file through the real upload endpoint
 * (first import, then the same file again, which changes nothing), then the map's calls on that project:
 * the metadata, a town-sized view, and a view of the whole service area (capped at the endpoint's limit).
 *
 *   node --import tsx bench/project-geodata.ts
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/project-geodata.ts
 */
import { performance } from 'node:perf_hooks';
import { multipart } from '../apps/api/test/multipart.ts';
import { openBench } from './harness.ts';

const POLES = Number(process.env.BENCH_POLES ?? 100_000);
const bench = await openBench();
const { db } = bench;

const org = await db
  .insertInto('organizations')
  .values({ name: `Bench Electric ${Date.now()}`, updated_at: new Date() })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('organization_applications')
  .values({ organization_id: org.id, application: 'JointUse' })
  .execute();
const manager = await db
  .insertInto('users')
  .values({
    email: `bench-${Date.now()}@bench.example`,
    first_name: 'Bench',
    last_name: 'Manager',
    status: 'Active',
    role: 'User',
    organization_id: org.id,
    updated_at: new Date(),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await db.insertInto('user_organizations').values({ user_id: manager.id, organization_id: org.id }).execute();
await db
  .insertInto('user_system_permissions')
  .values({ user_id: manager.id, permission: 'ManageProjects' })
  .execute();
const token = await bench.tokenFor(manager.id);
const created = await bench.app.inject({
  method: 'POST',
  url: '/api/projects',
  headers: { authorization: `Bearer ${token}` },
  payload: { name: 'Bench program', projectCode: 'BENCH' },
});
const projectId: string = created.json().data.id;

// A 300 km by 200 km service area with poles on a jittered grid (a fixed-seed generator).
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const lines = ['pole_id,latitude,longitude,height_ft,class,material'];
for (let i = 0; i < POLES; i++) {
  const lat = 43.5 + random() * 1.8;
  const lon = -95 + random() * 3.8;
  lines.push(`P-${i},${lat.toFixed(6)},${lon.toFixed(6)},${35 + (i % 3) * 5},${1 + (i % 5)},Wood`);
}
const csv = Buffer.from(`${lines.join('\n')}\n`);

async function importOnce() {
  const form = multipart({}, { file: { filename: 'poles.csv', data: csv, type: 'text/csv' } });
  const started = performance.now();
  const rss = process.memoryUsage().rss;
  const res = await bench.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/poles/import`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
  return {
    ms: performance.now() - started,
    result: JSON.stringify(res.json().data),
    rssGrowthMb: (process.memoryUsage().rss - rss) / 1_048_576,
  };
}

const results = [`database: ${bench.kind}, ${POLES} poles, ${(csv.length / 1_048_576).toFixed(1)} MB of CSV`];
const first = await importOnce();
results.push(
  `first import   ${(first.ms / 1000).toFixed(1)} s  rss +${first.rssGrowthMb.toFixed(0)} MB  ${first.result}`,
);
const again = await importOnce();
results.push(`same file again ${(again.ms / 1000).toFixed(1)} s  ${again.result}`);

const calls = {
  'map metadata': `/api/joint-use/projects/${projectId}/map/metadata`,
  'town view (5 km)': `/api/projects/${projectId}/poles?bbox=-93.2,44.43,-93.13,44.48`,
  'whole area (capped)': `/api/projects/${projectId}/poles?bbox=-95,43.5,-91.2,45.3`,
};
for (const [name, url] of Object.entries(calls)) {
  const { median, p95 } = await bench.time(token, { method: 'GET', url }, 20);
  results.push(
    `${name.padEnd(22)} median ${median.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms`,
  );
}
process.stdout.write(`${results.join('\n')}\n`);
await bench.close();
