import type { FilterGroup, FilterOperator, TaskStatus } from '@crossarm/shared';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import type { TestApp } from '../../../test/app.ts';
import { buildPermit, buildProject, buildPublishedTemplate, buildUser } from '../../../test/factories.ts';
import { buildProperty } from '../permits/tasks-test-scene.ts';
import { advance, buildPermitScene, grantOnly, KEY } from '../permits/test-scene.ts';

// Several pole owners, attachers, projects and permits for the overview tests, and an evaluation of a
// filter tree in memory over the same rows, read straight from the tables.

const STREETS = ['Main Street', 'Water Street', 'Division St', null, 'Maple Avenue', 'Main Ave'];
const KINDS = ['aerial', 'underground', null];
const STATUSES = ['Active', 'Active', 'OnHold', 'Completed', 'CancelRequested', 'Active'] as const;
const DAY_MS = 86_400_000;
export const FIRST_DAY = Date.UTC(2026, 2, 1, 15, 30);

export async function buildOverviewScene(t: TestApp) {
  const s = await buildPermitScene(t);
  const secondOwnerOrg = s.outsiderOrg;
  const secondOwnerMember = (await buildUser(t.db, { organizationId: secondOwnerOrg, lastName: 'Owner' })).id;
  const narrowedOwner = (await buildUser(t.db, { organizationId: s.ownerOrg, lastName: 'Narrow' })).id;
  const engineers = [
    (await buildUser(t.db, { organizationId: s.ownerOrg, firstName: 'Ada', lastName: 'Engineer' })).id,
    (await buildUser(t.db, { organizationId: s.ownerOrg, firstName: 'Bo', lastName: 'Surveyor' })).id,
  ];
  const property = {
    street: await buildProperty(t, 'Overview Street', 'Text'),
    due: await buildProperty(t, 'Overview Due', 'Date'),
    kind: await buildProperty(t, 'Overview Kind', 'Dropdown', {
      options: [
        { value: 'aerial', label: 'Aerial' },
        { value: 'underground', label: 'Underground' },
      ],
    }),
    urgent: await buildProperty(t, 'Overview Urgent', 'Checkbox'),
    engineer: await buildProperty(t, 'Overview Engineer', 'User', { multiple: true }),
  };
  const definition = sampleDefinition(s.entries);
  definition.applicationForm = [
    { libraryEntryId: s.entries.poleCount, required: false },
    ...Object.values(property).map((libraryEntryId) => ({ libraryEntryId, required: false })),
  ];

  const projectA = await buildProject(t.db, {
    ownerOrganizationId: s.ownerOrg,
    attacherOrganizationIds: [s.attacherOrg, s.otherAttacherOrg],
    code: 'OVA',
    name: 'Northfield Overhead',
  });
  const projectB = await buildProject(t.db, {
    ownerOrganizationId: s.ownerOrg,
    attacherOrganizationIds: [s.attacherOrg],
    code: 'OVB',
    name: 'Dundas Rebuild',
  });
  const projectC = await buildProject(t.db, {
    ownerOrganizationId: secondOwnerOrg,
    attacherOrganizationIds: [s.attacherOrg, s.otherAttacherOrg],
    code: 'OVC',
    name: 'Valley Program',
  });
  const projects = [projectA, projectB, projectC];
  const templates = new Map<string, string>();
  for (const project of projects) {
    templates.set(project.id, (await buildPublishedTemplate(t.db, project.id, definition)).templateId);
  }
  // Who applies on each project, in turn.
  const applicants = new Map([
    [projectA.id, [s.attacherOrg, s.otherAttacherOrg, s.ownerOrg]],
    [projectB.id, [s.attacherOrg, s.ownerOrg]],
    [projectC.id, [s.attacherOrg, s.otherAttacherOrg]],
  ]);

  const permitIds: string[] = [];
  for (let i = 0; i < 18; i++) {
    const project = projects[i % 3]!;
    const projectApplicants = applicants.get(project.id)!;
    const values: { propertyEntryId: string; value: unknown }[] = [];
    if (i % 5 !== 0) values.push({ propertyEntryId: s.entries.poleCount, value: (i * 7) % 11 });
    const street = STREETS[i % STREETS.length];
    if (street) values.push({ propertyEntryId: property.street, value: `${i} ${street}` });
    if (i % 4 !== 1)
      values.push({
        propertyEntryId: property.due,
        value: `2026-04-${String(1 + (i % 9) * 3).padStart(2, '0')}`,
      });
    const kind = KINDS[i % 3];
    if (kind) values.push({ propertyEntryId: property.kind, value: kind });
    if (i % 3 !== 2) values.push({ propertyEntryId: property.urgent, value: i % 2 === 0 });
    if (i % 4 === 0) values.push({ propertyEntryId: property.engineer, value: [engineers[0]] });
    if (i % 4 === 2) values.push({ propertyEntryId: property.engineer, value: engineers });
    const permit = await buildPermit(t.db, {
      projectId: project.id,
      templateId: templates.get(project.id)!,
      applicantOrganizationId: projectApplicants[Math.floor(i / 3) % projectApplicants.length]!,
      location: STREETS[(i + 2) % STREETS.length],
      actualPoles: i % 4 === 3 ? null : (i * 5) % 13,
      applicationValues: values,
      now: new Date(FIRST_DAY + i * DAY_MS),
    });
    permitIds.push(permit.id);
    const progress: Record<string, TaskStatus> = {};
    if (i % 3 !== 0) progress[KEY.review] = 'Completed';
    if (i % 3 === 2) progress[KEY.walk] = i % 2 === 0 ? 'Completed' : 'InProgress';
    await advance(t, permit.id, definition, progress, STATUSES[i % STATUSES.length]);
    if (i % 2 === 0) {
      const taskKey = i % 3 === 0 ? KEY.review : KEY.walk;
      await t.db
        .insertInto('permit_task_assignments')
        .values(
          engineers
            .slice(0, 1 + (i % 4 === 0 ? 1 : 0))
            .map((userId) => ({ permit_id: permit.id, task_key: taskKey, user_id: userId })),
        )
        .execute();
    }
  }
  // Where the field walk is ready on project B, the design is open too and someone is assigned to it: the
  // next-up task and the survey's active task are the walk, the first in order. The walk's row is written
  // last, so the table holds the two tasks out of their order.
  for (const [i, permitId] of permitIds.entries()) {
    if (i % 3 !== 1 || i % 2 === 0) continue;
    const task = (key: string) =>
      t.db.updateTable('permit_tasks').where('permit_id', '=', permitId).where('task_key', '=', key);
    await task(KEY.design).set({ status: 'ReadyToBegin' }).execute();
    await task(KEY.walk).set({ status: 'ReadyToBegin' }).execute();
    await t.db
      .insertInto('permit_task_assignments')
      .values({ permit_id: permitId, task_key: KEY.design, user_id: engineers[1]! })
      .execute();
  }
  // The narrowed owner's own set leaves out ViewPermits on project B; the attacher member's on project C.
  await grantOnly(t, { projectId: projectB.id, organizationId: s.ownerOrg, userId: narrowedOwner }, [
    'CommentOnPermits',
  ]);
  await grantOnly(t, { projectId: projectC.id, organizationId: s.attacherOrg, userId: s.attacherMember }, [
    'CreatePermits',
  ]);
  // The other attacher's organization holds no ViewPermits on project C at all.
  await t.db
    .updateTable('project_organizations')
    .set({ permissions: ['CreatePermits'] })
    .where('project_id', '=', projectC.id)
    .where('organization_id', '=', s.otherAttacherOrg)
    .execute();

  return {
    ...s,
    secondOwnerOrg,
    secondOwnerMember,
    narrowedOwner,
    engineers,
    property,
    projects: { a: projectA.id, b: projectB.id, c: projectC.id },
    permitIds,
  };
}

export type OverviewScene = Awaited<ReturnType<typeof buildOverviewScene>>;

/** A permit's columns as the tables hold them; places (stages, tasks, values) as lists. */
export interface PermitFacts {
  id: string;
  scalars: Record<string, unknown>;
  places: Record<string, unknown[]>;
}

/**
 * Every permit of the scene, read straight from the tables, as a person of `viewerOrganizationId` reads it
 * (its role in the permit's project is the one fact that depends on who asks).
 */
export async function readFacts(t: TestApp, viewerOrganizationId: string): Promise<PermitFacts[]> {
  const permits = await t.db
    .selectFrom('permits as p')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .innerJoin('organizations as o', 'o.id', 'p.applicant_organization_id')
    .select([
      'p.id',
      'p.permit_number',
      'p.location',
      'p.created_at',
      'p.last_activity_at',
      'p.status',
      'p.actual_poles',
      'p.active_stage_key',
      'pr.name as project_name',
      'pr.project_code',
      'pr.owner_organization_id',
      'o.name as applicant_name',
    ])
    .execute();
  const stages = await t.db.selectFrom('permit_stages').selectAll().orderBy('position').execute();
  const tasks = await t.db.selectFrom('permit_tasks').selectAll().orderBy('position').execute();
  const assignments = await t.db.selectFrom('permit_task_assignments').selectAll().execute();
  const values = await t.db.selectFrom('permit_property_values').selectAll().execute();
  return permits.map((permit) => {
    const own = <T extends { permit_id: string }>(rows: T[]) =>
      rows.filter((row) => row.permit_id === permit.id);
    const myStages = own(stages);
    const myTasks = own(tasks);
    const stagePosition = (stageKey: string) => myStages.find((s) => s.stage_key === stageKey)!.position;
    const open = (task: { status: string }) => task.status === 'ReadyToBegin' || task.status === 'InProgress';
    const activeStage = myStages.find((s) => s.stage_key === permit.active_stage_key);
    const nextUp = myTasks.find((task) => task.stage_key === permit.active_stage_key && open(task));
    const scalars: Record<string, unknown> = {
      'permit.PermitNumber': permit.permit_number,
      'permit.ApplicantName': permit.applicant_name,
      'permit.Location': permit.location,
      'permit.CreateDate': permit.created_at,
      'permit.LastActivity': permit.last_activity_at,
      'permit.Status': permit.status,
      'permit.ActualPoles': permit.actual_poles,
      'project.Name': permit.project_name,
      'project.ProjectCode': permit.project_code,
      'jointUseProject.PoleOwner': permit.owner_organization_id,
      'jointUseProject.YourRole':
        permit.owner_organization_id === viewerOrganizationId ? 'PoleOwner' : 'AttacherOrg',
      'workflow.ActiveStage': activeStage?.library_entry_id ?? null,
      'workflow.NextUpTask': nextUp?.library_entry_id ?? null,
    };
    const places: Record<string, unknown[]> = {
      'workflow.NextUpTaskAssignees': own(assignments)
        .filter((a) => nextUp && a.task_key === nextUp.task_key)
        .map((a) => a.user_id),
    };
    const push = (dataId: string, value: unknown) => {
      places[dataId] ??= [];
      places[dataId].push(value);
    };
    for (const stage of [...myStages].sort((a, b) => a.position - b.position)) {
      const active = myTasks.filter((task) => task.stage_key === stage.stage_key && open(task));
      const dataId = `stage.${stage.library_entry_id}.ActiveTask`;
      if (!(dataId in scalars)) scalars[dataId] = active[0]?.library_entry_id ?? null;
    }
    for (const task of [...myTasks].sort((a, b) => stagePosition(a.stage_key) - stagePosition(b.stage_key))) {
      push(`task.${task.library_entry_id}.Status`, task.status);
      for (const a of own(assignments).filter((a) => a.task_key === task.task_key)) {
        push(`task.${task.library_entry_id}.PersonAssigned`, a.user_id);
      }
    }
    for (const value of own(values)) {
      const stored = value.value as unknown;
      for (const item of Array.isArray(stored) ? stored : [stored])
        push(`property.${value.property_entry_id}`, item);
    }
    return { id: permit.id, scalars, places };
  });
}

const dayOf = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** Whether one value meets a row's condition (NotEquals is handled by the caller). */
function meets(value: unknown, operator: FilterOperator, wanted: unknown, type: string): boolean {
  if (value === null || value === undefined) return false;
  if (type === 'Text') {
    const text = String(value).toLowerCase();
    const target = String(wanted).toLowerCase();
    return operator === 'Contains' ? text.includes(target) : text === target;
  }
  const left = type === 'Date' ? dayOf(value) : value;
  const right = wanted;
  if (type === 'Users') return left === right;
  switch (operator) {
    case 'LessThan':
      return (left as number) < (right as number);
    case 'LessThanOrEquals':
      return (left as number) <= (right as number);
    case 'GreaterThan':
      return (left as number) > (right as number);
    case 'GreaterThanOrEquals':
      return (left as number) >= (right as number);
    default:
      return left === right;
  }
}

/** A filter tree evaluated in memory: a permit's ids kept. Incomplete rows and empty groups do not count. */
export function evaluate(
  facts: PermitFacts[],
  tree: FilterGroup,
  typeOf: (dataId: string) => string,
): Set<string> {
  const rowMatches = (permit: PermitFacts, row: FilterGroup['rows'][number]) => {
    const type = typeOf(row.dataId!);
    const isPlace = row.dataId! in permit.places || !(row.dataId! in permit.scalars);
    const values = isPlace ? (permit.places[row.dataId!] ?? []) : [permit.scalars[row.dataId!]];
    const negated = type === 'Users' ? 'Contains' : 'Equals';
    if (row.operator === 'NotEquals') return !values.some((v) => meets(v, negated, row.value, type));
    return values.some((v) => meets(v, row.operator!, row.value, type));
  };
  const complete = (row: FilterGroup['rows'][number]) =>
    Boolean(row.dataId) &&
    Boolean(row.operator) &&
    row.value !== null &&
    row.value !== undefined &&
    !(typeof row.value === 'string' && row.value.trim() === '');
  const group = (permit: PermitFacts, current: FilterGroup): boolean | null => {
    const results = [
      ...current.rows.filter(complete).map((row) => rowMatches(permit, row)),
      ...current.groups.map((child) => group(permit, child)).filter((r): r is boolean => r !== null),
    ];
    if (results.length === 0) return null;
    return current.condition === 'And' ? results.every(Boolean) : results.some(Boolean);
  };
  return new Set(facts.filter((permit) => group(permit, tree) !== false).map((permit) => permit.id));
}
