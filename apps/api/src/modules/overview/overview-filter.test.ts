import { DAY_MS, type FilterGroup, type OverviewColumn } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import type { TestApp } from '../../../test/app.ts';
import { buildProject, buildPublishedTemplate, buildUser } from '../../../test/factories.ts';
import { buildEntry, grantOnly, KEY } from '../permits/test-scene.ts';
import { readRow } from '../permits/timer-state.ts';
import { evaluate, type OverviewScene, type PermitFacts } from './overview-scene.ts';
import { idsFor, openOverviewScene, overviewData, seenOneByOne, where } from './overview-test-kit.ts';

let t: TestApp;
let s: OverviewScene;
let facts: PermitFacts[];
let columns: Map<string, OverviewColumn>;
/** What the pole owner of projects A and B sees, checked one by one. */
let ownerSees: Set<string>;

const typeOf = (dataId: string) => columns.get(dataId)!.type;
const expected = (tree: FilterGroup, seen = ownerSees) =>
  [...evaluate(facts, tree, typeOf)].filter((id) => seen.has(id)).sort();
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  ({ t, s, facts, columns, ownerSees: ownerSees } = await openOverviewScene());
});
afterAll(() => t.close());

// Every operator on every column type that filters, compared with the same row evaluated in memory.
const cases = (): [string, FilterGroup['rows'][number]['operator'], unknown][] => [
  ['permit.PermitNumber', 'Equals', 'ova-ju-000002'],
  ['permit.PermitNumber', 'NotEquals', 'OVA-JU-000002'],
  ['permit.Location', 'Contains', 'street'],
  ['permit.Location', 'NotEquals', 'Main Street'],
  ['permit.ApplicantName', 'Contains', 'fiber'],
  ['project.Name', 'Equals', 'dundas rebuild'],
  ['project.ProjectCode', 'Contains', 'ov'],
  ['jointUseProject.PoleOwner', 'Equals', s.ownerOrg],
  ['jointUseProject.YourRole', 'NotEquals', 'PoleOwner'],
  ['permit.ActualPoles', 'Equals', 5],
  ['permit.ActualPoles', 'NotEquals', 5],
  ['permit.ActualPoles', 'LessThan', 5],
  ['permit.ActualPoles', 'LessThanOrEquals', 5],
  ['permit.ActualPoles', 'GreaterThan', 5],
  ['permit.ActualPoles', 'GreaterThanOrEquals', 5],
  ['permit.ActualPoles', 'LessThan', 4.5],
  ['permit.ActualPoles', 'NotEquals', 4.5],
  ['permit.ActualPoles', 'LessThan', 1e12],
  ['permit.ActualPoles', 'GreaterThan', -1e21],
  ['permit.CreateDate', 'Equals', '2026-03-04'],
  ['permit.CreateDate', 'NotEquals', '2026-03-04'],
  ['permit.CreateDate', 'LessThan', '2026-03-04'],
  ['permit.CreateDate', 'LessThanOrEquals', '2026-03-04'],
  ['permit.CreateDate', 'GreaterThan', '2026-03-04'],
  ['permit.CreateDate', 'GreaterThanOrEquals', '2026-03-04'],
  ['permit.Status', 'Equals', 'OnHold'],
  ['permit.Status', 'Equals', 'Active'],
  ['permit.Status', 'NotEquals', 'Active'],
  ['workflow.ActiveStage', 'Equals', s.entries.survey],
  ['workflow.ActiveStage', 'NotEquals', s.entries.survey],
  ['workflow.NextUpTask', 'Equals', s.entries.walk],
  ['workflow.NextUpTaskAssignees', 'Contains', s.engineers[1]],
  ['workflow.NextUpTaskAssignees', 'NotEquals', s.engineers[1]],
  [`stage.${s.entries.survey}.ActiveTask`, 'Equals', s.entries.walk],
  [`stage.${s.entries.survey}.ActiveTask`, 'NotEquals', s.entries.walk],
  [`task.${s.entries.review}.Status`, 'Equals', 'Completed'],
  [`task.${s.entries.walk}.Status`, 'NotEquals', 'NotStarted'],
  [`task.${s.entries.walk}.PersonAssigned`, 'Contains', s.engineers[0]],
  [`task.${s.entries.walk}.PersonAssigned`, 'NotEquals', s.engineers[0]],
  [`property.${s.property.street}`, 'Contains', 'main'],
  [`property.${s.property.street}`, 'Equals', '1 water street'],
  [`property.${s.property.street}`, 'NotEquals', '1 Water Street'],
  [`property.${s.entries.poleCount}`, 'Equals', 3],
  [`property.${s.entries.poleCount}`, 'NotEquals', 3],
  [`property.${s.entries.poleCount}`, 'LessThan', 4],
  [`property.${s.entries.poleCount}`, 'LessThanOrEquals', 4],
  [`property.${s.entries.poleCount}`, 'GreaterThan', 4],
  [`property.${s.entries.poleCount}`, 'GreaterThanOrEquals', 4],
  [`property.${s.property.due}`, 'Equals', '2026-04-07'],
  [`property.${s.property.due}`, 'NotEquals', '2026-04-07'],
  [`property.${s.property.due}`, 'LessThan', '2026-04-10'],
  [`property.${s.property.due}`, 'LessThanOrEquals', '2026-04-10'],
  [`property.${s.property.due}`, 'GreaterThan', '2026-04-10'],
  [`property.${s.property.due}`, 'GreaterThanOrEquals', '2026-04-10'],
  [`property.${s.property.kind}`, 'Equals', 'underground'],
  [`property.${s.property.kind}`, 'NotEquals', 'underground'],
  [`property.${s.property.urgent}`, 'Equals', false],
  [`property.${s.property.urgent}`, 'NotEquals', true],
  [`property.${s.property.engineer}`, 'Contains', s.engineers[1]],
  [`property.${s.property.engineer}`, 'NotEquals', s.engineers[0]],
];
describe('filters', () => {
  it('applies each operator of each column type as the rows say', async () => {
    const tried = new Set<string>();
    for (const [dataId, operator, value] of cases()) {
      const tree = where(dataId, operator, value);
      const got = sorted(await idsFor(t, s.ownerMember, tree));
      expect(got, `${dataId} ${operator} ${String(value)}`).toEqual(expected(tree));
      tried.add(`${typeOf(dataId)}:${operator}`);
    }
    // Every operator of every filterable type was tried at least once.
    for (const column of columns.values()) {
      if (column.type === 'Duration') continue;
      for (const operator of column.operators)
        expect(tried, `${column.type} ${operator}`).toContain(`${column.type}:${operator}`);
    }
  });

  it('counts durations in whole days', async () => {
    const review = `task.${s.entries.review}.ElapsedTime`;
    const all = await idsFor(t, s.ownerMember, where(review, 'GreaterThanOrEquals', 0));
    expect(sorted(all)).toEqual([...ownerSees].sort());
    expect(await idsFor(t, s.ownerMember, where(review, 'LessThan', 0))).toEqual([]);
    // Stages not started yet have no elapsed time: only NotEquals keeps those permits.
    const survey = `stage.${s.entries.survey}.ElapsedTime`;
    const started = await idsFor(t, s.ownerMember, where(survey, 'GreaterThanOrEquals', 0));
    const notZero = await idsFor(t, s.ownerMember, where(survey, 'NotEquals', -1));
    expect(started.length).toBeGreaterThan(0);
    expect(started.length).toBeLessThan(notZero.length);
  });

  it("filters, sorts and sums by the days a task's clock has run, as the shared clock counts them", async () => {
    // Each visible permit's review clock gets its own start, kind of day, zone and holds; some are stopped,
    // and a few permits have none.
    const review = `task.${s.entries.review}.ElapsedTimeOnTimer`;
    const now = Date.now();
    const visible = [...ownerSees];
    const projectOf = new Map(
      (await t.db.selectFrom('permits').select(['id', 'project_id']).execute()).map((p) => [
        p.id,
        p.project_id,
      ]),
    );
    await t.db.deleteFrom('permit_timers').where('owner_key', '=', KEY.review).execute();
    const timers = visible.slice(2).map((permitId, i) => {
      const startedAt = new Date(now - (3 + i * 4.7) * DAY_MS);
      const held = i % 3 === 0;
      return {
        permit_id: permitId,
        project_id: projectOf.get(permitId)!,
        owner_key: KEY.review,
        owner_kind: 'Task' as const,
        owner_entry_id: s.entries.review,
        stage_key: KEY.intake,
        duration_days: 10,
        day_kind: i % 2 === 0 ? ('Business' as const) : ('Calendar' as const),
        pauses_on_hold: held,
        on_breach: JSON.stringify({ notify: [], flag: false }),
        time_zone: i % 4 === 1 ? 'America/New_York' : 'UTC',
        started_at: startedAt,
        stopped_at: i % 5 === 4 ? new Date(startedAt.getTime() + 1.5 * DAY_MS) : null,
        holds: JSON.stringify(
          held
            ? [{ from: new Date(startedAt.getTime() + (1 + i / 3) * DAY_MS).toISOString(), to: null }]
            : [],
        ),
        due_at: null,
      };
    });
    await t.db.insertInto('permit_timers').values(timers).execute();
    const read = await overviewData(
      t,
      s.ownerMember,
      {
        pageOptions: { page: 0, pageSize: 500 },
        columnOptions: [review],
        sortOptions: [{ dataId: review, direction: 'Descending' }],
        summaryRowOptions: [
          { dataId: review, metric: 'Max' },
          { dataId: review, metric: 'Average' },
          { dataId: review, metric: 'Count' },
        ],
      },
      '?includeSummary=true',
    );
    const shown = new Map(read.rows!.map((row) => [row.id, row.values[review] as number | null]));
    // What the shared clock reads for each stored timer.
    const stored = await t.db
      .selectFrom('permit_timers')
      .selectAll()
      .where('owner_key', '=', KEY.review)
      .execute();
    const clock = new Map(stored.map((row) => [row.permit_id, readRow(row, new Date()).elapsedOnTimerDays]));
    expect(clock.size).toBe(timers.length);
    for (const id of visible) {
      if (clock.has(id)) expect(shown.get(id)!, id).toBeCloseTo(clock.get(id)!, 4);
      else expect(shown.get(id), id).toBeNull();
    }
    const days = [...clock.values()];
    // Starts 4.7 days apart and holds from 1 to 4 days in give at least 7 different whole days whatever the
    // weekday and hour of the run (business clocks skip weekends).
    expect(new Set(days.map(Math.floor)).size).toBeGreaterThan(5);
    // Largest first, permits without a clock last.
    const order = read.rows!.map((row) => row.values[review] as number | null);
    const counted = order.filter((value) => value !== null);
    expect(counted).toEqual([...counted].sort((a, b) => b - a));
    expect(order.slice(counted.length).every((value) => value === null)).toBe(true);
    expect(read.summary![0]!.value).toBeCloseTo(Math.max(...days), 4);
    expect(read.summary![1]!.value).toBeCloseTo(days.reduce((a, b) => a + b, 0) / days.length, 4);
    expect(read.summary![2]!.value).toBe(days.length);
    // Filters compare whole days.
    const wholeDays = (keep: (whole: number) => boolean) =>
      [...clock]
        .filter(([, value]) => keep(Math.floor(value)))
        .map(([id]) => id)
        .sort();
    const middle = Math.floor(days.sort((a, b) => a - b)[Math.floor(days.length / 2)]!);
    expect(sorted(await idsFor(t, s.ownerMember, where(review, 'GreaterThanOrEquals', middle)))).toEqual(
      wholeDays((whole) => whole >= middle),
    );
    expect(sorted(await idsFor(t, s.ownerMember, where(review, 'LessThan', middle)))).toEqual(
      wholeDays((whole) => whole < middle),
    );
    expect(sorted(await idsFor(t, s.ownerMember, where(review, 'Equals', middle)))).toEqual(
      wholeDays((whole) => whole === middle),
    );
    // A lower bound first keeps the clocks that have spanned long enough; at every whole day a clock
    // shows (on business days, paused or stopped, its days fall well short of the time it spans), it
    // keeps exactly the clocks the shared clock puts there or past.
    for (const whole of new Set(days.map(Math.floor))) {
      expect(
        sorted(await idsFor(t, s.ownerMember, where(review, 'GreaterThan', whole - 1))),
        `> ${whole - 1}`,
      ).toEqual(wholeDays((value) => value > whole - 1));
      expect(sorted(await idsFor(t, s.ownerMember, where(review, 'Equals', whole))), `= ${whole}`).toEqual(
        wholeDays((value) => value === whole),
      );
    }
    // NotEquals also keeps the permits whose clock never started.
    const notMiddle = await idsFor(t, s.ownerMember, where(review, 'NotEquals', middle));
    expect(sorted(notMiddle)).toEqual(
      visible.filter((id) => !clock.has(id) || Math.floor(clock.get(id)!) !== middle).sort(),
    );
    // A bound larger than any clock keeps none (and is no error).
    expect(await idsFor(t, s.ownerMember, where(review, 'GreaterThanOrEquals', 1e12))).toEqual([]);
    // A clock that starts later than the database's clock has run 0 days: a bound of 0 keeps it.
    const early = visible[2]!;
    await t.db
      .updateTable('permit_timers')
      .set({ started_at: new Date(Date.now() + DAY_MS), stopped_at: null, holds: JSON.stringify([]) })
      .where('permit_id', '=', early)
      .where('owner_key', '=', KEY.review)
      .execute();
    expect(await idsFor(t, s.ownerMember, where(review, 'Equals', 0))).toContain(early);
    expect(await idsFor(t, s.ownerMember, where(review, 'GreaterThanOrEquals', 0))).toContain(early);
  });

  it('combines nested And and Or groups, leaving out incomplete rows and empty groups', async () => {
    const tree: FilterGroup = {
      condition: 'Or',
      rows: [
        { id: 'a', dataId: 'permit.Status', operator: 'Equals', value: 'CancelRequested' },
        { id: 'b', dataId: 'permit.Location', operator: 'Contains', value: '  ' },
      ],
      groups: [
        {
          condition: 'And',
          rows: [
            { id: 'c', dataId: 'project.ProjectCode', operator: 'Equals', value: 'OVA' },
            { id: 'd', dataId: `task.${s.entries.review}.Status`, operator: 'NotEquals', value: 'Completed' },
          ],
          groups: [
            {
              condition: 'Or',
              rows: [
                { id: 'e', dataId: 'permit.ActualPoles', operator: 'LessThan', value: 4 },
                { id: 'f', dataId: `property.${s.property.kind}`, operator: 'Equals', value: 'aerial' },
              ],
              groups: [],
            },
          ],
        },
        { condition: 'And', rows: [{ id: 'g', dataId: null, operator: 'Equals', value: 'x' }], groups: [] },
      ],
    };
    const got = sorted(await idsFor(t, s.ownerMember, tree));
    expect(got).toEqual(expected(tree));
    expect(got.length).toBeGreaterThan(1);
    expect(got.length).toBeLessThan(ownerSees.size);
  });

  it('finds search text in the permit number, location, applicant and project', async () => {
    const search = async (text: string) =>
      sorted(await idsFor(t, s.ownerMember, null, { searchOptions: { text } }));
    const matching = (text: string) =>
      facts
        .filter((permit) =>
          [
            'permit.PermitNumber',
            'permit.Location',
            'permit.ApplicantName',
            'project.Name',
            'project.ProjectCode',
          ].some((dataId) =>
            String(permit.scalars[dataId] ?? '')
              .toLowerCase()
              .includes(text.toLowerCase()),
          ),
        )
        .map((permit) => permit.id)
        .filter((id) => ownerSees.has(id))
        .sort();
    for (const text of ['division', 'water', 'OVB-JU', 'other cable', 'dundas', '100%']) {
      expect(await search(text), text).toEqual(matching(text));
    }
    expect((await search('division')).length).toBeGreaterThan(0);
  });
});

describe('sorting, paging and the summary row', () => {
  it('sorts on two columns, empty values last', async () => {
    const data = await overviewData(t, s.ownerMember, {
      pageOptions: { page: 0, pageSize: 500 },
      columnOptions: ['project.ProjectCode', 'permit.ActualPoles', 'permit.CreateDate'],
      sortOptions: [
        { dataId: 'project.ProjectCode', direction: 'Descending' },
        { dataId: 'permit.ActualPoles', direction: 'Ascending' },
        { dataId: null, direction: 'Ascending' },
      ],
    });
    const keys = data.rows!.map((row) => [
      row.values['project.ProjectCode'],
      row.values['permit.ActualPoles'],
    ]);
    const wanted = [...keys].sort((a, b) => {
      if (a[0] !== b[0]) return String(b[0]).localeCompare(String(a[0]));
      if (a[1] === null) return b[1] === null ? 0 : 1;
      if (b[1] === null) return -1;
      return (a[1] as number) - (b[1] as number);
    });
    expect(keys).toEqual(wanted);
    expect(new Set(keys.map((key) => key[0]))).toEqual(new Set(['OVA', 'OVB']));
    expect(keys.some((key) => key[1] === null)).toBe(true);
  });

  it('pages through the rows in order, with the count of all of them', async () => {
    const body = { sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' as const }] };
    const all = await overviewData(t, s.ownerMember, { ...body, pageOptions: { page: 0, pageSize: 500 } });
    const pages: string[] = [];
    for (let page = 0; page < 3; page++) {
      const data = await overviewData(t, s.ownerMember, { ...body, pageOptions: { page, pageSize: 5 } });
      expect(data.total).toBe(ownerSees.size);
      expect(data.rows!.length).toBeLessThanOrEqual(5);
      pages.push(...data.rows!.map((row) => row.id));
    }
    expect(pages).toEqual(all.rows!.map((row) => row.id));
    const beyond = await overviewData(t, s.ownerMember, { ...body, pageOptions: { page: 9, pageSize: 5 } });
    expect(beyond.rows).toEqual([]);
  });

  it('sums the filtered rows with every metric, page 0 and page size 0 asking for no rows', async () => {
    const tree = where('permit.Status', 'NotEquals', 'Completed');
    const kept = facts.filter((permit) => expected(tree).includes(permit.id));
    const poles = kept
      .map((permit) => permit.scalars['permit.ActualPoles'])
      .filter((v): v is number => v !== null);
    const days = kept.map((permit) => (permit.scalars['permit.CreateDate'] as Date).toISOString()).sort();
    const data = await overviewData(
      t,
      s.ownerMember,
      {
        pageOptions: { page: 0, pageSize: 0 },
        filterOptions: tree,
        summaryRowOptions: [
          { dataId: 'permit.ActualPoles', metric: 'Count' },
          { dataId: 'permit.ActualPoles', metric: 'Sum' },
          { dataId: 'permit.ActualPoles', metric: 'Average' },
          { dataId: 'permit.ActualPoles', metric: 'Min' },
          { dataId: 'permit.ActualPoles', metric: 'Max' },
          { dataId: 'permit.CreateDate', metric: 'Min' },
          { dataId: 'permit.CreateDate', metric: 'Max' },
          { dataId: `property.${s.property.kind}`, metric: 'Count' },
        ],
      },
      '?includeSummary=true&includeCount=true&includeData=true',
    );
    const sum = poles.reduce((a, b) => a + b, 0);
    expect(data.rows).toEqual([]);
    expect(data.total).toBe(kept.length);
    expect(data.summary!.map((item) => item.value)).toEqual([
      poles.length,
      sum,
      sum / poles.length,
      Math.min(...poles),
      Math.max(...poles),
      days[0],
      days.at(-1),
      kept.filter((permit) => (permit.places[`property.${s.property.kind}`] ?? []).length > 0).length,
    ]);
  });

  it('answers only the parts asked for', async () => {
    const data = await overviewData(
      t,
      s.ownerMember,
      { columnOptions: ['permit.Status'] },
      '?includeCount=false&includeData=false&includeColumns=true',
    );
    expect(data).toMatchObject({ total: null, rows: null, summary: null, page: 0, pageSize: 50 });
    expect(data.columns!.map((column) => column.dataId)).toEqual(['permit.Status']);
  });

  it('runs the same few statements whatever the number of columns, filters and rows', async () => {
    const executor = t.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    const statementsFor = async (body: object, userId = s.ownerMember) => {
      spy.mockClear();
      await overviewData(t, userId, body as never, '?includeSummary=true');
      // The outbox relay polls on its own timer; its statement is not the request's.
      const texts = spy.mock.calls
        .map(([query]) => query.sql)
        .filter((text) => !/from "events" where "published_at" is null/.test(text));
      return {
        all: texts.length,
        overview: texts.filter((text) => /FROM permits p|workflow_templates wt|library_entries/.test(text)),
      };
    };
    try {
      // A caller's first page also reads the projects it sees and its columns; later pages check in the
      // same statement that these still hold.
      const newcomer = (await buildUser(t.db, { organizationId: s.ownerOrg, lastName: 'Newcomer' })).id;
      const first = await statementsFor({ pageOptions: { page: 0, pageSize: 1 } }, newcomer);
      const second = await statementsFor({ pageOptions: { page: 0, pageSize: 1 } }, newcomer);
      const small = await statementsFor({
        pageOptions: { page: 0, pageSize: 1 },
        columnOptions: ['permit.Status'],
      });
      const everything = [...columns.values()].map((column) => column.dataId);
      const large = await statementsFor({
        pageOptions: { page: 0, pageSize: 500 },
        columnOptions: everything,
        filterOptions: {
          condition: 'Or',
          rows: cases()
            .slice(0, 20)
            .map(([dataId, operator, value], i) => ({ id: String(i), dataId, operator, value })),
          groups: [],
        },
        sortOptions: [{ dataId: `property.${s.property.due}`, direction: 'Descending' }],
        summaryRowOptions: [{ dataId: 'permit.ActualPoles', metric: 'Average' }],
      });
      // Signing in (the user with their grants), the visible projects with the columns, then the page with
      // the count and the summary.
      expect(first.overview).toHaveLength(2);
      expect(first.all).toBe(3);
      // Then the page alone, whatever it asks: it also confirms the session kept since (see `SessionCheck`).
      for (const later of [second, small, large]) {
        expect(later.overview).toHaveLength(1);
        expect(later.all).toBe(1);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps user input out of the SQL text: every value is a bound parameter', async () => {
    const executor = t.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      const evil = "x'); DROP TABLE permits; --";
      await overviewData(t, s.ownerMember, {
        filterOptions: where('permit.Location', 'Contains', evil),
        searchOptions: { text: evil },
      });
      const texts = spy.mock.calls.map(([query]) => query.sql);
      expect(texts.some((text) => text.includes('DROP TABLE'))).toBe(false);
      expect(
        spy.mock.calls.some(([query]) => query.parameters.some((p) => String(p).includes('DROP TABLE'))),
      ).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('follows at once what the caller sees and may use, however recently it asked', async () => {
    const person = (await buildUser(t.db, { organizationId: s.ownerOrg, lastName: 'Recent' })).id;
    const seen = async () => sorted(await idsFor(t, person, null));
    expect(await seen()).toEqual([...(await seenOneByOne(t, person, s.permitIds))].sort());
    const inA = facts.filter((permit) => permit.scalars['project.ProjectCode'] === 'OVA').map((p) => p.id);
    expect(await seen()).toEqual(expect.arrayContaining(inA));

    const rowOf = (permitId: string) =>
      t.injectAs(person, {
        method: 'POST',
        url: `/api/joint-use/overview/row/${permitId}`,
        payload: { columnOptions: ['permit.Status'] },
      });
    expect((await rowOf(inA[0]!)).statusCode).toBe(200);

    // The person's own project permissions on A leave out ViewPermits: A's permits go at once.
    await grantOnly(t, { projectId: s.projects.a, organizationId: s.ownerOrg, userId: person }, [
      'CreatePermits',
    ]);
    const narrowed = await seen();
    expect(narrowed.filter((id) => inA.includes(id))).toEqual([]);
    expect(narrowed).toEqual([...(await seenOneByOne(t, person, s.permitIds))].sort());
    expect((await rowOf(inA[0]!)).statusCode).toBe(404);

    // A template published on a new project of the organization brings its stage's columns at once, and a
    // renamed library entry shows its new name.
    const stage = await buildEntry(t, 'stage', 'Recent Stage');
    const project = await buildProject(t.db, { ownerOrganizationId: s.ownerOrg, code: 'RECENT' });
    const definition = sampleDefinition(s.entries);
    definition.stages[0] = { ...definition.stages[0]!, libraryEntryId: stage };
    await buildPublishedTemplate(t.db, project.id, definition);
    const dataId = `stage.${stage}.ElapsedTime`;
    const body = { pageOptions: { page: 0, pageSize: 1 }, columnOptions: [dataId] };
    const named = async () =>
      (await overviewData(t, person, body, '?includeColumns=true')).columns!.map((c) => c.subjectName);
    expect(await named()).toEqual(['Recent Stage']);
    await t.db
      .updateTable('library_entries')
      .set({ name: 'Renamed Stage' })
      .where('id', '=', stage)
      .execute();
    expect(await named()).toEqual(['Renamed Stage']);
  });
});
