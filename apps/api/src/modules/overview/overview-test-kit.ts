import {
  distinctColumns,
  type FilterGroup,
  type OverviewColumnGroup,
  type OverviewRequest,
  OverviewResult,
  projectPermissionsFor,
  rowByColumn,
} from '@crossarm/shared';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { ServiceContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { requirePermit } from '../permits/permit-access.ts';
import { dataOf } from '../permits/test-scene.ts';
import { buildOverviewScene, readFacts } from './overview-scene.ts';

/** Calls `POST permits/overview` as the user. */
export function overviewAs(t: TestApp, userId: string, body: OverviewRequest, query = '') {
  return t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/permits/overview${query}`,
    payload: body,
  });
}

/**
 * The overview's answer after checking it is a 200, its rows' cells by column id (`rowByColumn`, as the web
 * app reads them).
 */
export async function overviewData(t: TestApp, userId: string, body: OverviewRequest, query = '') {
  // The page is sent as the service builds it, unchecked; every test's answer is held to the contract here.
  const answer = OverviewResult.strict().parse(dataOf(await overviewAs(t, userId, body, query)));
  for (const row of answer.rows ?? []) {
    expect(row.cells).toHaveLength(distinctColumns(body.columnOptions ?? []).length);
  }
  return {
    ...answer,
    rows: answer.rows?.map((row) => rowByColumn(row, body.columnOptions ?? [])) ?? null,
  };
}

/** The ids of every row the filter keeps, in order. */
export async function idsFor(
  t: TestApp,
  userId: string,
  filterOptions: FilterGroup | null,
  extra: Partial<OverviewRequest> = {},
) {
  const data = await overviewData(t, userId, {
    pageOptions: { page: 0, pageSize: 500 },
    filterOptions,
    ...extra,
  });
  return data.rows!.map((row) => row.id);
}

/** The caller's columns by dataId. */
export async function columnsOf(t: TestApp, userId: string) {
  const groups = dataOf(
    await t.injectAs(userId, { method: 'GET', url: '/api/joint-use/options/permits/columns' }),
  ) as OverviewColumnGroup[];
  return new Map(groups.flatMap((group) => group.columns).map((column) => [column.dataId, column]));
}

/** The organization takes part in the project as an attacher, with an attacher's project permissions. */
export async function joinAsAttacher(t: TestApp, projectId: string, organizationId: string) {
  await t.db
    .insertInto('project_organizations')
    .values({
      project_id: projectId,
      organization_id: organizationId,
      role: 'AttacherOrg',
      permissions: projectPermissionsFor('AttacherOrg'),
    })
    .execute();
}

/** The permits the single-permit check lets the user see, one by one. */
export async function seenOneByOne(t: TestApp, userId: string, permitIds: string[]) {
  const user = await t.db
    .selectFrom('users')
    .select('organization_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const ctx = {
    session: { organizationId: user.organization_id, user: { id: userId } },
  } as unknown as ServiceContext;
  const seen = new Set<string>();
  for (const permitId of permitIds) {
    try {
      await requirePermit(ctx, t.db, permitId);
      seen.add(permitId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return seen;
}

/** A one-row filter. */
export const where = (
  dataId: string,
  operator: FilterGroup['rows'][number]['operator'],
  value: unknown,
): FilterGroup => ({
  condition: 'And',
  rows: [{ id: 'r', dataId, operator, value }],
  groups: [],
});

/** The test app with the overview scene, its facts, the pole owner's columns and the permits it sees. */
export async function openOverviewScene() {
  const t = await createTestApp();
  const s = await buildOverviewScene(t);
  const facts = await readFacts(t, s.ownerOrg);
  const columns = await columnsOf(t, s.ownerMember);
  const ownerSees = await seenOneByOne(t, s.ownerMember, s.permitIds);
  return { t, s, facts, columns, ownerSees };
}
