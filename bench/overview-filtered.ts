/**
 * Filters and filtered sorts of the permit overview that the fixed cases of `permit-overview.ts` do not
 * cover, each the first page of 50 with the count, through `POST /api/joint-use/permits/overview` as a person
 * of the first pole owner: filters on the next up task and its people, and the permits a filter keeps
 * (Status = Active, Priority = urgent) sorted by columns whose keys are computed (a task's status, a stage's
 * active task, a text and a date property, the next up task and its people). Run on a world that
 * `permit-overview.ts --keep` left:
 *
 *   node --import tsx bench/overview-filtered.ts --permits 1000000 --postgres
 *   node --import tsx bench/overview-filtered.ts --permits 100000              # PGlite
 *
 * Options: --runs 3 (median of, after one warm-up), --only Next (cases whose name contains it).
 */
import { performance } from 'node:perf_hooks';
import type { FilterGroupDraft, OverviewRequest } from '@crossarm/shared';
import { sql } from 'kysely';
import { option, out } from './harness.ts';
import { openKeptWorld } from './kept-world.ts';

const PERMITS = Number(option('permits', '10000'));
const RUNS = Number(option('runs', '3'));
const ONLY = option('only', '');
const { bench, world, headers } = await openKeptWorld(PERMITS);

// The pole owner's person with the most open assignments, and the task the most permits are at.
const person = (
  await sql<{ user_id: string; n: number }>`SELECT user_id, count(*)::int AS n FROM permit_task_assignments
    WHERE task_open GROUP BY user_id ORDER BY n DESC, user_id LIMIT 1`.execute(bench.db)
).rows[0]!;
const property = (name: string) => world.properties.find((entry) => entry.name === name)!.entryId;
const firstTask = world.tasks[0]!;
const busiestTask = world.tasks[4]!;
type Operator = NonNullable<NonNullable<FilterGroupDraft['rows']>[number]['operator']>;
const row = (dataId: string, operator: Operator, value: unknown): FilterGroupDraft => ({
  condition: 'And',
  rows: [{ id: 'r', dataId, operator, value }],
});
const active = row('permit.Status', 'Equals', 'Active');
const urgent = row(`property.${property('Priority')}`, 'Equals', 'urgent');
const SORTED_BY: [string, string][] = [
  [`${firstTask.name}: Status`, `task.${firstTask.entryId}.Status`],
  [`${world.stages[0]!.name}: Active Task`, `stage.${world.stages[0]!.entryId}.ActiveTask`],
  ['Street Address', `property.${property('Street Address')}`],
  ['Make-Ready Due', `property.${property('Make-Ready Due')}`],
  ['Next Up Task', 'workflow.NextUpTask'],
  ['Next Up Assignees', 'workflow.NextUpTaskAssignees'],
];
const COLUMNS = ['permit.PermitNumber', 'workflow.NextUpTask', 'workflow.NextUpTaskAssignees'];

const cases: [string, Partial<OverviewRequest>][] = [
  [
    `Next Up Assignees contains the busiest person (${person.n.toLocaleString('en')} open)`,
    { filterOptions: row('workflow.NextUpTaskAssignees', 'Contains', person.user_id) },
  ],
  [
    `Next Up Task = ${busiestTask.name}`,
    { filterOptions: row('workflow.NextUpTask', 'Equals', busiestTask.entryId) },
  ],
  ...[
    ['Status = Active', active],
    ['Priority = urgent', urgent],
  ].flatMap(([name, filter]) =>
    SORTED_BY.map(([label, dataId]): [string, Partial<OverviewRequest>] => [
      `${name as string}, by ${label}`,
      {
        filterOptions: filter as FilterGroupDraft,
        columnOptions: [...COLUMNS, dataId],
        sortOptions: [{ dataId, direction: 'Ascending' }],
      },
    ]),
  ),
];

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
out(
  `${PERMITS.toLocaleString('en')} permits, ${bench.kind}, first page of 50 with the count, median of ${RUNS}`,
);
for (const [name, request] of cases.filter(([name]) => !ONLY || name.includes(ONLY))) {
  const payload = { pageOptions: { page: 0, pageSize: 50 }, columnOptions: COLUMNS, ...request };
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const res = await bench.app.inject({
      method: 'POST',
      url: '/api/joint-use/permits/overview?includeCount=true',
      headers,
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    if (i > 0) samples.push(performance.now() - started);
    total = res.json().data.total;
  }
  out(
    `${name.slice(0, 66).padEnd(66)} ${median(samples).toFixed(1).padStart(9)} ms  ${total.toLocaleString('en')} kept`,
  );
}
await bench.close();
