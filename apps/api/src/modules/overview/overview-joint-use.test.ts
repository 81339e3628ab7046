import type { OverviewColumn } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildPermit } from '../../../test/factories.ts';
import { dataOf } from '../permits/test-scene.ts';
import type { OverviewScene, PermitFacts } from './overview-scene.ts';
import {
  columnsOf,
  idsFor,
  joinAsAttacher,
  openOverviewScene,
  overviewAs,
  overviewData,
  seenOneByOne,
  where,
} from './overview-test-kit.ts';

// The joint use project's columns: the pole owner of each permit's project, and the role the caller's
// organization has there, which is what an organization that both owns poles and attaches to others' sorts
// its permits by.

let t: TestApp;
let s: OverviewScene;
let facts: PermitFacts[];

const POLE_OWNER = 'jointUseProject.PoleOwner';
const YOUR_ROLE = 'jointUseProject.YourRole';
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  ({ t, s, facts } = await openOverviewScene());
});
afterAll(() => t.close());

const ownerOf = (permitId: string) =>
  facts.find((permit) => permit.id === permitId)!.scalars[POLE_OWNER] as string;

describe('the joint use project columns', () => {
  it('are offered after the project columns, with the visible projects’ pole owners as options', async () => {
    const groups = dataOf(
      await t.injectAs(s.attacherManager, { method: 'GET', url: '/api/joint-use/options/permits/columns' }),
    ) as { subjectKind: string; columns: OverviewColumn[] }[];
    expect(groups.map((group) => group.subjectKind).slice(0, 3)).toEqual([
      'Project',
      'JointUseProject',
      'Permit',
    ]);
    const [poleOwner, yourRole] = groups[1]!.columns;
    // The attacher applies under both pole owners; the options are sorted by name.
    expect(poleOwner).toMatchObject({
      dataId: POLE_OWNER,
      name: 'Pole Owner',
      type: 'Enum',
      operators: ['Equals', 'NotEquals'],
      sortable: true,
      options: [
        { value: s.secondOwnerOrg, label: 'Outsider Wireless' },
        { value: s.ownerOrg, label: 'Owner Electric' },
      ],
    });
    expect(yourRole).toMatchObject({
      dataId: YOUR_ROLE,
      name: 'Your Role',
      options: [
        { value: 'PoleOwner', label: 'Pole owner' },
        { value: 'AttacherOrg', label: 'Attacher' },
      ],
    });
    // The pole owner of projects A and B sees no other pole owner.
    expect((await columnsOf(t, s.ownerMember)).get(POLE_OWNER)?.options).toEqual([
      { value: s.ownerOrg, label: 'Owner Electric' },
    ]);
  });

  it('show, filter and sort by the pole owner among the permits the caller sees', async () => {
    const seen = await seenOneByOne(t, s.attacherManager, s.permitIds);
    const underSecond = [...seen].filter((id) => ownerOf(id) === s.secondOwnerOrg);
    expect(underSecond.length).toBeGreaterThan(0);
    expect(underSecond.length).toBeLessThan(seen.size);

    const kept = await idsFor(t, s.attacherManager, where(POLE_OWNER, 'Equals', s.secondOwnerOrg));
    expect(sorted(kept)).toEqual(sorted(underSecond));
    const left = await idsFor(t, s.attacherManager, where(POLE_OWNER, 'NotEquals', s.secondOwnerOrg));
    expect(sorted(left)).toEqual(sorted([...seen].filter((id) => !underSecond.includes(id))));

    // Sorted by the pole owner's name: Outsider Wireless before Owner Electric.
    const data = await overviewData(
      t,
      s.attacherManager,
      {
        pageOptions: { page: 0, pageSize: 500 },
        columnOptions: [POLE_OWNER, YOUR_ROLE],
        sortOptions: [{ dataId: POLE_OWNER, direction: 'Ascending' }],
        summaryRowOptions: [{ dataId: POLE_OWNER, metric: 'Count' }],
      },
      '?includeSummary=true&includeCount=true',
    );
    const owners = data.rows!.map((row) => row.values[POLE_OWNER]);
    expect(owners).toEqual(data.rows!.map((row) => ownerOf(row.id)));
    expect(owners.lastIndexOf(s.secondOwnerOrg)).toBe(underSecond.length - 1);
    expect(owners.indexOf(s.ownerOrg)).toBe(underSecond.length);
    expect(data.rows!.every((row) => row.values[YOUR_ROLE] === 'AttacherOrg')).toBe(true);
    expect(data.total).toBe(seen.size);
    expect(data.summary).toEqual([{ dataId: POLE_OWNER, metric: 'Count', value: seen.size }]);
  });

  it('refuses a pole owner that is not among the options, naming the value', async () => {
    const res = await overviewAs(t, s.ownerMember, {
      filterOptions: where(POLE_OWNER, 'Equals', s.secondOwnerOrg),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'body.filterOptions.rows.0.value', message: 'Must be one of the options' },
    ]);
  });

  it('tell an organization’s own projects from those it attaches to, and follow a renamed pole owner', async () => {
    const ownerSaw = await seenOneByOne(t, s.ownerMember, s.permitIds);
    const columns = { pageOptions: { page: 0, pageSize: 500 }, columnOptions: [POLE_OWNER, YOUR_ROLE] };
    // Kept by the server for the next requests: what follows must not be answered from it.
    await overviewData(t, s.ownerMember, columns, '?includeColumns=true');

    // The pole owner of A and B also attaches on C, owned by the second pole owner, and applies there once.
    await joinAsAttacher(t, s.projects.c, s.ownerOrg);
    const template = await t.db
      .selectFrom('workflow_templates')
      .select('id')
      .where('project_id', '=', s.projects.c)
      .executeTakeFirstOrThrow();
    const applied = await buildPermit(t.db, {
      projectId: s.projects.c,
      templateId: template.id,
      applicantOrganizationId: s.ownerOrg,
    });

    const attaching = await idsFor(t, s.ownerMember, where(YOUR_ROLE, 'Equals', 'AttacherOrg'));
    expect(attaching).toEqual([applied.id]);
    const owning = await idsFor(t, s.ownerMember, where(YOUR_ROLE, 'Equals', 'PoleOwner'));
    expect(sorted(owning)).toEqual(sorted([...ownerSaw]));
    expect(await idsFor(t, s.ownerMember, where(YOUR_ROLE, 'NotEquals', 'PoleOwner'))).toEqual([applied.id]);
    expect(sorted(await idsFor(t, s.ownerMember, where(YOUR_ROLE, 'NotEquals', 'AttacherOrg')))).toEqual(
      sorted(owning),
    );

    const row = dataOf(
      await t.injectAs(s.ownerMember, {
        method: 'POST',
        url: `/api/joint-use/overview/row/${applied.id}`,
        payload: { columnOptions: [POLE_OWNER, YOUR_ROLE] },
      }),
    );
    expect(row.cells).toEqual([s.secondOwnerOrg, 'AttacherOrg']);

    // The second pole owner is renamed: the options the overview answers with follow at once.
    await t.db
      .updateTable('organizations')
      .set({ name: 'Valley Power' })
      .where('id', '=', s.secondOwnerOrg)
      .execute();
    const after = await overviewData(t, s.ownerMember, columns, '?includeColumns=true');
    expect(after.columns!.find((column) => column.dataId === POLE_OWNER)?.options).toEqual([
      { value: s.ownerOrg, label: 'Owner Electric' },
      { value: s.secondOwnerOrg, label: 'Valley Power' },
    ]);
    expect(after.rows!.find((found) => found.id === applied.id)?.values[YOUR_ROLE]).toBe('AttacherOrg');
  });
});
