import type { ProjectRole } from '@crossarm/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import { buildOrg, buildUser } from './factories.ts';

/**
 * A project run by a pole owner with two attachers, and the people every project access test needs: a
 * project manager and a plain member on each side, and a manager of an organization that takes no part.
 */
export async function buildProjectScene(t: TestApp, projectCode = 'SCENE') {
  const ownerOrg = (await buildOrg(t.db, { name: 'Owner Electric' })).id;
  const attacherOrg = (await buildOrg(t.db, { name: 'Attacher Fiber' })).id;
  const otherAttacherOrg = (await buildOrg(t.db, { name: 'Other Cable' })).id;
  const outsiderOrg = (await buildOrg(t.db, { name: 'Outsider Wireless' })).id;
  const manager = { systemPermissions: ['ManageProjects' as const] };
  const person = async (organizationId: string, firstName: string, lastName: string, managing: boolean) =>
    (await buildUser(t.db, { organizationId, firstName, lastName, ...(managing ? manager : {}) })).id;
  const scene = {
    ownerOrg,
    attacherOrg,
    otherAttacherOrg,
    outsiderOrg,
    ownerManager: await person(ownerOrg, 'Olivia', 'Owner', true),
    ownerMember: await person(ownerOrg, 'Oscar', 'Member', false),
    attacherManager: await person(attacherOrg, 'Ada', 'Attacher', true),
    attacherMember: await person(attacherOrg, 'Abe', 'Member', false),
    otherAttacherMember: await person(otherAttacherOrg, 'Cora', 'Cable', false),
    outsider: await person(outsiderOrg, 'Otto', 'Outsider', true),
    projectId: '',
  };
  const created = await t.injectAs(scene.ownerManager, {
    method: 'POST',
    url: '/api/projects',
    payload: { name: `Program ${projectCode}`, projectCode },
  });
  scene.projectId = created.json().data.id;
  const contributors: [string, ProjectRole][] = [
    [attacherOrg, 'AttacherOrg'],
    [otherAttacherOrg, 'AttacherOrg'],
  ];
  for (const [organizationId, role] of contributors) {
    await t.injectAs(scene.ownerManager, {
      method: 'POST',
      url: `/api/projects/${scene.projectId}/organizations`,
      payload: { organizationId, role },
    });
  }
  return scene;
}

export type ProjectScene = Awaited<ReturnType<typeof buildProjectScene>>;

/** An id that names nothing. */
export const UNKNOWN_ID = '5f0c6a2e-0000-4000-8000-000000000000';

/** A CSV export's rows as objects keyed by the header row, the byte order mark dropped. */
export function csvRows(response: LightMyRequestResponse): Record<string, string>[] {
  return parse(response.body.replace(/^\uFEFF/, ''), { columns: true });
}

/** The actions audited about a record, oldest first. */
export async function auditActions(t: TestApp, targetId: string) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

/** An xlsx export opened as a workbook, after checking it was sent as one; the named sheet. */
export async function xlsxSheet(response: LightMyRequestResponse, sheetName: string) {
  if (
    response.headers['content-type'] !== 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  ) {
    throw new Error(`not an xlsx file: ${response.headers['content-type']}`);
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  return sheet;
}
