import type { OverviewRequest, OverviewSummaryValue } from '@crossarm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY } from '../permits/test-scene.ts';
import { columnsOf, overviewData } from './overview-test-kit.ts';
import { compareKeys, DEFAULT_KEY_SET_LIMITS, DEFAULT_LIMITS, useSortScene } from './overview-test-setup.ts';
import { KEY_SET_LIMITS, SORT_WALK_LIMITS } from './sort-sql.ts';

// Pages sorted by the workflow's active stage and next task, and the whole program sorted and summed by
// every column, its keys read permit by permit or by sets.

const scene = useSortScene();

/** The permit numbers of a CSV export of the request, in its order. */
async function exportedNumbers(user: string, body: OverviewRequest) {
  const res = await scene.t.injectAs(user, {
    method: 'POST',
    url: '/api/joint-use/overview/export/csv',
    payload: { ...body, pageOptions: undefined },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0]);
}

/** Two summary rows hold the same values (elapsed days are read at each statement's own moment). */
function expectSameSummary(
  summary: OverviewSummaryValue[],
  other: OverviewSummaryValue[],
  context: Record<string, unknown>,
) {
  expect(summary).toHaveLength(other.length);
  summary.forEach((item, index) => {
    const label = JSON.stringify({ ...context, item, other: other[index] });
    const value = other[index]!.value;
    if (typeof item.value === 'number' && typeof value === 'number') {
      expect(item.value, label).toBeCloseTo(value, 2);
    } else {
      expect(item.value, label).toEqual(value);
    }
  });
}

/**
 * The same request with the permits a filter keeps read with each one's own keys, and with the keys of the
 * whole program read by sets.
 */
async function bothWays<T>(request: () => Promise<T>) {
  KEY_SET_LIMITS.programPerKept = 0;
  const oneByOne = await request();
  KEY_SET_LIMITS.programPerKept = 1e9;
  const bySets = await request();
  Object.assign(KEY_SET_LIMITS, DEFAULT_KEY_SET_LIMITS);
  return { oneByOne, bySets };
}

describe('a page sorted by the active stage or the next task', () => {
  it("reads the active stages' and open tasks' names in order, however the permits at the page's last name are found", async () => {
    // Two permits whose workflow has run its course: no stage is active, no task is next.
    for (const permitId of [scene.s.permitIds[3]!, scene.s.permitIds[6]!]) {
      await scene.t.db
        .updateTable('permit_stages')
        .set({ status: 'Completed', completed_at: new Date() })
        .where('permit_id', '=', permitId)
        .where('status', '=', 'Active')
        .execute();
      await scene.t.db
        .updateTable('permits')
        .set({ active_stage_key: null })
        .where('id', '=', permitId)
        .execute();
    }
    // Half the permits hold their second stage under a name that comes before the first stage's
    // ('Assessment' before 'Intake'), as a stage renamed in a later version of the workflow would be: by
    // name their permits would come first, in workflow order they follow the first stage's.
    const renamed = scene.s.permitIds.filter((_, index) => index % 2 === 0);
    const nameSecondStage = (name: string) =>
      scene.t.db
        .updateTable('permit_stages')
        .set({ name })
        .where('stage_key', '=', KEY.survey)
        .where('permit_id', 'in', renamed)
        .execute();
    await nameSecondStage('Assessment');
    const permits = await scene.t.db
      .selectFrom('permits')
      .select(['id', 'created_at', 'active_stage_key'])
      .execute();
    const stages = await scene.t.db
      .selectFrom('permit_stages')
      .selectAll()
      .where('status', '=', 'Active')
      .execute();
    const open = await scene.t.db
      .selectFrom('permit_tasks')
      .selectAll()
      .where('status', 'in', ['ReadyToBegin', 'InProgress'])
      .execute();
    const keys: Record<string, (permit: (typeof permits)[number]) => string | null> = {
      // Workflow order: the stage's place in its workflow, then its name.
      'workflow.ActiveStage': (permit) => {
        const stage = stages.find(
          (candidate) => candidate.permit_id === permit.id && candidate.stage_key === permit.active_stage_key,
        );
        return stage ? `${String(stage.position).padStart(10, '0')} ${stage.name.toLowerCase()}` : null;
      },
      'workflow.NextUpTask': (permit) =>
        open
          .filter((task) => task.permit_id === permit.id && task.stage_key === permit.active_stage_key)
          .sort((a, b) => a.position - b.position)[0]
          ?.name.toLowerCase() ?? null,
    };
    const activeNames = new Set(
      stages
        .filter((stage) => scene.ownerSees.has(stage.permit_id))
        .map((stage) => `${stage.position} ${stage.name}`),
    );
    expect([...activeNames].sort()).toEqual(['0 Intake', '1 Assessment', '1 Survey']);
    for (const [dataId, keyOfPermit] of Object.entries(keys)) {
      const seenKeys = new Set(permits.filter((permit) => scene.ownerSees.has(permit.id)).map(keyOfPermit));
      // Some permits hold each of several names, and some none.
      expect(seenKeys.size, `${dataId} ${JSON.stringify([...seenKeys])}`).toBeGreaterThanOrEqual(3);
      expect(seenKeys.has(null)).toBe(true);
      for (const limits of [
        { wholeTie: 1, newestWalk: 1000 },
        { wholeTie: 1, newestWalk: 3 },
        DEFAULT_LIMITS,
      ]) {
        for (const descending of [false, true]) {
          const wanted = permits
            .filter((permit) => scene.ownerSees.has(permit.id))
            .sort(
              (a, b) =>
                compareKeys(keyOfPermit(a), keyOfPermit(b), descending) ||
                b.created_at.getTime() - a.created_at.getTime() ||
                (a.id < b.id ? 1 : -1),
            )
            .map((permit) => permit.id);
          Object.assign(SORT_WALK_LIMITS, limits);
          const body = (page: number, pageSize: number): OverviewRequest => ({
            pageOptions: { page, pageSize },
            columnOptions: ['permit.PermitNumber', dataId],
            sortOptions: [{ dataId, direction: descending ? 'Descending' : 'Ascending' }],
          });
          for (const pageSize of [1, 4]) {
            const pages: string[] = [];
            for (let page = 0; page * pageSize < wanted.length; page++) {
              pages.push(
                ...(await overviewData(scene.t, scene.s.ownerMember, body(page, pageSize))).rows!.map(
                  (row) => row.id,
                ),
              );
            }
            expect(pages, JSON.stringify({ dataId, limits, descending, pageSize })).toEqual(wanted);
          }
          const filtered = await overviewData(scene.t, scene.s.ownerMember, {
            ...body(0, 50),
            filterOptions: {
              condition: 'And',
              rows: [{ id: 'r', dataId: 'permit.Status', operator: 'NotEquals', value: 'Cancelled' }],
              groups: [],
            },
          });
          expect(filtered.rows!.map((row) => row.id)).toEqual(wanted);
        }
      }
    }
    await nameSecondStage('Survey');
  });
});

describe('the whole program sorted by any column', () => {
  const keepAll: OverviewRequest['filterOptions'] = {
    condition: 'And',
    rows: [{ id: 'r', dataId: 'permit.Status', operator: 'NotEquals', value: 'Cancelled' }],
    groups: [],
  };
  let twiceHeld: { permitId: string; stageEntry: string };

  beforeAll(async () => {
    // Two permits hold a task of their last stage a second time, done, in their first stage: that one is
    // first, so their task cells and keys are the done task's.
    for (const permitId of [scene.s.permitIds[0]!, scene.s.permitIds[9]!]) {
      const stages = await scene.t.db
        .selectFrom('permit_stages')
        .select(['stage_key', 'position'])
        .where('permit_id', '=', permitId)
        .orderBy('position')
        .execute();
      const task = await scene.t.db
        .selectFrom('permit_tasks')
        .selectAll()
        .where('permit_id', '=', permitId)
        .where('stage_key', '=', stages.at(-1)!.stage_key)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      expect(task.status).not.toBe('Completed');
      await scene.t.db
        .insertInto('permit_tasks')
        .values({
          ...task,
          task_key: crypto.randomUUID(),
          stage_key: stages[0]!.stage_key,
          position: 99,
          status: 'Completed',
          ready_at: new Date('2026-01-01T00:00:00Z'),
          started_at: new Date('2026-01-02T00:00:00Z'),
          completed_at: new Date('2026-01-05T00:00:00Z'),
        })
        .execute();
    }
    // A permit the pole owner sees holds its active stage's entry a second time, later in its workflow, with
    // an open task placed first there: the active stage's own open tasks come first, so its active task is
    // still theirs.
    const firstOpen = await scene.t.db
      .selectFrom('permit_stages as s')
      .innerJoin('permit_tasks as t', (join) =>
        join.onRef('t.permit_id', '=', 's.permit_id').onRef('t.stage_key', '=', 's.stage_key'),
      )
      .selectAll('t')
      .select('s.library_entry_id as stage_entry')
      .where('s.status', '=', 'Active')
      .where('t.status', 'in', ['ReadyToBegin', 'InProgress'])
      .where('t.position', '>', 0)
      .where('s.permit_id', 'in', [...scene.ownerSees])
      .orderBy('t.permit_id')
      .orderBy('t.position')
      .executeTakeFirstOrThrow();
    const { stage_entry, ...open } = firstOpen;
    twiceHeld = { permitId: open.permit_id, stageEntry: stage_entry };
    const active = await scene.t.db
      .selectFrom('permit_stages')
      .selectAll()
      .where('permit_id', '=', open.permit_id)
      .where('stage_key', '=', open.stage_key)
      .executeTakeFirstOrThrow();
    const again = crypto.randomUUID();
    await scene.t.db
      .insertInto('permit_stages')
      .values({ ...active, stage_key: again, position: 99, status: 'NotStarted', started_at: null })
      .execute();
    await scene.t.db
      .insertInto('permit_tasks')
      .values({
        ...open,
        stage_key: again,
        task_key: crypto.randomUUID(),
        position: 0,
        name: 'Aardvark check',
      })
      .execute();
  });

  it("is the order of each permit's key read on its own, for every column and either direction", async () => {
    // Sorting every visible permit reads a key by an index in order, by one grouped pass over the projects'
    // places, or permit by permit; under a filter keeping every permit, each permit's key is read on its own
    // or by sets, as many permits are kept.
    const columns = [...(await columnsOf(scene.t, scene.s.ownerMember)).values()].filter(
      (column) => column.sortable,
    );
    expect(columns.length).toBeGreaterThan(30);
    let varied = 0;
    for (const column of columns) {
      for (const [user, seen] of [
        [scene.s.ownerMember, scene.ownerSees],
        [scene.s.attacherMember, scene.attacherSees],
      ] as const) {
        for (const descending of [false, true]) {
          const body: OverviewRequest = {
            pageOptions: { page: 0, pageSize: 100 },
            columnOptions: ['permit.PermitNumber', column.dataId],
            sortOptions: [{ dataId: column.dataId, direction: descending ? 'Descending' : 'Ascending' }],
          };
          const label = JSON.stringify({ column: column.dataId, user, descending });
          const whole = await overviewData(scene.t, user, body);
          const kept = await bothWays(() => overviewData(scene.t, user, { ...body, filterOptions: keepAll }));
          for (const way of [kept.oneByOne, kept.bySets]) {
            expect(
              whole.rows!.map((row) => row.id),
              label,
            ).toEqual(way.rows!.map((row) => row.id));
          }
          expect(new Set(whole.rows!.map((row) => row.id)), label).toEqual(seen);
          const shown = whole.rows!.map((row) => JSON.stringify(row.values[column.dataId] ?? null));
          if (user === scene.s.ownerMember && !descending && new Set(shown).size > 2) varied++;
        }
      }
    }
    // Most columns hold several values among the permits, so the orders compared are not the newest-first one.
    expect(varied).toBeGreaterThan(columns.length / 2);
  });

  it('orders by the active task of the first stage of the entry, in memory too', async () => {
    const entry = twiceHeld.stageEntry;
    const stages = await scene.t.db
      .selectFrom('permit_stages')
      .selectAll()
      .where('library_entry_id', '=', entry)
      .execute();
    const tasks = await scene.t.db
      .selectFrom('permit_tasks')
      .selectAll()
      .where('status', 'in', ['ReadyToBegin', 'InProgress'])
      .execute();
    const permits = await scene.t.db.selectFrom('permits').select(['id', 'created_at']).execute();
    const keyOfPermit = (permitId: string) => {
      const first = stages
        .filter((stage) => stage.permit_id === permitId)
        .flatMap((stage) =>
          tasks
            .filter((task) => task.permit_id === permitId && task.stage_key === stage.stage_key)
            .map((task) => ({ stage: stage.position, position: task.position, name: task.name })),
        )
        .sort((a, b) => a.stage - b.stage || a.position - b.position)[0];
      return first ? first.name.toLowerCase() : null;
    };
    expect(keyOfPermit(twiceHeld.permitId)).not.toBe('aardvark check');
    for (const descending of [false, true]) {
      const wanted = permits
        .filter((permit) => scene.ownerSees.has(permit.id))
        .sort(
          (a, b) =>
            compareKeys(keyOfPermit(a.id), keyOfPermit(b.id), descending) ||
            b.created_at.getTime() - a.created_at.getTime() ||
            (a.id < b.id ? 1 : -1),
        )
        .map((permit) => permit.id);
      const dataId = `stage.${entry}.ActiveTask`;
      const data = await overviewData(scene.t, scene.s.ownerMember, {
        pageOptions: { page: 0, pageSize: 100 },
        columnOptions: ['permit.PermitNumber', dataId],
        sortOptions: [{ dataId, direction: descending ? 'Descending' : 'Ascending' }],
      });
      expect(data.rows!.map((row) => row.id)).toEqual(wanted);
    }
  });

  it("sums up each column of the whole program as each permit's value read on its own", async () => {
    const columns = [...(await columnsOf(scene.t, scene.s.ownerMember)).values()].filter(
      (column) => column.metrics.length > 0,
    );
    expect(columns.length).toBeGreaterThan(30);
    let nonEmpty = 0;
    for (const [user, seen] of [
      [scene.s.ownerMember, scene.ownerSees],
      [scene.s.attacherMember, scene.attacherSees],
    ] as const) {
      // Every metric of every column in one request, and the page alongside.
      const summaryRowOptions = columns.flatMap((column) =>
        column.metrics.map((metric) => ({ dataId: column.dataId, metric })),
      );
      const body: OverviewRequest = {
        pageOptions: { page: 0, pageSize: 5 },
        columnOptions: ['permit.PermitNumber'],
        summaryRowOptions,
      };
      const query = '?includeCount=true&includeSummary=true';
      const whole = await overviewData(scene.t, user, body, query);
      const kept = await bothWays(() =>
        overviewData(scene.t, user, { ...body, filterOptions: keepAll }, query),
      );
      expect(whole.total).toBe(seen.size);
      expect(whole.summary).toHaveLength(summaryRowOptions.length);
      for (const way of [kept.oneByOne, kept.bySets]) {
        expect(way.total).toBe(seen.size);
        expectSameSummary(whole.summary!, way.summary!, { user });
      }
      whole.summary!.forEach((item) => {
        if (user === scene.s.ownerMember && item.value !== null && item.value !== 0) nonEmpty++;
      });
    }
    expect(nonEmpty).toBeGreaterThan(columns.length);
  });

  it('reads the keys of the permits a filter keeps one by one or by sets: the same pages, counts and sums', async () => {
    const some: OverviewRequest['filterOptions'] = {
      condition: 'And',
      rows: [{ id: 'r', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
      groups: [],
    };
    const columns = [...(await columnsOf(scene.t, scene.s.ownerMember)).values()];
    const statusOfTask = columns.find((column) => column.subjectKind === 'Task' && column.name === 'Status')!;
    const summaryRowOptions = columns.flatMap((column) =>
      column.metrics.map((metric) => ({ dataId: column.dataId, metric })),
    );
    const ids = (data: { rows: { id: string }[] | null }) => data.rows!.map((row) => row.id);
    for (const [user, seen] of [
      [scene.s.ownerMember, scene.ownerSees],
      [scene.s.attacherMember, scene.attacherSees],
    ] as const) {
      // The page alone, sorted by each column either way.
      for (const column of columns.filter((item) => item.sortable)) {
        for (const descending of [false, true]) {
          const body: OverviewRequest = {
            pageOptions: { page: 0, pageSize: 100 },
            columnOptions: ['permit.PermitNumber', column.dataId],
            filterOptions: some,
            sortOptions: [{ dataId: column.dataId, direction: descending ? 'Descending' : 'Ascending' }],
          };
          const { oneByOne, bySets } = await bothWays(() => overviewData(scene.t, user, body));
          expect(ids(bySets), JSON.stringify({ column: column.dataId, user, descending })).toEqual(
            ids(oneByOne),
          );
        }
      }
      // An export of the same, in the order of the page.
      const sorted: OverviewRequest = {
        pageOptions: { page: 0, pageSize: 100 },
        columnOptions: ['permit.PermitNumber', statusOfTask.dataId],
        filterOptions: some,
        sortOptions: [{ dataId: statusOfTask.dataId, direction: 'Ascending' }],
      };
      const exported = await bothWays(() => exportedNumbers(user, sorted));
      const numbers = (await overviewData(scene.t, user, sorted)).rows!.map(
        (row) => row.values['permit.PermitNumber'],
      );
      expect(exported.oneByOne).toEqual(numbers);
      expect(exported.bySets).toEqual(numbers);
      // The page with the count and every metric of every column, and those without the page.
      const body: OverviewRequest = {
        pageOptions: { page: 1, pageSize: 2 },
        columnOptions: ['permit.PermitNumber'],
        filterOptions: some,
        sortOptions: [{ dataId: statusOfTask.dataId, direction: 'Descending' }],
        summaryRowOptions,
      };
      const query = '?includeCount=true&includeSummary=true';
      const withPage = await bothWays(() => overviewData(scene.t, user, body, query));
      const totalsOnly = await bothWays(() =>
        overviewData(
          scene.t,
          user,
          { ...body, pageOptions: { page: 0, pageSize: 0 } },
          `${query}&includeData=false`,
        ),
      );
      const base = withPage.oneByOne;
      expect(base.total).toBeGreaterThan(2);
      expect(base.total).toBeLessThan(seen.size);
      expect(ids(withPage.bySets)).toEqual(ids(base));
      for (const way of [withPage.bySets, totalsOnly.oneByOne, totalsOnly.bySets]) {
        expect(way.total).toBe(base.total);
        expectSameSummary(way.summary!, base.summary!, { user });
      }
    }
  });

  it('reads grouped keys with a second key, and exports in the order of the pages', async () => {
    const columns = await columnsOf(scene.t, scene.s.ownerMember);
    const pick = (subjectKind: string, name: string) =>
      [...columns.values()].find((column) => column.subjectKind === subjectKind && column.name === name)!
        .dataId;
    const sorts: NonNullable<OverviewRequest['sortOptions']>[] = [
      [
        { dataId: pick('Stage', 'Active Task'), direction: 'Ascending' },
        { dataId: pick('Task', 'Status'), direction: 'Descending' },
      ],
      [
        { dataId: pick('Task', 'Person Assigned'), direction: 'Descending' },
        { dataId: 'workflow.NextUpTaskAssignees', direction: 'Ascending' },
      ],
      [
        { dataId: pick('Task', 'Elapsed Time'), direction: 'Descending' },
        { dataId: 'permit.ApplicantName', direction: 'Ascending' },
      ],
    ];
    for (const sortOptions of sorts) {
      const body: OverviewRequest = {
        pageOptions: { page: 0, pageSize: 100 },
        columnOptions: ['permit.PermitNumber', ...sortOptions.map((sort) => sort.dataId!)],
        sortOptions,
      };
      const label = JSON.stringify(sortOptions);
      const whole = await overviewData(scene.t, scene.s.ownerMember, body);
      const kept = await overviewData(scene.t, scene.s.ownerMember, { ...body, filterOptions: keepAll });
      const ids = whole.rows!.map((row) => row.id);
      expect(ids, label).toEqual(kept.rows!.map((row) => row.id));
      // Page by page, the same order.
      const pages: string[] = [];
      for (let page = 0; page * 3 < ids.length; page++) {
        const data = await overviewData(scene.t, scene.s.ownerMember, {
          ...body,
          pageOptions: { page, pageSize: 3 },
        });
        pages.push(...data.rows!.map((row) => row.id));
      }
      expect(pages, label).toEqual(ids);
      const numbers = await exportedNumbers(scene.s.ownerMember, body);
      expect(numbers, label).toEqual(whole.rows!.map((row) => row.values['permit.PermitNumber']));
    }
  });
});
