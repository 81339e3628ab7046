/**
 * My Work (`POST /api/joint-use/my-work/tasks`) on a world that `permit-overview.ts --keep` generated: the open
 * tasks of the person with the most assignments and of a person with a typical number, sorted by due date and
 * by permit number, a deep page and a text filter, through the real HTTP stack (median of `--runs`).
 *
 *   node --import tsx bench/my-work.ts --permits 100000                 # the PGlite world in /tmp
 *   node --import tsx bench/my-work.ts --permits 1000000 --postgres     # the database crossarm_bench_1000000
 */
import { sql } from 'kysely';
import { option, out } from './harness.ts';
import { openKeptWorld } from './kept-world.ts';

const PERMITS = Number(option('permits', '10000'));
const RUNS = Number(option('runs', '9'));

const { bench } = await openKeptWorld(PERMITS);
out(`database: ${bench.kind}, ${PERMITS.toLocaleString('en')} permits`);

// The people by number of assignments: the busiest, and the one in the middle of those who have any.
const { rows: people } = await sql<{ user_id: string; n: number }>`
  SELECT a.user_id, count(*)::int AS n FROM permit_task_assignments a
  JOIN users u ON u.id = a.user_id AND u.status = 'Active' AND u.organization_id IS NOT NULL
  GROUP BY a.user_id ORDER BY n DESC`.execute(bench.db);
const chosen = [
  { label: 'busiest person', ...people[0]! },
  { label: 'typical person', ...people[Math.floor(people.length / 2)]! },
];

const cases: { name: string; query: string; body: object }[] = [
  { name: 'page 1 by due date', query: 'page=1&pageSize=25', body: {} },
  {
    name: 'page 1 by permit number, newest',
    query: 'page=1&pageSize=25',
    body: { sort: { column: 'PermitNumber', direction: 'Descending' } },
  },
  { name: 'page 40 by due date', query: 'page=40&pageSize=25', body: {} },
  { name: 'text "birch"', query: 'page=1&pageSize=25', body: { filter: { text: 'birch' } } },
];

for (const person of chosen) {
  const token = await bench.tokenFor(person.user_id);
  const first = await bench.app.inject({
    method: 'POST',
    url: '/api/joint-use/my-work/tasks?page=1&pageSize=25',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  const open = first.json().data.total as number;
  out(
    `${person.label}: ${person.n.toLocaleString('en')} assignments, ${open.toLocaleString('en')} open tasks`,
  );
  for (const item of cases) {
    const { median, p95 } = await bench.time(
      token,
      { method: 'POST', url: `/api/joint-use/my-work/tasks?${item.query}`, payload: item.body },
      RUNS,
    );
    out(
      `  ${item.name.padEnd(34)} median ${median.toFixed(1).padStart(8)} ms  p95 ${p95.toFixed(1).padStart(8)} ms`,
    );
  }
}
await bench.close();
