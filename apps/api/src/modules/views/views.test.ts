import {
  ALL_PERMITS_COLUMNS,
  ALL_PERMITS_VIEW_ID,
  type CustomView,
  type CustomViewInput,
  DEFAULT_DASHBOARD_VIEW_ID,
  HubEvent,
  MAX_OVERVIEW_COLUMNS,
} from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildProject, buildPublishedTemplate, buildUser, narrowOnProject } from '../../../test/factories.ts';
import { UNKNOWN_ID } from '../../../test/project-scene.ts';
import { buildProperty } from '../permits/tasks-test-scene.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from '../permits/test-scene.ts';

let t: TestApp;
let s: PermitScene;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  await sceneProject(t, s, 'VWS');
});
afterAll(() => t.close());

const BASE = '/api/joint-use/views';

const body = (overrides: Partial<CustomViewInput> = {}): CustomViewInput => ({
  name: 'Active poles',
  description: 'What is moving',
  type: 'Table',
  columnOptions: ['permit.PermitNumber', 'permit.Status', 'permit.ActualPoles'],
  filterOptions: {
    condition: 'And',
    rows: [
      { id: 'r1', dataId: 'permit.Status', operator: 'Equals', value: 'Active' },
      { id: 'r2', dataId: 'permit.Location', operator: 'Contains', value: '' },
    ],
    groups: [{ condition: 'Or', rows: [], groups: [] }],
  },
  sortOptions: [{ dataId: 'permit.ActualPoles', direction: 'Descending' }],
  summaryRowOptions: [{ dataId: 'permit.ActualPoles', metric: 'Sum' }],
  isSummaryVisible: true,
  ...overrides,
});

const create = async (userId: string, overrides: Partial<CustomViewInput> = {}) =>
  dataOf(await t.injectAs(userId, { method: 'POST', url: BASE, payload: body(overrides) }));

const get = (userId: string, id: string) => t.injectAs(userId, { method: 'GET', url: `${BASE}/${id}` });
const put = (userId: string, id: string, payload: CustomViewInput) =>
  t.injectAs(userId, { method: 'PUT', url: `${BASE}/${id}`, payload });
const byUser = (users: { userId: string; permission: string; name?: string }[]) =>
  [...users].map(({ name: _name, ...grant }) => grant).sort((a, b) => a.userId.localeCompare(b.userId));
/** Grants without the names the answer gives them. */
const grantsOf = (permissions: {
  users: { userId: string; permission: string; name?: string }[];
  organizations: { id: string; permission: string; name?: string }[];
}) => ({
  users: byUser(permissions.users),
  organizations: permissions.organizations.map(({ name: _name, ...grant }) => grant),
});
const fieldsOf = (res: { json(): { errors?: { field: string }[] } }) =>
  (res.json().errors ?? []).map((error) => error.field);

const ownedBy = async (userId: string) =>
  (await t.db.selectFrom('custom_views').select('id').where('owner_user_id', '=', userId).execute()).length;

const eventsOf = (type: string, viewId: string) =>
  t.db
    .selectFrom('events')
    .select(['user_id', 'organization_id', 'payload', 'connection_id'])
    .where('type', '=', type)
    .where(({ ref }) => ref('payload', '->>').key('viewId' as never), '=', viewId)
    .orderBy('id')
    .execute();
const sharedEvents = (viewId: string) => eventsOf('CustomViewShared', viewId);
/** Who heard that the view changed: each person and organization once a change. */
const changeHeardBy = async (viewId: string) =>
  (await eventsOf(HubEvent.ViewChanged, viewId)).map(
    (event) => event.user_id ?? `org:${event.organization_id}`,
  );

/** The columns, filter, sorts and summaries of a view as read, to send again. */
const optionsOf = (
  view: Pick<CustomView, 'columnOptions' | 'filterOptions' | 'sortOptions' | 'summaryRowOptions'>,
): Partial<CustomViewInput> => ({
  columnOptions: view.columnOptions,
  filterOptions: view.filterOptions,
  sortOptions: view.sortOptions,
  summaryRowOptions: view.summaryRowOptions,
});

/**
 * A view of the pole owner's manager showing, filtering, sorting and summing a property that only a new
 * project of the pole owner and the first attacher uses: the other attacher never sees that column.
 */
async function viewOnHiddenProperty(
  propertyName: string,
  code: string,
  permissions: NonNullable<CustomViewInput['permissions']>,
) {
  const property = await buildProperty(t, propertyName, 'Number');
  const definition = sampleDefinition(s.entries);
  definition.applicationForm = [{ libraryEntryId: property, required: false }];
  const project = await buildProject(t.db, {
    ownerOrganizationId: s.ownerOrg,
    attacherOrganizationIds: [s.attacherOrg],
    code,
  });
  await buildPublishedTemplate(t.db, project.id, definition);
  const column = `property.${property}`;
  const view = await create(s.ownerManager, {
    columnOptions: ['permit.PermitNumber', column],
    filterOptions: {
      condition: 'And',
      rows: [
        { id: 'h', dataId: column, operator: 'GreaterThan', value: 30 },
        { id: 'n', dataId: 'permit.PermitNumber', operator: 'Contains', value: 'VW' },
      ],
      groups: [],
    },
    sortOptions: [{ dataId: column, direction: 'Descending' }],
    summaryRowOptions: [{ dataId: column, metric: 'Average' }],
    permissions,
  });
  return { view, column, projectId: project.id };
}

describe('saved views', () => {
  it('creates a view, normalizing its filter, and reads it back', async () => {
    const view = await create(s.ownerMember);
    expect(view).toMatchObject({
      name: 'Active poles',
      type: 'Table',
      application: 'JointUse',
      columnOptions: ['permit.PermitNumber', 'permit.Status', 'permit.ActualPoles'],
      filterOptions: {
        condition: 'And',
        rows: [{ id: 'r1', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
        groups: [],
      },
      sortOptions: [{ dataId: 'permit.ActualPoles', direction: 'Descending' }],
      permissions: { users: [{ userId: s.ownerMember, permission: 'Manage' }], organizations: [] },
      ownerUserId: s.ownerMember,
      ownerOrganizationId: s.ownerOrg,
      isSystem: false,
      shared: false,
      canEdit: true,
      canManage: true,
      isFavorite: false,
      isDefault: false,
    });
    expect(dataOf(await get(s.ownerMember, view.id))).toEqual(view);
  });

  it('drops sorts, filters and summaries on columns the view does not show, and adds the project name', async () => {
    const view = await create(s.ownerMember, {
      columnOptions: ['permit.PermitNumber'],
      filterOptions: {
        condition: 'Or',
        rows: [
          { id: 'a', dataId: 'permit.Status', operator: 'Equals', value: 'Active' },
          { id: 'b', dataId: 'project.Name', operator: 'Contains', value: 'north' },
        ],
        groups: [],
      },
      sortOptions: [{ dataId: 'permit.ActualPoles', direction: 'Ascending' }, { direction: 'Ascending' }],
      summaryRowOptions: [{ dataId: 'permit.ActualPoles', metric: 'Sum' }],
    });
    expect(view.columnOptions).toEqual(['permit.PermitNumber', 'project.Name']);
    expect(view.filterOptions).toEqual({
      condition: 'Or',
      rows: [{ id: 'b', dataId: 'project.Name', operator: 'Contains', value: 'north' }],
      groups: [],
    });
    expect(view.sortOptions).toEqual([]);
    expect(view.summaryRowOptions).toEqual([]);
  });

  it('answers 400 naming the field for unknown columns, bad operators and values, and bad input', async () => {
    const res = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: BASE,
      payload: body({
        columnOptions: ['permit.PermitNumber', 'permit.Nope', 'permit.Status'],
        filterOptions: {
          rows: [
            { id: 'x', dataId: 'permit.Status', operator: 'Contains', value: 'Active' },
            { id: 'y', dataId: 'permit.Status', operator: 'Equals', value: 'Sideways' },
          ],
        },
        sortOptions: [{ dataId: 'task.nope.Status', direction: 'Ascending' }],
        summaryRowOptions: [{ dataId: 'permit.Status', metric: 'Sum' }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      'body.columnOptions.1',
      'body.filterOptions.rows.0.operator',
      'body.filterOptions.rows.1.value',
      'body.sortOptions.0.dataId',
      'body.summaryRowOptions.0.metric',
    ]);
    const blank = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: BASE,
      payload: body({ name: '  ' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual(['body.name']);
    // The system views' names are theirs, in any case; nothing is saved.
    const viewCount = async () =>
      (
        await t.db
          .selectFrom('custom_views')
          .select(({ fn }) => fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await viewCount();
    for (const name of ['All Permits', ' default dashboard ']) {
      const taken = await t.injectAs(s.ownerMember, { method: 'POST', url: BASE, payload: body({ name }) });
      expect(taken.statusCode).toBe(400);
      expect(fieldsOf(taken)).toEqual(['body.name']);
      expect(taken.json().errors[0].message).toMatch(/is the name of a view everyone has/);
    }
    expect(await viewCount()).toBe(before);
    const noColumns = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: BASE,
      payload: body({ columnOptions: [] }),
    });
    expect(fieldsOf(noColumns)).toEqual(['body.columnOptions']);
    const badType = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: BASE,
      payload: { ...body(), type: 'Chart' },
    });
    expect(fieldsOf(badType)).toEqual(['body.type']);
    const badId = await get(s.ownerMember, 'not-a-view');
    expect(badId.statusCode).toBe(400);
    expect(fieldsOf(badId)).toEqual(['params.id']);
  });

  it('counts the project-name column a filter adds towards the most columns a view shows (400)', async () => {
    // A project of the pole owner's whose template has as many properties as a view shows columns.
    const entries = await t.db
      .insertInto('library_entries')
      .values(
        Array.from({ length: MAX_OVERVIEW_COLUMNS }, (_, index) => ({
          kind: 'property' as const,
          name: `Views Wide ${index}`,
          field_type: 'Number' as const,
          render_options: JSON.stringify({}),
          updated_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    const definition = sampleDefinition(s.entries);
    definition.applicationForm = entries.map((entry) => ({ libraryEntryId: entry.id, required: false }));
    const project = await buildProject(t.db, { ownerOrganizationId: s.ownerOrg, code: 'VWW' });
    await buildPublishedTemplate(t.db, project.id, definition);
    const wide = entries.map((entry) => `property.${entry.id}`);
    const byProject = {
      columnOptions: wide,
      filterOptions: {
        condition: 'And' as const,
        rows: [{ id: 'p', dataId: 'project.Name', operator: 'Contains' as const, value: 'VWW' }],
        groups: [],
      },
      sortOptions: [],
      summaryRowOptions: [],
    };
    const before = await ownedBy(s.ownerManager);
    const created = await t.injectAs(s.ownerManager, { method: 'POST', url: BASE, payload: body(byProject) });
    expect(created.statusCode, created.body).toBe(400);
    expect(fieldsOf(created)).toEqual(['body.columnOptions']);
    expect(created.json().errors[0].message).toMatch(/at most 200 columns, the project name included/);
    expect(await ownedBy(s.ownerManager)).toBe(before);

    // One column fewer leaves room for the project name; overwriting with one more is refused the same way.
    const view = await create(s.ownerManager, { ...byProject, columnOptions: wide.slice(1) });
    expect(view.columnOptions).toHaveLength(MAX_OVERVIEW_COLUMNS);
    expect(view.columnOptions.at(-1)).toBe('project.Name');
    const overwritten = await put(s.ownerManager, view.id, body(byProject));
    expect(overwritten.statusCode, overwritten.body).toBe(400);
    expect(fieldsOf(overwritten)).toEqual(['body.columnOptions']);
    // The view as saved is one every later call takes: it saves again as it is.
    const again = await put(s.ownerManager, view.id, body(optionsOf(view)));
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf(again).columnOptions).toEqual(view.columnOptions);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['POST', BASE],
      ['GET', `${BASE}/${UNKNOWN_ID}`],
      ['PUT', `${BASE}/${UNKNOWN_ID}`],
      ['DELETE', `${BASE}/${UNKNOWN_ID}`],
      ['GET', `${BASE}/default`],
      ['GET', `${BASE}/manage`],
      ['GET', `${BASE}/prefs`],
      ['PUT', `${BASE}/prefs`],
      ['POST', `${BASE}/${UNKNOWN_ID}/favorite`],
      ['PUT', `${BASE}/${UNKNOWN_ID}/default`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload:
          method === 'GET' || method === 'DELETE'
            ? undefined
            : url === BASE || (method === 'PUT' && !url.endsWith('prefs'))
              ? body()
              : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('overwrites a view; a missing id is 404 and saves nothing', async () => {
    const view = await create(s.ownerMember);
    const updated = dataOf(
      await put(
        s.ownerMember,
        view.id,
        body({
          name: 'Renamed',
          type: 'Map',
          columnOptions: [],
          mapCenter: { lng: -79.4, lat: 43.7 },
          mapZoom: 11,
        }),
      ),
    );
    expect(updated).toMatchObject({
      id: view.id,
      name: 'Renamed',
      type: 'Map',
      mapCenter: { lng: -79.4, lat: 43.7 },
      mapZoom: 11,
    });
    expect(updated.permissions).toEqual(view.permissions);
    const before = await t.db
      .selectFrom('custom_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const missing = await put(s.ownerMember, UNKNOWN_ID, body({ name: 'Ghost' }));
    expect(missing.statusCode).toBe(404);
    const after = await t.db
      .selectFrom('custom_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const ghosts = await t.db.selectFrom('custom_views').select('id').where('name', '=', 'Ghost').execute();
    expect(ghosts).toEqual([]);
  });

  it('keeps system views read-only', async () => {
    const all = dataOf(await get(s.attacherMember, ALL_PERMITS_VIEW_ID));
    expect(all).toMatchObject({
      id: 'all',
      name: 'All Permits',
      type: 'Table',
      isSystem: true,
      canEdit: false,
      columnOptions: ALL_PERMITS_COLUMNS,
    });
    // Its columns are ones everyone may use, so the tracker can open it with no template published.
    const groups = dataOf(
      await t.injectAs(s.attacherMember, { method: 'GET', url: '/api/joint-use/options/permits/columns' }),
    );
    const offered = new Set(
      groups.flatMap((group: { columns: { dataId: string }[] }) =>
        group.columns.map((column) => column.dataId),
      ),
    );
    expect(ALL_PERMITS_COLUMNS.filter((dataId) => !offered.has(dataId))).toEqual([]);
    expect(ALL_PERMITS_COLUMNS).toHaveLength(10);
    expect((await put(s.ownerManager, ALL_PERMITS_VIEW_ID, body())).statusCode).toBe(403);
    expect((await t.injectAs(s.ownerManager, { method: 'DELETE', url: `${BASE}/all` })).statusCode).toBe(403);
    expect((await put(s.ownerManager, DEFAULT_DASHBOARD_VIEW_ID, body())).statusCode).toBe(403);
  });
});

describe('sharing', () => {
  it('View reads but cannot edit; Edit edits but cannot share; Manage shares and deletes; others get 404', async () => {
    const view = await create(s.ownerMember, {
      permissions: {
        users: [
          { userId: s.ownerManager, permission: 'View' },
          { userId: s.attacherMember, permission: 'Edit' },
          { userId: s.attacherManager, permission: 'Manage' },
        ],
        organizations: [],
      },
    });
    expect(view.shared).toBe(true);
    expect(view.permissions.users).toHaveLength(4);

    const asViewer = dataOf(await get(s.ownerManager, view.id));
    expect(asViewer).toMatchObject({ canEdit: false, canManage: false, shared: true });
    // Someone who does not manage the view is told of the owner's grant and their own, not who else has it.
    expect(byUser(asViewer.permissions.users)).toEqual(
      byUser([
        { userId: s.ownerMember, permission: 'Manage' },
        { userId: s.ownerManager, permission: 'View' },
      ]),
    );
    expect((await put(s.ownerManager, view.id, body({ name: 'Viewer edit' }))).statusCode).toBe(403);
    expect(
      (await t.injectAs(s.ownerManager, { method: 'DELETE', url: `${BASE}/${view.id}` })).statusCode,
    ).toBe(403);

    const edited = dataOf(await put(s.attacherMember, view.id, body({ name: 'Edited by editor' })));
    expect(edited).toMatchObject({ name: 'Edited by editor', canEdit: true, canManage: false });
    expect(byUser(edited.permissions.users)).toEqual(
      byUser([
        { userId: s.ownerMember, permission: 'Manage' },
        { userId: s.attacherMember, permission: 'Edit' },
      ]),
    );
    // The grants are as they were: the manager still reads them all.
    expect(dataOf(await get(s.attacherManager, view.id)).permissions).toEqual(view.permissions);
    const reshare = await put(
      s.attacherMember,
      view.id,
      body({
        permissions: { users: [{ userId: s.otherAttacherMember, permission: 'View' }], organizations: [] },
      }),
    );
    expect(reshare.statusCode).toBe(403);
    expect(
      (await t.injectAs(s.attacherMember, { method: 'DELETE', url: `${BASE}/${view.id}` })).statusCode,
    ).toBe(403);

    // An outsider, and a person of the scene it is not shared with, do not know it exists.
    expect((await get(s.outsider, view.id)).statusCode).toBe(404);
    expect((await get(s.otherAttacherMember, view.id)).statusCode).toBe(404);
    expect((await put(s.otherAttacherMember, view.id, body())).statusCode).toBe(404);

    // An attacher shares only with the people and organizations it sees through projects (its own and the
    // pole owner's); the pole owner sees, and may share with, every organization of its projects. A grant
    // the view already holds is kept by whoever saves it.
    const withOtherAttacher = {
      users: [...view.permissions.users, { userId: s.otherAttacherMember, permission: 'View' as const }],
      organizations: [{ id: s.otherAttacherOrg, permission: 'View' as const }],
    };
    const fromAttacher = await put(s.attacherManager, view.id, body({ permissions: withOtherAttacher }));
    expect(fromAttacher.statusCode).toBe(400);
    expect(fieldsOf(fromAttacher)).toEqual([
      'body.permissions.users.4.userId',
      'body.permissions.organizations.0.id',
    ]);
    const fromOwner = dataOf(
      await put(
        s.ownerMember,
        view.id,
        body({ permissions: { ...withOtherAttacher, users: view.permissions.users } }),
      ),
    );
    expect(grantsOf(fromOwner.permissions).organizations).toEqual([
      { id: s.otherAttacherOrg, permission: 'View' },
    ]);

    const managed = dataOf(
      await put(
        s.attacherManager,
        view.id,
        body({
          permissions: {
            users: [
              { userId: s.attacherMember, permission: 'None' },
              { userId: s.attacherManager, permission: 'Manage' },
            ],
            organizations: [{ id: s.otherAttacherOrg, permission: 'View' }],
          },
        }),
      ),
    );
    // The owner keeps Manage; None removes the person.
    expect(byUser(managed.permissions.users)).toEqual(
      byUser([
        { userId: s.ownerMember, permission: 'Manage' },
        { userId: s.attacherManager, permission: 'Manage' },
      ]),
    );
    expect(grantsOf(managed.permissions).organizations).toEqual([
      { id: s.otherAttacherOrg, permission: 'View' },
    ]);
    expect((await get(s.attacherMember, view.id)).statusCode).toBe(404);
    expect(dataOf(await get(s.otherAttacherMember, view.id))).toMatchObject({ canEdit: false, shared: true });

    expect(
      (await t.injectAs(s.attacherManager, { method: 'DELETE', url: `${BASE}/${view.id}` })).statusCode,
    ).toBe(200);
    expect((await get(s.ownerMember, view.id)).statusCode).toBe(404);
  });

  it('does not tell one organization a view is shared with which others have it', async () => {
    const view = await create(s.ownerMember, {
      permissions: {
        users: [],
        organizations: [
          { id: s.attacherOrg, permission: 'View' },
          { id: s.otherAttacherOrg, permission: 'View' },
        ],
      },
    });
    const asAttacher = dataOf(await get(s.attacherMember, view.id));
    expect(asAttacher.shared).toBe(true);
    expect(grantsOf(asAttacher.permissions)).toEqual({
      users: [{ userId: s.ownerMember, permission: 'Manage' }],
      organizations: [{ id: s.attacherOrg, permission: 'View' }],
    });
    expect(grantsOf(dataOf(await get(s.otherAttacherMember, view.id)).permissions).organizations).toEqual([
      { id: s.otherAttacherOrg, permission: 'View' },
    ]);
    expect(dataOf(await get(s.ownerMember, view.id)).permissions.organizations).toHaveLength(2);
    // Each grant is named, so the share dialog names everyone who has the view.
    const organization = await t.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', s.attacherOrg)
      .executeTakeFirstOrThrow();
    const owner = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', s.ownerMember)
      .executeTakeFirstOrThrow();
    expect(asAttacher.permissions.organizations[0].name).toBe(organization.name);
    expect(asAttacher.permissions.users[0].name).toBe(`${owner.first_name} ${owner.last_name}`);
  });

  it('answers a manager who shares a view away from itself with the view as saved', async () => {
    const view = await create(s.ownerMember, {
      permissions: { users: [{ userId: s.ownerManager, permission: 'Manage' }], organizations: [] },
    });
    const saved = dataOf(
      await put(s.ownerManager, view.id, body({ permissions: { users: [], organizations: [] } })),
    );
    expect(saved).toMatchObject({ canEdit: false, canManage: false, shared: false });
    expect(byUser(saved.permissions.users)).toEqual([{ userId: s.ownerMember, permission: 'Manage' }]);
    expect((await get(s.ownerManager, view.id)).statusCode).toBe(404);
  });

  it('opens a shared view with only the columns, filters, sorts and summaries the reader may use', async () => {
    const { view, column } = await viewOnHiddenProperty('Views Pole Height', 'VWP', {
      users: [],
      organizations: [{ id: s.otherAttacherOrg, permission: 'View' }],
    });
    expect(view.columnOptions).toEqual(['permit.PermitNumber', column]);

    const seen = dataOf(await get(s.otherAttacherMember, view.id));
    expect(seen.columnOptions).toEqual(['permit.PermitNumber']);
    expect(seen.filterOptions.rows.map((row: { id: string }) => row.id)).toEqual(['n']);
    expect(seen.sortOptions).toEqual([]);
    expect(seen.summaryRowOptions).toEqual([]);
    // The reader's overview accepts what it got.
    const overview = await t.injectAs(s.otherAttacherMember, {
      method: 'POST',
      url: '/api/joint-use/permits/overview',
      payload: optionsOf(seen),
    });
    expect(overview.statusCode, overview.body).toBe(200);
    // The owner still has it all.
    expect(dataOf(await get(s.ownerManager, view.id)).sortOptions).toEqual([
      { dataId: column, direction: 'Descending' },
    ]);
  });

  it('keeps the parts of a view a sharee cannot see when the sharee saves it, and refuses other changes (409)', async () => {
    const sharer = (await buildUser(t.db, { organizationId: s.otherAttacherOrg })).id;
    const { view } = await viewOnHiddenProperty('Views Kept Height', 'VWK', {
      users: [{ userId: sharer, permission: 'Manage' }],
      organizations: [{ id: s.otherAttacherOrg, permission: 'Edit' }],
    });
    const whole = optionsOf(view);
    const stored = async () => {
      const saved = dataOf(await get(s.ownerManager, view.id));
      return { name: saved.name, options: optionsOf(saved) };
    };
    const seen = dataOf(await get(s.otherAttacherMember, view.id));
    expect(seen.columnOptions).toEqual(['permit.PermitNumber']);
    const shown = optionsOf(seen);

    // Saved back as shown, with a new name: the name changes, the parts the editor cannot see stay.
    const renamed = dataOf(
      await put(s.otherAttacherMember, view.id, body({ ...shown, name: 'Renamed by a sharee' })),
    );
    expect(renamed).toMatchObject({ name: 'Renamed by a sharee', ...shown });
    expect(await stored()).toEqual({ name: 'Renamed by a sharee', options: whole });

    // Shared again by a sharee who manages it (the share dialog sends the view as shown): the same.
    const reshared = dataOf(
      await put(
        sharer,
        view.id,
        body({
          ...shown,
          name: 'Shared by a sharee',
          permissions: {
            users: [{ userId: sharer, permission: 'Manage' }],
            organizations: [{ id: s.otherAttacherOrg, permission: 'View' }],
          },
        }),
      ),
    );
    expect(grantsOf(reshared.permissions).organizations).toEqual([
      { id: s.otherAttacherOrg, permission: 'View' },
    ]);
    expect(await stored()).toEqual({ name: 'Shared by a sharee', options: whole });

    // Other changes would remove what the sharee cannot see: refused, nothing written, and it says why.
    const changed = await put(
      sharer,
      view.id,
      body({
        ...shown,
        name: 'Changed by a sharee',
        columnOptions: ['permit.PermitNumber', 'permit.Status'],
      }),
    );
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().detail).toBe(
      'This view uses columns or filters on projects you do not see, so your changes can only be saved as a new view.',
    );
    expect(await stored()).toEqual({ name: 'Shared by a sharee', options: whole });

    // Someone who sees the whole view overwrites it as before.
    const owners = dataOf(
      await put(s.ownerManager, view.id, body({ name: 'Owner again', columnOptions: ['permit.Status'] })),
    );
    expect(owners).toMatchObject({ name: 'Owner again', columnOptions: ['permit.Status'] });
    expect(
      dataOf(await put(sharer, view.id, body({ columnOptions: ['permit.PermitNumber'] }))),
    ).toMatchObject({ columnOptions: ['permit.PermitNumber'] });
  });

  it('lets a sharee change a view whose hidden parts are gone for everyone (their project deleted)', async () => {
    const { view, projectId } = await viewOnHiddenProperty('Views Gone Height', 'VWG', {
      users: [],
      organizations: [{ id: s.otherAttacherOrg, permission: 'Edit' }],
    });
    const seen = optionsOf(dataOf(await get(s.otherAttacherMember, view.id)));
    const change = body({ ...seen, columnOptions: ['permit.PermitNumber', 'permit.Status'] });
    // While the property is in a published template, someone sees it: the sharee's change is refused.
    expect((await put(s.otherAttacherMember, view.id, change)).statusCode).toBe(409);

    await t.db.deleteFrom('projects').where('id', '=', projectId).execute();
    const saved = await put(s.otherAttacherMember, view.id, change);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.db
      .selectFrom('custom_views')
      .select(['column_options', 'sort_options', 'summary_row_options'])
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      column_options: ['permit.PermitNumber', 'permit.Status'],
      sort_options: [],
      summary_row_options: [],
    });
  });

  it("saves the owner's changes as sent, though the view uses columns the owner no longer sees", async () => {
    const { view, projectId } = await viewOnHiddenProperty('Views Owner Left', 'VWO', {
      users: [],
      organizations: [],
    });
    // The owner's own permissions on the project no longer let them see its permits, nor its columns.
    await narrowOnProject(t.db, { projectId: projectId, organizationId: s.ownerOrg, userId: s.ownerManager });
    const seen = dataOf(await get(s.ownerManager, view.id));
    expect(seen.columnOptions).toEqual(['permit.PermitNumber']);
    const saved = await put(
      s.ownerManager,
      view.id,
      body({ ...optionsOf(seen), columnOptions: ['permit.PermitNumber', 'permit.Status'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.db
      .selectFrom('custom_views')
      .select(['column_options', 'sort_options'])
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ column_options: ['permit.PermitNumber', 'permit.Status'], sort_options: [] });
  });

  it('lets an editor send back the grants it read: only the grants it was shown, unchanged', async () => {
    const view = await create(s.ownerMember, {
      permissions: {
        users: [
          { userId: s.attacherMember, permission: 'Edit' },
          { userId: s.attacherManager, permission: 'Manage' },
        ],
        organizations: [{ id: s.otherAttacherOrg, permission: 'View' }],
      },
    });
    const told = (await sharedEvents(view.id)).length;
    const read = dataOf(await get(s.attacherMember, view.id));
    expect(grantsOf(read.permissions)).toEqual({
      users: byUser([
        { userId: s.ownerMember, permission: 'Manage' },
        { userId: s.attacherMember, permission: 'Edit' },
      ]),
      organizations: [],
    });
    const saved = await put(
      s.attacherMember,
      view.id,
      body({ name: 'Saved with its grants', permissions: read.permissions }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // Every grant stays, those the editor was not shown among them, and nobody is told it was shared.
    const all = dataOf(await get(s.ownerMember, view.id));
    expect(all.name).toBe('Saved with its grants');
    expect(grantsOf(all.permissions)).toEqual(grantsOf(view.permissions));
    expect(await sharedEvents(view.id)).toHaveLength(told);
    // A change of the grants shown is still the managers' call.
    for (const permissions of [
      { users: read.permissions.users, organizations: [{ id: s.attacherOrg, permission: 'View' as const }] },
      {
        users: [{ userId: s.attacherMember, permission: 'Manage' as const }],
        organizations: [],
      },
      { users: [], organizations: [] },
    ]) {
      const refused = await put(s.attacherMember, view.id, body({ permissions }));
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe(
        'Only people who manage this view may change who it is shared with.',
      );
    }
    expect(grantsOf(dataOf(await get(s.ownerMember, view.id)).permissions)).toEqual(
      grantsOf(view.permissions),
    );
  });

  it('grants through the organization: Edit there lets every member edit', async () => {
    const view = await create(s.ownerManager, {
      permissions: { users: [], organizations: [{ id: s.attacherOrg, permission: 'Edit' }] },
    });
    expect(view.shared).toBe(true);
    expect(dataOf(await get(s.attacherMember, view.id))).toMatchObject({ canEdit: true, canManage: false });
    expect((await put(s.attacherMember, view.id, body({ name: 'Org edit' }))).statusCode).toBe(200);
    expect((await get(s.otherAttacherMember, view.id)).statusCode).toBe(404);
  });

  it('refuses people and organizations the caller does not share a project with', async () => {
    const before = await ownedBy(s.ownerMember);
    const res = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: BASE,
      payload: body({
        permissions: {
          users: [
            { userId: s.attacherMember, permission: 'View' },
            { userId: s.outsider, permission: 'View' },
          ],
          organizations: [
            { id: s.outsiderOrg, permission: 'View' },
            { id: UNKNOWN_ID, permission: 'Edit' },
          ],
        },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      'body.permissions.users.1.userId',
      'body.permissions.organizations.0.id',
      'body.permissions.organizations.1.id',
    ]);
    // Nothing was saved.
    expect(await ownedBy(s.ownerMember)).toBe(before);
    const shares = await t.db
      .selectFrom('custom_view_user_permissions')
      .select('view_id')
      .where('user_id', '=', s.outsider)
      .execute();
    expect(shares).toEqual([]);
  });

  it('saves nothing when the share cannot be announced', async () => {
    const before = await ownedBy(s.ownerMember);
    const record = vi.spyOn(t.app.events, 'record').mockRejectedValueOnce(new Error('outbox unavailable'));
    try {
      const res = await t.injectAs(s.ownerMember, {
        method: 'POST',
        url: BASE,
        payload: body({
          name: 'Never saved',
          permissions: { users: [{ userId: s.attacherMember, permission: 'View' }], organizations: [] },
        }),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      record.mockRestore();
    }
    expect(await ownedBy(s.ownerMember)).toBe(before);
  });

  it('records CustomViewShared for the newly shared people and organizations, in the same transaction', async () => {
    const view = await create(s.ownerMember, {
      permissions: { users: [{ userId: s.attacherMember, permission: 'View' }], organizations: [] },
    });
    let events = await sharedEvents(view.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ user_id: s.attacherMember, organization_id: null });
    expect(events[0]!.payload).toMatchObject({
      viewId: view.id,
      name: 'Active poles',
      sharedByUserId: s.ownerMember,
      permission: 'View',
    });

    await put(
      s.ownerMember,
      view.id,
      body({
        permissions: {
          users: [{ userId: s.attacherMember, permission: 'Edit' }],
          organizations: [{ id: s.otherAttacherOrg, permission: 'View' }],
        },
      }),
    );
    events = await sharedEvents(view.id);
    // The person already had it; only the organization is new.
    expect(events).toHaveLength(2);
    expect(events.filter((event) => event.organization_id === s.otherAttacherOrg)).toHaveLength(1);

    // A failed share records nothing.
    const failed = await put(
      s.ownerMember,
      view.id,
      body({
        permissions: { users: [{ userId: s.outsider, permission: 'View' }], organizations: [] },
      }),
    );
    expect(failed.statusCode).toBe(400);
    expect(await sharedEvents(view.id)).toHaveLength(2);
  });

  it('tells everyone who saw the view before or sees it after that it changed, or is gone', async () => {
    const view = await create(s.ownerMember, {
      permissions: { users: [{ userId: s.attacherMember, permission: 'Edit' }], organizations: [] },
    });
    expect(await changeHeardBy(view.id)).toEqual([]);

    // Shared with an organization instead of the person: both hear it, and the owner.
    const shared = await put(
      s.ownerMember,
      view.id,
      body({ permissions: { users: [], organizations: [{ id: s.otherAttacherOrg, permission: 'View' }] } }),
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await changeHeardBy(view.id)).sort()).toEqual(
      [s.ownerMember, s.attacherMember, `org:${s.otherAttacherOrg}`].sort(),
    );
    const [heard] = await eventsOf(HubEvent.ViewChanged, view.id);
    expect(heard!.payload).toEqual({ viewId: view.id });

    // A refused overwrite tells no one.
    const before = (await changeHeardBy(view.id)).length;
    expect((await put(s.attacherMember, view.id, body({ name: 'Taken over' }))).statusCode).toBe(404);
    expect(await changeHeardBy(view.id)).toHaveLength(before);

    // Deleted: everyone who still sees it hears it once more, the caller's own page left out.
    const removed = await t.injectAs(s.ownerMember, {
      method: 'DELETE',
      url: `${BASE}/${view.id}`,
      headers: { 'x-connection-id': 'owner-tab' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const last = (await eventsOf(HubEvent.ViewChanged, view.id)).slice(before);
    expect(last.map((event) => event.user_id ?? `org:${event.organization_id}`).sort()).toEqual(
      [s.ownerMember, `org:${s.otherAttacherOrg}`].sort(),
    );
    expect(last.every((event) => event.connection_id === 'owner-tab')).toBe(true);

    // A delete refused (someone who only reads) tells no one.
    const other = await create(s.ownerMember, {
      permissions: { users: [{ userId: s.attacherMember, permission: 'View' }], organizations: [] },
    });
    expect(
      (await t.injectAs(s.attacherMember, { method: 'DELETE', url: `${BASE}/${other.id}` })).statusCode,
    ).toBe(403);
    expect(await changeHeardBy(other.id)).toEqual([]);
  });
});

describe('lists, defaults and favourites', () => {
  it('lists system views first, then the default view, then by name', async () => {
    const me = s.otherAttacherMember;
    const zebra = await create(me, { name: 'zebra' });
    const apple = await create(me, { name: 'Apple' });
    const mango = await create(me, { name: 'mango', type: 'Map', columnOptions: [] });
    dataOf(await t.injectAs(me, { method: 'PUT', url: `${BASE}/${zebra.id}/default` }));
    const list = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/manage` }));
    const names = list.map((view: { name: string }) => view.name);
    expect(names.slice(0, 3)).toEqual(['All Permits', 'Default Dashboard', 'zebra']);
    expect(names.indexOf('Apple')).toBeLessThan(names.indexOf('mango'));
    expect(list.find((view: { id: string }) => view.id === zebra.id)).toMatchObject({ isDefault: true });
    expect(list.find((view: { id: string }) => view.id === apple.id)).toMatchObject({ isDefault: false });

    const defaults = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/default` }));
    expect(defaults.table.id).toBe(zebra.id);
    expect(defaults.map).toBeNull();

    // A map default replaces the table default, and the reverse.
    dataOf(await t.injectAs(me, { method: 'PUT', url: `${BASE}/${mango.id}/default` }));
    const mapDefaults = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/default` }));
    expect(mapDefaults.map.id).toBe(mango.id);
    expect(mapDefaults.table.id).toBe(ALL_PERMITS_VIEW_ID);
    const prefs = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/prefs` }));
    expect(prefs.defaultViews).toEqual([{ id: mango.id, viewType: 'Map' }]);
  });

  it("gives the system view to people with no default, and leaves deleted views out of everyone's prefs", async () => {
    const defaults = dataOf(await t.injectAs(s.attacherManager, { method: 'GET', url: `${BASE}/default` }));
    expect(defaults.table).toMatchObject({ id: 'all', isDefault: true });
    expect(defaults.map).toBeNull();

    const view = await create(s.ownerManager, {
      permissions: { users: [{ userId: s.ownerMember, permission: 'View' }], organizations: [] },
    });
    dataOf(await t.injectAs(s.ownerMember, { method: 'POST', url: `${BASE}/${view.id}/favorite` }));
    dataOf(await t.injectAs(s.ownerMember, { method: 'PUT', url: `${BASE}/${view.id}/default` }));
    dataOf(await t.injectAs(s.ownerManager, { method: 'DELETE', url: `${BASE}/${view.id}` }));
    const stored = await t.db
      .selectFrom('view_prefs')
      .selectAll()
      .where('user_id', '=', s.ownerMember)
      .executeTakeFirstOrThrow();
    expect(stored.view_ids).not.toContain(view.id);
    expect(stored.default_views).toEqual([]);
    expect(stored.favorite_views.map((f) => f.id)).not.toContain(view.id);
  });

  it('orders new favourites one above the last and unfavourites from folders too', async () => {
    const me = s.attacherMember;
    const a = await create(me, { name: 'Fav A' });
    const b = await create(me, { name: 'Fav B' });
    const first = dataOf(await t.injectAs(me, { method: 'POST', url: `${BASE}/${a.id}/favorite` }));
    expect(first.favoriteViews).toEqual([
      { id: a.id, name: 'Fav A', type: 'Table', isDefault: false, order: 0 },
    ]);
    dataOf(
      await t.injectAs(me, {
        method: 'PUT',
        url: `${BASE}/prefs`,
        payload: {
          favoriteViews: [{ id: a.id, order: 7 }],
          favoriteFolders: [],
        },
      }),
    );
    const second = dataOf(await t.injectAs(me, { method: 'POST', url: `${BASE}/${b.id}/favorite` }));
    expect(second.favoriteViews.map((f: { id: string; order: number }) => [f.id, f.order])).toEqual([
      [a.id, 7],
      [b.id, 8],
    ]);
    // Favouriting twice changes nothing.
    const again = dataOf(await t.injectAs(me, { method: 'POST', url: `${BASE}/${b.id}/favorite` }));
    expect(again.favoriteViews).toEqual(second.favoriteViews);

    const folder = '0a4c2f38-6a7e-4f4e-9d59-7b3e0f1a2b3c';
    const inFolder = dataOf(
      await t.injectAs(me, {
        method: 'PUT',
        url: `${BASE}/prefs`,
        payload: {
          favoriteViews: [],
          favoriteFolders: [
            {
              id: folder,
              name: 'Mine',
              order: 0,
              views: [{ id: b.id, name: 'stale', order: 0 }],
              subFolders: [],
            },
          ],
        },
      }),
    );
    expect(inFolder.favoriteFolders[0].views[0]).toMatchObject({ id: b.id, name: 'Fav B' });
    const manage = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/manage` }));
    expect(manage.find((view: { id: string }) => view.id === b.id).isFavorite).toBe(true);
    const removed = dataOf(await t.injectAs(me, { method: 'DELETE', url: `${BASE}/${b.id}/favorite` }));
    expect(removed.favoriteFolders[0].views).toEqual([]);
  });

  it('keeps both of two first favourites made at once', async () => {
    const me = (await buildUser(t.db, { organizationId: s.attacherOrg })).id;
    const views = await Promise.all(
      ['At once A', 'At once B', 'At once C'].map((name) => create(me, { name })),
    );
    const answers = await Promise.all(
      views.map((view) => t.injectAs(me, { method: 'POST', url: `${BASE}/${view.id}/favorite` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const prefs = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/prefs` }));
    expect(prefs.favoriteViews.map((view: { id: string }) => view.id).sort()).toEqual(
      views.map((view) => view.id).sort(),
    );
    expect(prefs.favoriteViews.map((view: { order: number }) => view.order).sort()).toEqual([0, 1, 2]);
  });

  it('puts a new favourite after the last top-level favourite or folder, and keeps one in a folder there', async () => {
    const me = (await buildUser(t.db, { organizationId: s.attacherOrg })).id;
    const a = await create(me, { name: 'Top A' });
    const b = await create(me, { name: 'Top B' });
    const c = await create(me, { name: 'Top C' });
    const folder = '5b9d7c1e-2f3a-4b5c-8d6e-7f8091a2b3c4';
    const sub = '6c0e8d2f-3a4b-4c5d-9e7f-8091a2b3c4d5';
    const saved = await t.injectAs(me, {
      method: 'PUT',
      url: `${BASE}/prefs`,
      payload: {
        favoriteViews: [{ id: a.id, order: 1 }],
        favoriteFolders: [
          {
            id: folder,
            name: 'North',
            order: 4,
            views: [{ id: b.id, order: 0 }],
            subFolders: [{ id: sub, name: 'Poles', order: 1, views: [], subFolders: [] }],
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = dataOf(await t.injectAs(me, { method: 'POST', url: `${BASE}/${c.id}/favorite` }));
    expect(after.favoriteViews.map((f: { id: string; order: number }) => [f.id, f.order])).toEqual([
      [a.id, 1],
      [c.id, 5],
    ]);
    // A favourite already in a folder stays in it.
    const again = dataOf(await t.injectAs(me, { method: 'POST', url: `${BASE}/${b.id}/favorite` }));
    expect(again.favoriteFolders[0].views.map((f: { id: string }) => f.id)).toEqual([b.id]);
    expect(again.favoriteFolders[0].subFolders[0]).toMatchObject({ id: sub, name: 'Poles', order: 1 });
    expect(again.favoriteViews.map((f: { id: string }) => f.id)).toEqual([a.id, c.id]);
  });

  it('validates prefs: visible views only, one default of the right type, folders at most 5 deep', async () => {
    const me = s.ownerMember;
    const hidden = await create(s.attacherManager, { name: 'Not shared' });
    const mine = await create(me, { name: 'Mine table' });
    const put = (payload: object) => t.injectAs(me, { method: 'PUT', url: `${BASE}/prefs`, payload });

    const unknown = await put({
      defaultViews: [{ id: hidden.id, viewType: 'Table' }],
      favoriteViews: [{ id: UNKNOWN_ID, order: 0 }],
      favoriteFolders: [{ id: UNKNOWN_ID, name: 'F', order: 0, views: [{ id: hidden.id, order: 0 }] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual([
      'body.defaultViews.0.id',
      'body.favoriteViews.0.id',
      'body.favoriteFolders.0.views.0.id',
    ]);

    const wrongType = await put({ defaultViews: [{ id: mine.id, viewType: 'Map' }] });
    expect(fieldsOf(wrongType)).toEqual(['body.defaultViews.0.viewType']);

    const two = await put({
      defaultViews: [
        { id: mine.id, viewType: 'Table' },
        { id: 'all', viewType: 'Table' },
      ],
    });
    expect(fieldsOf(two)).toEqual(['body.defaultViews']);

    const nest = (depth: number): object => ({
      id: UNKNOWN_ID,
      name: `Level ${depth}`,
      order: 0,
      subFolders: depth > 1 ? [nest(depth - 1)] : [],
    });
    expect(fieldsOf(await put({ favoriteFolders: [nest(6)] }))).toEqual(['body.favoriteFolders']);
    expect((await put({ favoriteFolders: [nest(5)] })).statusCode).toBe(200);

    const twice = await put({
      favoriteViews: [
        { id: mine.id, order: 0 },
        { id: mine.id, order: 1 },
      ],
    });
    expect(fieldsOf(twice)).toEqual(['body.favoriteViews']);

    // Orders beyond what a client may give (the next favourite goes one above the last) are named.
    const high = await put({
      favoriteViews: [{ id: mine.id, order: Number.MAX_SAFE_INTEGER }],
      favoriteFolders: [{ ...nest(2), order: 1_000_001 }],
    });
    expect(high.statusCode).toBe(400);
    expect(fieldsOf(high)).toEqual(['body.favoriteViews.0.order', 'body.favoriteFolders.0.order']);
    const highest = await put({ favoriteViews: [{ id: mine.id, order: 1_000_000 }] });
    expect(highest.statusCode, highest.body).toBe(200);
    const other = await create(me, { name: 'Above the highest' });
    const above = await t.injectAs(me, { method: 'POST', url: `${BASE}/${other.id}/favorite` });
    expect(above.statusCode, above.body).toBe(200);
    expect(dataOf(above).favoriteViews.find((view: { id: string }) => view.id === other.id)?.order).toBe(
      1_000_001,
    );
    expect((await t.injectAs(me, { method: 'GET', url: `${BASE}/prefs` })).statusCode).toBe(200);
    expect((await put({ favoriteViews: [] })).statusCode).toBe(200);

    // Nothing of the refused requests was kept.
    const prefs = dataOf(await t.injectAs(me, { method: 'GET', url: `${BASE}/prefs` }));
    expect(prefs.defaultViews).toEqual([]);
    expect(prefs.favoriteViews).toEqual([]);
    expect(prefs.allViews.some((view: { id: string }) => view.id === hidden.id)).toBe(false);
  });

  it('leaves a view out of the preferences of people it is no longer shared with', async () => {
    const view = await create(s.ownerManager, {
      name: 'Briefly shared',
      permissions: { users: [{ userId: s.ownerMember, permission: 'View' }], organizations: [] },
    });
    const favorited = dataOf(
      await t.injectAs(s.ownerMember, { method: 'POST', url: `${BASE}/${view.id}/favorite` }),
    );
    expect(favorited.favoriteViews.map((f: { id: string }) => f.id)).toContain(view.id);
    dataOf(
      await put(
        s.ownerManager,
        view.id,
        body({ name: 'Briefly shared', permissions: { users: [], organizations: [] } }),
      ),
    );
    const prefs = dataOf(await t.injectAs(s.ownerMember, { method: 'GET', url: `${BASE}/prefs` }));
    expect(prefs.favoriteViews.map((f: { id: string }) => f.id)).not.toContain(view.id);
    expect(prefs.allViews.map((v: { id: string }) => v.id)).not.toContain(view.id);
  });

  it('refuses people without an organization (403) and hides views across tenants (404)', async () => {
    const loose = (await buildUser(t.db, {})).id;
    expect((await t.injectAs(loose, { method: 'GET', url: `${BASE}/manage` })).statusCode).toBe(403);
    const view = await create(s.ownerManager, { name: 'Owner only' });
    expect((await t.injectAs(s.outsider, { method: 'DELETE', url: `${BASE}/${view.id}` })).statusCode).toBe(
      404,
    );
    expect((await get(s.ownerManager, view.id)).statusCode).toBe(200);
  });

  it('answers 404 for favourites and defaults of views the caller does not see', async () => {
    const hidden = await create(s.attacherManager, { name: 'Private' });
    for (const [method, suffix] of [
      ['POST', 'favorite'],
      ['DELETE', 'favorite'],
      ['PUT', 'default'],
      ['DELETE', 'default'],
    ] as const) {
      const res = await t.injectAs(s.outsider, { method, url: `${BASE}/${hidden.id}/${suffix}` });
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
    const dashboard = await t.injectAs(s.outsider, {
      method: 'PUT',
      url: `${BASE}/${DEFAULT_DASHBOARD_VIEW_ID}/default`,
    });
    expect(dashboard.statusCode).toBe(400);
  });
});
