import {
  type FilterOperator,
  type OverviewColumn,
  OverviewRow,
  rowByColumn,
  wallClockText,
} from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import type { TestApp } from '../../../test/app.ts';
import { buildOrg, buildProject, buildPublishedTemplate, buildUser } from '../../../test/factories.ts';
import { UNKNOWN_ID } from '../../../test/project-scene.ts';
import { buildEntry, dataOf } from '../permits/test-scene.ts';
import type { OverviewScene, PermitFacts } from './overview-scene.ts';
import {
  columnsOf,
  idsFor,
  openOverviewScene,
  overviewAs,
  overviewData,
  seenOneByOne,
  where,
} from './overview-test-kit.ts';

let t: TestApp;
let s: OverviewScene;
let facts: PermitFacts[];
let columns: Map<string, OverviewColumn>;
/** What the pole owner of projects A and B sees, checked one by one. */
let ownerSees: Set<string>;

const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  ({ t, s, facts, columns, ownerSees: ownerSees } = await openOverviewScene());
});
afterAll(() => t.close());

describe('who sees which permits', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/joint-use/permits/overview', payload: {} });
    expect(res.statusCode).toBe(401);
    const columnsRes = await t.app.inject({ method: 'GET', url: '/api/joint-use/options/permits/columns' });
    expect(columnsRes.statusCode).toBe(401);
  });

  it('shows each person exactly the permits the single-permit check lets them open', async () => {
    const people = [
      s.ownerMember,
      s.narrowedOwner,
      s.attacherManager,
      s.attacherMember,
      s.otherAttacherMember,
      s.secondOwnerMember,
    ];
    for (const userId of people) {
      const seen = await seenOneByOne(t, userId, s.permitIds);
      expect(sorted(await idsFor(t, userId, null)), userId).toEqual([...seen].sort());
    }
    // The scene is not trivial: people see different, non-empty sets.
    const sizes = await Promise.all(
      people.map(async (userId) => (await seenOneByOne(t, userId, s.permitIds)).size),
    );
    expect(new Set(sizes).size).toBeGreaterThan(3);
  });

  it('keeps a search to what each person sees', async () => {
    const matches = (id: string, text: string) => {
      const permit = facts.find((fact) => fact.id === id)!;
      const shown = ['permit.PermitNumber', 'permit.Location', 'permit.ApplicantName', 'project.Name'];
      return [...shown, 'project.ProjectCode'].some((dataId) =>
        String(permit.scalars[dataId] ?? '')
          .toLowerCase()
          .includes(text),
      );
    };
    const people = [s.ownerMember, s.attacherMember, s.otherAttacherMember, s.secondOwnerMember];
    for (const text of ['ov', 'street']) {
      for (const userId of people) {
        const seen = await seenOneByOne(t, userId, s.permitIds);
        const want = [...seen].filter((id) => matches(id, text)).sort();
        const got = await idsFor(t, userId, null, { searchOptions: { text } });
        expect(sorted(got), `${userId} ${text}`).toEqual(want);
        if (text === 'ov') expect(want.length, userId).toBeGreaterThan(0);
        // Newest first, the search keeps the permits as it finds them; sorted by a column, or summed, it reads
        // them again with their rows: both keep the same, and count it.
        const searched = await overviewData(t, userId, {
          pageOptions: { page: 0, pageSize: 500 },
          searchOptions: { text },
        });
        const bySort = await overviewData(t, userId, {
          pageOptions: { page: 0, pageSize: 500 },
          searchOptions: { text },
          sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' }],
        });
        expect(searched.total, `${userId} ${text}`).toBe(want.length);
        // Newest first: the same permits as the sorted request, in the order of a request without a search.
        const newest = await idsFor(t, userId, null);
        expect(
          searched.rows!.map((row) => row.id),
          `${userId} ${text}`,
        ).toEqual(newest.filter((id) => want.includes(id)));
        expect(bySort.total, `${userId} ${text}`).toBe(want.length);
        expect(sorted(bySort.rows!.map((row) => row.id)), `${userId} ${text}`).toEqual(want);
      }
    }
  });

  it("gives an attacher only its own organization's permits: rows, count and summary", async () => {
    // On all three projects, under both pole owners; only the attacher member's own set leaves C out.
    const mine = facts.filter((permit) => permit.scalars['permit.ApplicantName'] === 'Attacher Fiber');
    expect(new Set(mine.map((permit) => permit.scalars['project.ProjectCode']))).toEqual(
      new Set(['OVA', 'OVB', 'OVC']),
    );
    const data = await overviewData(
      t,
      s.attacherManager,
      {
        pageOptions: { page: 0, pageSize: 500 },
        columnOptions: ['permit.ApplicantName'],
        summaryRowOptions: [
          { dataId: 'permit.PermitNumber', metric: 'Count' },
          { dataId: 'permit.ActualPoles', metric: 'Sum' },
        ],
      },
      '?includeSummary=true',
    );
    expect(data.rows!.every((row) => row.values['permit.ApplicantName'] === 'Attacher Fiber')).toBe(true);
    expect(sorted(data.rows!.map((row) => row.id))).toEqual(sorted(mine.map((permit) => permit.id)));
    expect(data.total).toBe(mine.length);
    const poles = mine.reduce(
      (sum, permit) => sum + ((permit.scalars['permit.ActualPoles'] as number) ?? 0),
      0,
    );
    expect(data.summary).toEqual([
      { dataId: 'permit.PermitNumber', metric: 'Count', value: mine.length },
      { dataId: 'permit.ActualPoles', metric: 'Sum', value: poles },
    ]);
  });

  it("answers 404 for a row the caller may not see, and the row's columns otherwise", async () => {
    const other = facts.find((permit) => permit.scalars['permit.ApplicantName'] === 'Other Cable')!;
    const row = (userId: string) =>
      t.injectAs(userId, {
        method: 'POST',
        url: `/api/joint-use/overview/row/${other.id}`,
        payload: { columnOptions: ['permit.PermitNumber', 'permit.Status'] },
      });
    expect((await row(s.attacherManager)).statusCode).toBe(404);
    expect((await row(s.outsider)).statusCode).toBe(404);
    const unknown = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: `/api/joint-use/overview/row/${UNKNOWN_ID}`,
      payload: { columnOptions: [] },
    });
    expect(unknown.statusCode).toBe(404);
    const seer = ownerSees.has(other.id) ? s.ownerMember : s.secondOwnerMember;
    expect(dataOf(await row(seer))).toEqual({
      id: other.id,
      projectId: expect.any(String),
      cells: [other.scalars['permit.PermitNumber'], other.scalars['permit.Status']],
    });
  });
});

describe('the columns', () => {
  it('are grouped by subject kind, named after library entries, typed, with their options', async () => {
    const groups = dataOf(
      await t.injectAs(s.ownerMember, { method: 'GET', url: '/api/joint-use/options/permits/columns' }),
    );
    expect(groups.map((group: { subjectKind: string }) => group.subjectKind)).toEqual([
      'Project',
      'JointUseProject',
      'Permit',
      'Workflow',
      'Stage',
      'Task',
      'Property',
      'Metadata',
    ]);
    expect(columns.get(`property.${s.property.kind}`)).toMatchObject({
      name: 'Overview Kind',
      type: 'Enum',
      options: [
        { value: 'aerial', label: 'Aerial' },
        { value: 'underground', label: 'Underground' },
      ],
      operators: ['Equals', 'NotEquals'],
    });
    expect(columns.get(`task.${s.entries.design}.Status`)).toMatchObject({
      subjectKind: 'Task',
      subjectName: 'Design',
      type: 'Enum',
    });
    // Statuses read as everywhere else in the app, in sentence case.
    expect(columns.get(`task.${s.entries.design}.Status`)?.options?.map((o) => o.label)).toEqual([
      'Not started',
      'Ready to begin',
      'In progress',
      'Completed',
    ]);
    expect(columns.get('permit.Status')?.options?.find((o) => o.value === 'CancelRequested')?.label).toBe(
      'Cancel requested',
    );
    expect(columns.get(`stage.${s.entries.survey}.ActiveTask`)?.options?.map((o) => o.label)).toEqual([
      'Approve',
      'Design',
      'Field Walk',
    ]);
    expect(columns.get(`task.${s.entries.walk}.ElapsedTimeOnTimer`)).toMatchObject({
      type: 'Duration',
      operators: expect.arrayContaining(['NotEquals', 'GreaterThanOrEquals']),
      metrics: expect.arrayContaining(['Average', 'Max']),
      sortable: true,
    });
    expect(columns.get('permit.Metadata')).toMatchObject({ subjectKind: 'Metadata', operators: [] });
  });

  it('only come from the published templates of projects whose permits the caller sees', async () => {
    const hiddenStage = await buildEntry(t, 'stage', 'Hidden Stage');
    const stranger = await buildOrg(t.db, { name: 'Stranger Power' });
    const strangerUser = (await buildUser(t.db, { organizationId: stranger.id })).id;
    const project = await buildProject(t.db, { ownerOrganizationId: stranger.id, code: 'HIDE' });
    const definition = sampleDefinition(s.entries);
    definition.stages[0] = { ...definition.stages[0]!, libraryEntryId: hiddenStage };
    await buildPublishedTemplate(t.db, project.id, definition);
    const dataId = `stage.${hiddenStage}.ActiveTask`;
    expect((await columnsOf(t, strangerUser)).has(dataId)).toBe(true);
    expect((await columnsOf(t, s.ownerMember)).has(dataId)).toBe(false);
    const res = await overviewAs(t, s.ownerMember, { columnOptions: [dataId] });
    expect(res.statusCode).toBe(400);
  });

  it('shows the values of a row: people by name, metadata, choices and dates', async () => {
    const permitId = s.permitIds[0]!;
    const columnOptions = [
      'permit.CreateDate',
      'permit.Metadata',
      'workflow.ActiveStage',
      'workflow.NextUpTask',
      'workflow.NextUpTaskAssignees',
      `task.${s.entries.review}.PersonAssigned`,
      `task.${s.entries.review}.ElapsedTimeOnTimer`,
      `stage.${s.entries.intake}.ElapsedTime`,
      `property.${s.property.engineer}`,
      `property.${s.property.due}`,
      `property.${s.property.kind}`,
      `property.${s.entries.poleCount}`,
    ];
    const res = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: `/api/joint-use/overview/row/${permitId}`,
      payload: { columnOptions },
    });
    const row = OverviewRow.strict().parse(dataOf(res));
    expect(row.cells).toHaveLength(columnOptions.length);
    const { values } = rowByColumn(row, columnOptions);
    expect(values['permit.CreateDate']).toBe('2026-03-01T15:30:00.000Z');
    expect(values['permit.Metadata']).toEqual({
      workflow: expect.any(String),
      version: 1,
      files: 0,
      comments: 0,
    });
    expect(values['workflow.ActiveStage']).toBe(s.entries.intake);
    expect(values['workflow.NextUpTask']).toBe(s.entries.review);
    expect(values['workflow.NextUpTaskAssignees']).toEqual([
      { id: s.engineers[0], name: 'Ada Engineer' },
      { id: s.engineers[1], name: 'Bo Surveyor' },
    ]);
    expect(values[`task.${s.entries.review}.PersonAssigned`]).toEqual(values['workflow.NextUpTaskAssignees']);
    expect(values[`task.${s.entries.review}.ElapsedTimeOnTimer`]).toEqual(expect.any(Number));
    expect(values[`stage.${s.entries.intake}.ElapsedTime`]).toEqual(expect.any(Number));
    expect(values[`property.${s.property.engineer}`]).toEqual([{ id: s.engineers[0], name: 'Ada Engineer' }]);
    expect(values[`property.${s.property.due}`]).toBe('2026-04-01');
    expect(values[`property.${s.property.kind}`]).toBe('aerial');
    expect(values[`property.${s.entries.poleCount}`]).toBeNull();
  });

  it('shows on a page of every column the same cells as the row by row answer', async () => {
    // A page reads the cells of stages, tasks, values and assigned people in one pass per table for each row;
    // a single row reads each cell on its own. Durations run with the clock and are left out.
    const dataIds = [...columns.values()]
      .filter((column) => column.type !== 'Duration')
      .map((column) => column.dataId);
    const page = await overviewData(t, s.ownerMember, {
      pageOptions: { page: 0, pageSize: 500 },
      columnOptions: dataIds,
    });
    expect(sorted(page.rows!.map((row) => row.id))).toEqual(sorted([...ownerSees]));
    let peopleCells = 0;
    for (const row of page.rows!) {
      const res = await t.injectAs(s.ownerMember, {
        method: 'POST',
        url: `/api/joint-use/overview/row/${row.id}`,
        payload: { columnOptions: dataIds },
      });
      expect(row.values).toEqual(rowByColumn(OverviewRow.strict().parse(dataOf(res)), dataIds).values);
      peopleCells += dataIds.filter(
        (dataId) =>
          (dataId.endsWith('.PersonAssigned') || dataId.endsWith('Assignees')) && row.values[dataId] !== null,
      ).length;
    }
    // The people assigned to tasks were there to compare.
    expect(peopleCells).toBeGreaterThan(3);
  });
});

describe('refused requests', () => {
  const problemOf = async (body: object, userId = s.ownerMember) => {
    const res = await overviewAs(t, userId, body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json().errors as { field: string; message: string }[];
  };

  it('names an unknown column by its place in the body', async () => {
    const rows = [
      { id: 'a', dataId: 'permit.Status', operator: 'Equals', value: 'Active' },
      { id: 'b', dataId: 'permit.Status', operator: 'Equals', value: '' },
      { id: 'c', dataId: 'permit.Nothing', operator: 'Equals', value: 'x' },
    ];
    expect(await problemOf({ filterOptions: { condition: 'And', rows, groups: [] } })).toEqual([
      { field: 'body.filterOptions.rows.2.dataId', message: 'No such column among the ones you may use' },
    ]);
    expect(await problemOf({ columnOptions: ['permit.Status', `property.${UNKNOWN_ID}`] })).toEqual([
      { field: 'body.columnOptions.1', message: 'No such column among the ones you may use' },
    ]);
    expect(await problemOf({ sortOptions: [{ dataId: 'task.x.Status', direction: 'Ascending' }] })).toEqual([
      { field: 'body.sortOptions.0.dataId', message: 'No such column among the ones you may use' },
    ]);
  });

  it("refuses a column of a template the caller's projects do not use", async () => {
    const lonely = await t.db
      .insertInto('library_entries')
      .values({
        kind: 'property',
        name: 'Unused Anywhere',
        field_type: 'Text',
        render_options: '{}',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await problemOf({ columnOptions: [`property.${lonely.id}`] })).toHaveLength(1);
  });

  it('refuses an operator that does not fit the column type, and a value of the wrong type', async () => {
    const nested = {
      condition: 'Or',
      rows: [],
      groups: [
        {
          condition: 'And',
          rows: [
            { id: 'a', dataId: 'permit.Status', operator: 'LessThan', value: 'Active' },
            { id: 'b', dataId: 'permit.ActualPoles', operator: 'GreaterThan', value: 'three' },
            { id: 'c', dataId: 'permit.CreateDate', operator: 'Equals', value: 'Mar 01, 2026' },
            { id: 'd', dataId: 'permit.Status', operator: 'Equals', value: 'Pending' },
          ],
        },
      ],
    };
    expect(await problemOf({ filterOptions: nested })).toEqual([
      {
        field: 'body.filterOptions.groups.0.rows.0.operator',
        message: 'LessThan does not apply to Status; use Equals, NotEquals',
      },
      { field: 'body.filterOptions.groups.0.rows.1.value', message: 'Must be a number' },
      { field: 'body.filterOptions.groups.0.rows.2.value', message: 'Must be a date as YYYY-MM-DD' },
      { field: 'body.filterOptions.groups.0.rows.3.value', message: 'Must be one of the options' },
    ]);
    expect(await problemOf({ summaryRowOptions: [{ dataId: 'permit.Status', metric: 'Sum' }] })).toEqual([
      { field: 'body.summaryRowOptions.0.metric', message: 'Sum does not apply to Status; use Count' },
    ]);
  });

  it('refuses a tree nested too deep, too many rows or groups, and too large a page', async () => {
    const nest = (depth: number): object =>
      depth === 1
        ? {
            condition: 'And',
            rows: [{ id: 'x', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
          }
        : { condition: 'Or', groups: [nest(depth - 1)] };
    expect(dataOf(await overviewAs(t, s.ownerMember, { filterOptions: nest(5) })).rows).toBeDefined();
    const [deep] = await problemOf({ filterOptions: nest(6) });
    expect(deep).toEqual({
      field: 'body.filterOptions.groups.0.groups.0.groups.0.groups.0.groups.0',
      message: 'Filters nest at most 5 groups deep',
    });
    const many = Array.from({ length: 101 }, (_, i) => ({
      id: String(i),
      dataId: 'permit.Status',
      operator: 'Equals',
      value: 'Active',
    }));
    expect((await problemOf({ filterOptions: { condition: 'And', rows: many } }))[0]?.field).toBe(
      'body.filterOptions.rows',
    );
    expect((await problemOf({ pageOptions: { page: 0, pageSize: 501 } }))[0]?.field).toBe(
      'body.pageOptions.pageSize',
    );
    const groups = Array.from({ length: 101 }, () => ({ condition: 'Or' }));
    expect(await problemOf({ filterOptions: { condition: 'And', groups } })).toEqual([
      { field: 'body.filterOptions', message: 'At most 100 filter groups' },
    ]);
  });
});

describe("calendar days in the caller's time zone", () => {
  const zone = 'Pacific/Kiritimati';
  const idsIn = async (timeZone: string | null, operator: FilterOperator, day: string) => {
    const res = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: '/api/joint-use/permits/overview',
      headers: timeZone ? { 'x-timezone': timeZone } : {},
      payload: {
        pageOptions: { page: 0, pageSize: 500 },
        filterOptions: where('permit.CreateDate', operator, day),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sorted(dataOf(res).rows.map((row: { id: string }) => row.id));
  };

  it('filters moments by their calendar day in the zone of X-Timezone, as the table shows them', async () => {
    const created = facts
      .filter((permit) => ownerSees.has(permit.id))
      .map((permit) => ({ id: permit.id, at: permit.scalars['permit.CreateDate'] as Date }));
    const dayOf = (at: Date, timeZone: string) => wallClockText(at, timeZone).slice(0, 10);
    const day = dayOf(created.find((permit) => permit.id === s.permitIds[0])!.at, zone);
    const keeps: [FilterOperator, (other: string) => boolean][] = [
      ['Equals', (other) => other === day],
      ['NotEquals', (other) => other !== day],
      ['LessThan', (other) => other < day],
      ['LessThanOrEquals', (other) => other <= day],
      ['GreaterThan', (other) => other > day],
      ['GreaterThanOrEquals', (other) => other >= day],
    ];
    for (const [operator, keep] of keeps) {
      const expected = sorted(
        created.filter((permit) => keep(dayOf(permit.at, zone))).map((permit) => permit.id),
      );
      expect(await idsIn(zone, operator, day), operator).toEqual(expected);
    }
    // The same day in UTC, fourteen hours behind, is another span of time.
    const inUtc = sorted(
      created.filter((permit) => dayOf(permit.at, 'UTC') === day).map((permit) => permit.id),
    );
    expect(await idsIn(null, 'Equals', day)).toEqual(inUtc);
    expect(inUtc).not.toEqual(await idsIn(zone, 'Equals', day));
  });

  it('refuses a time zone it does not know, naming the header', async () => {
    const res = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: '/api/joint-use/permits/overview',
      headers: { 'x-timezone': 'Mars/Olympus_Mons' },
      payload: { pageOptions: { page: 0, pageSize: 10 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'headers.x-timezone', message: 'An IANA time zone, such as America/Chicago' },
    ]);
  });
});
