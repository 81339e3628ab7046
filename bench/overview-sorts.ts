/**
 * Every column a person of the first pole owner may sort by, each on its own: the first page of 50 of the
 * whole program in either direction, no filter and no count, through `POST /api/joint-use/permits/overview`.
 * It shows which sorts read an index in order, which read every visible permit's key in one grouped pass,
 * and which compute each permit's key on its own. With --summaries, the summary row of the whole program
 * instead: each column with a summary, its average where it has one (else its last metric), no rows. Run on
 * a world that `permit-overview.ts --keep` left:
 *
 *   node --import tsx bench/overview-sorts.ts --permits 1000000 --postgres
 *
 * By default, the fixed columns, the columns of the first stage and task, and one property of each type;
 * --all every column. Options: --runs 3 (median of), --only Due (columns whose name or subject contains it).
 */
import { performance } from 'node:perf_hooks';
import type { OverviewColumnGroup } from '@crossarm/shared';
import { flag, option, out } from './harness.ts';
import { openKeptWorld } from './kept-world.ts';

const PERMITS = Number(option('permits', '10000'));
const RUNS = Number(option('runs', '3'));
const ONLY = option('only', '');
const { bench, headers } = await openKeptWorld(PERMITS);

const groups = (
  await bench.app.inject({ method: 'GET', url: '/api/joint-use/options/permits/columns', headers })
).json().data as OverviewColumnGroup[];
const label = (column: OverviewColumnGroup['columns'][number]) =>
  column.subjectName ? `${column.subjectName}: ${column.name}` : column.name;
const firstSubject = new Map<string, string>();
const representative = (column: OverviewColumnGroup['columns'][number]) => {
  if (!column.subjectName) return true;
  const kind = column.subjectKind === 'Property' ? `Property ${column.type}` : column.subjectKind;
  if (!firstSubject.has(kind)) firstSubject.set(kind, column.subjectName);
  return firstSubject.get(kind) === column.subjectName;
};
const SUMMARIES = flag('summaries');
const columns = groups
  .flatMap((group) => group.columns)
  .filter((column) => (SUMMARIES ? column.metrics.length > 0 : column.sortable))
  .filter((column) => flag('all') || representative(column))
  .filter((column) => !ONLY || label(column).includes(ONLY));

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
/** The time of one request, checked to be answered. */
async function timed(payload: object, query: string) {
  const started = performance.now();
  const res = await bench.app.inject({
    method: 'POST',
    url: `/api/joint-use/permits/overview?${query}`,
    headers,
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return performance.now() - started;
}

const what = SUMMARIES ? 'columns with a summary' : 'sortable columns';
out(`${columns.length} ${what}, ${PERMITS.toLocaleString('en')} permits, median of ${RUNS}`);
for (const column of SUMMARIES ? columns : []) {
  const metric = column.metrics.includes('Average') ? 'Average' : column.metrics.at(-1)!;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    samples.push(
      await timed(
        {
          pageOptions: { page: 0, pageSize: 0 },
          columnOptions: [column.dataId],
          summaryRowOptions: [{ dataId: column.dataId, metric }],
        },
        'includeCount=false&includeData=false&includeSummary=true',
      ),
    );
  }
  out(
    `${`${label(column)} (${metric})`.slice(0, 60).padEnd(60)} ${median(samples).toFixed(1).padStart(9)} ms`,
  );
}
for (const column of SUMMARIES ? [] : columns) {
  const times: string[] = [];
  for (const direction of ['Ascending', 'Descending'] as const) {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      samples.push(
        await timed(
          {
            pageOptions: { page: 0, pageSize: 50 },
            columnOptions: ['permit.PermitNumber', column.dataId],
            sortOptions: [{ dataId: column.dataId, direction }],
          },
          'includeCount=false',
        ),
      );
    }
    times.push(`${median(samples).toFixed(1).padStart(9)} ms`);
  }
  out(`${label(column).slice(0, 60).padEnd(60)} ${times.join('  ')}`);
}
await bench.close();
