import {
  describeColumn,
  enumWords,
  type FieldType,
  fileRefsOf,
  type OverviewColumn,
  type OverviewColumnGroup,
  type OverviewColumnOption,
  type OverviewColumnType,
  OverviewSubjectKind,
  PermitStatus,
  PROJECT_ROLE_LABELS,
  ProjectRole,
  TaskStatus,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ColumnSql, Sql } from './column-sql.ts';
import { jointUseColumnSql, PERMIT_COLUMN_SQL } from './permit-columns.ts';
import {
  type PropertyReading,
  propertyColumnSql,
  stageColumnSql,
  type TaskField,
  taskColumnSql,
} from './place-columns.ts';
import { type OverviewScope, visibleProjects } from './visibility.ts';

/** A column the caller may use, with how it reads in SQL. */
export interface CatalogueColumn {
  column: OverviewColumn;
  sql: ColumnSql;
}

/** The caller's columns by dataId, in the order they are offered. */
export type Catalogue = Map<string, CatalogueColumn>;

/** A column the request has been checked to name (see `requestProblems`). */
export const columnOf = (catalogue: Catalogue, dataId: string) => catalogue.get(dataId) as CatalogueColumn;

interface EntryRow {
  id: string;
  kind: 'stage' | 'task' | 'property' | 'unit';
  name: string;
  field_type: FieldType | null;
  render_options: Record<string, unknown> | null;
}

const options = (values: readonly string[]): OverviewColumnOption[] =>
  values.map((value) => ({ value, label: enumWords(value) }));

type Fixed = { dataId: string; kind: OverviewColumn['subjectKind']; name: string; type: OverviewColumnType };
const FIXED: Fixed[] = [
  { dataId: 'project.Name', kind: 'Project', name: 'Project', type: 'Text' },
  { dataId: 'project.ProjectCode', kind: 'Project', name: 'Project Code', type: 'Text' },
  { dataId: 'jointUseProject.PoleOwner', kind: 'JointUseProject', name: 'Pole Owner', type: 'Enum' },
  { dataId: 'jointUseProject.YourRole', kind: 'JointUseProject', name: 'Your Role', type: 'Enum' },
  { dataId: 'permit.PermitNumber', kind: 'Permit', name: 'Permit Number', type: 'Text' },
  { dataId: 'permit.ApplicantName', kind: 'Permit', name: 'Applicant', type: 'Text' },
  { dataId: 'permit.Location', kind: 'Permit', name: 'Location', type: 'Text' },
  { dataId: 'permit.CreateDate', kind: 'Permit', name: 'Created', type: 'Date' },
  { dataId: 'permit.LastActivity', kind: 'Permit', name: 'Last Activity', type: 'Date' },
  { dataId: 'permit.Status', kind: 'Permit', name: 'Status', type: 'Enum' },
  { dataId: 'permit.ActualPoles', kind: 'Permit', name: 'Poles', type: 'Number' },
  { dataId: 'workflow.ActiveStage', kind: 'Workflow', name: 'Active Stage', type: 'Enum' },
  { dataId: 'workflow.NextUpTask', kind: 'Workflow', name: 'Next Up Task', type: 'Enum' },
  { dataId: 'workflow.NextUpTaskAssignees', kind: 'Workflow', name: 'Next Up Assignees', type: 'Users' },
  { dataId: 'permit.Metadata', kind: 'Metadata', name: 'Metadata', type: 'Metadata' },
];

const TASK_FIELDS: { field: TaskField; name: string; type: OverviewColumnType }[] = [
  { field: 'PersonAssigned', name: 'Person Assigned', type: 'Users' },
  { field: 'Status', name: 'Status', type: 'Enum' },
  { field: 'ElapsedTime', name: 'Elapsed Time', type: 'Duration' },
  { field: 'ElapsedTimeOnTimer', name: 'Elapsed Time on Timer', type: 'Duration' },
];

/** How a property of a field type reads as a column, or null when it cannot be one. */
function readingOf(entry: EntryRow): { type: OverviewColumnType; reading: PropertyReading } | null {
  switch (entry.field_type) {
    case 'Text':
    case 'TextArea':
    case 'Email':
    case 'Phone':
      return { type: 'Text', reading: 'Text' };
    case 'Number':
      return { type: 'Number', reading: 'Number' };
    case 'Date':
      return { type: 'Date', reading: 'Date' };
    case 'Checkbox':
      return { type: 'Boolean', reading: 'Boolean' };
    case 'Radio':
    case 'Dropdown':
      return { type: 'Enum', reading: 'Enum' };
    case 'User':
      return { type: 'Users', reading: 'Users' };
    case 'File':
      return { type: 'Files', reading: 'Files' };
    case 'Expression': {
      const result = entry.render_options?.resultType;
      if (result === 'Number') return { type: 'Number', reading: 'Number' };
      if (result === 'Date') return { type: 'Date', reading: 'Date' };
      return { type: 'Text', reading: 'Text' };
    }
    default:
      return null;
  }
}

function choiceOptions(entry: EntryRow): OverviewColumnOption[] {
  const list = entry.render_options?.options;
  if (!Array.isArray(list)) return [];
  return list.flatMap((option: unknown) => {
    const { value, label } = (option ?? {}) as { value?: unknown; label?: unknown };
    return typeof value === 'string' ? [{ value, label: typeof label === 'string' ? label : value }] : [];
  });
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The projects whose permits the caller sees, split by the caller's organization's role in them. */
export interface VisibleProjects {
  /** Projects where the caller's organization is pole owner: all their permits. */
  owned: string[];
  /** The other projects: only the permits the caller's organization applied for. */
  attached: string[];
}

/** What a request of the overview needs before reading permits: the visible projects and the columns. */
export interface OverviewContext {
  projects: VisibleProjects;
  catalogue: Catalogue;
  /** The context version it was read at (see `CONTEXT_VERSION_SQL`). */
  version: string;
}

/**
 * The number the database moves whenever something an overview context is built from changes (the visible
 * projects and the caller's role in each, their pole owners' names, the published templates and the library
 * entries they name; see the migration adding `overview_context_version`). The same number means the same
 * context.
 */
export const CONTEXT_VERSION_SQL = sql`(SELECT v.version FROM overview_context_version v)`;

/** A JSON value read as an array: anything else (missing, null, an object) reads as none. */
const arrayOf = (x: Sql) => sql`CASE WHEN jsonb_typeof(${x}) = 'array' THEN ${x} ELSE '[]'::jsonb END`;

interface ContextRow {
  version: string;
  projects: [string, boolean][];
  pole_owners: [string, string][];
  stage_tasks: [string | null, string | null][];
  properties: (string | null)[];
  entries: EntryRow[];
}

/**
 * The projects whose permits the caller sees, and the columns it may use: the fixed ones, and a set per
 * stage, task and property that the published templates of those projects use, named after their library
 * entries. One statement whatever the number of projects or templates: the entries the definitions name are
 * read from them in SQL, so only those entries travel.
 */
export async function loadOverviewContext(db: Executor, scope: OverviewScope): Promise<OverviewContext> {
  return readContext(db, visibleProjects(scope));
}

/**
 * Every column that exists for anyone: those of every project's published templates. It tells a part of a
 * view that someone else still sees from one that is gone for everyone (its project deleted).
 */
export async function loadEveryColumn(db: Executor): Promise<Catalogue> {
  const everyProject = sql<{ project_id: string; pole_owner: boolean }>`(
    SELECT j.id AS project_id, false AS pole_owner FROM projects j)`;
  return (await readContext(db, everyProject)).catalogue;
}

async function readContext(db: Executor, visible: Sql): Promise<OverviewContext> {
  const result = await sql<ContextRow>`WITH vp AS MATERIALIZED ${visible},
      defs AS (SELECT DISTINCT wt.definition AS d FROM workflow_templates wt
        JOIN vp ON vp.project_id = wt.project_id WHERE wt.status = 'Published'),
      stages AS (SELECT st ->> 'libraryEntryId' AS stage_id, st -> 'tasks' AS tasks
        FROM defs, jsonb_array_elements(${arrayOf(sql`d -> 'stages'`)}) st),
      stage_tasks AS (SELECT DISTINCT s.stage_id, tk ->> 'libraryEntryId' AS task_id, tk -> 'properties' AS properties
        FROM stages s LEFT JOIN LATERAL jsonb_array_elements(${arrayOf(sql`s.tasks`)}) tk ON true),
      properties AS (
        SELECT pe ->> 'libraryEntryId' AS property_id
          FROM stage_tasks, jsonb_array_elements(${arrayOf(sql`stage_tasks.properties`)}) pe
        UNION
        SELECT pe ->> 'libraryEntryId' FROM defs, jsonb_array_elements(${arrayOf(sql`d -> 'applicationForm'`)}) pe),
      used_ids AS (SELECT stage_id AS id FROM stage_tasks WHERE stage_id IS NOT NULL
        UNION SELECT task_id FROM stage_tasks WHERE task_id IS NOT NULL
        UNION SELECT property_id FROM properties WHERE property_id IS NOT NULL)
    SELECT
      (SELECT coalesce(json_agg(json_build_array(vp.project_id, vp.pole_owner)), '[]') FROM vp) AS projects,
      (SELECT coalesce(json_agg(json_build_array(o.id, o.name)), '[]') FROM organizations o
        WHERE o.id IN (SELECT j.owner_organization_id FROM projects j JOIN vp ON vp.project_id = j.id))
        AS pole_owners,
      (SELECT coalesce(json_agg(DISTINCT jsonb_build_array(st.stage_id, st.task_id)), '[]') FROM stage_tasks st)
        AS stage_tasks,
      (SELECT coalesce(json_agg(pp.property_id), '[]') FROM properties pp) AS properties,
      (SELECT coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind, 'name', e.name,
          'field_type', e.field_type, 'render_options', e.render_options)), '[]')
        FROM library_entries e
        WHERE e.application = 'JointUse' AND e.kind IN ('stage', 'task', 'property')
          AND e.id::text = ANY (ARRAY(SELECT id FROM used_ids))) AS entries,
      ${CONTEXT_VERSION_SQL}::text AS version`.execute(db);
  const row = result.rows[0]!;
  const projects: VisibleProjects = { owned: [], attached: [] };
  for (const [projectId, poleOwner] of row.projects) {
    (poleOwner ? projects.owned : projects.attached).push(projectId);
  }
  const used = {
    stages: new Map<string, Set<string>>(),
    tasks: new Set<string>(),
    properties: new Set<string>(),
  };
  for (const [stageId, taskId] of row.stage_tasks) {
    if (stageId === null) continue;
    const stageTasks = used.stages.get(stageId) ?? new Set<string>();
    used.stages.set(stageId, stageTasks);
    if (taskId !== null) {
      stageTasks.add(taskId);
      used.tasks.add(taskId);
    }
  }
  for (const propertyId of row.properties) if (propertyId !== null) used.properties.add(propertyId);
  return {
    projects,
    catalogue: buildCatalogue(row.entries, used, {
      owned: projects.owned,
      poleOwners: row.pole_owners
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    }),
    version: row.version,
  };
}

/** The columns the caller may use (see `loadOverviewContext`). */
export async function loadCatalogue(db: Executor, scope: OverviewScope): Promise<Catalogue> {
  return (await loadOverviewContext(db, scope)).catalogue;
}

function buildCatalogue(
  entries: EntryRow[],
  used: { stages: Map<string, Set<string>>; tasks: Set<string>; properties: Set<string> },
  jointUse: { owned: string[]; poleOwners: OverviewColumnOption[] },
): Catalogue {
  const entryById = new Map(entries.map((entry) => [entry.id, entry]));
  const entriesOf = (ids: Iterable<string>) =>
    [...ids].flatMap((id) => {
      const entry = entryById.get(id);
      return entry ? [entry] : [];
    });
  const entryOptions = (ids: Iterable<string>) =>
    entriesOf(ids)
      .sort(byName)
      .map((entry) => ({ value: entry.id, label: entry.name }));

  const catalogue: Catalogue = new Map();
  const add = (column: OverviewColumn, columnSql: ColumnSql) =>
    catalogue.set(column.dataId, { column, sql: columnSql });

  const fixedOptions: Record<string, OverviewColumnOption[]> = {
    'jointUseProject.PoleOwner': jointUse.poleOwners,
    'jointUseProject.YourRole': ProjectRole.options.map((value) => ({
      value,
      label: PROJECT_ROLE_LABELS[value],
    })),
    'permit.Status': options(PermitStatus.options),
    'workflow.ActiveStage': entryOptions(used.stages.keys()),
    'workflow.NextUpTask': entryOptions(used.tasks),
  };
  const fixedSql = { ...PERMIT_COLUMN_SQL, ...jointUseColumnSql(jointUse.owned) };
  for (const fixed of FIXED) {
    const optionList = fixedOptions[fixed.dataId];
    add(
      describeColumn({
        dataId: fixed.dataId,
        subjectKind: fixed.kind,
        subjectName: null,
        name: fixed.name,
        type: fixed.type,
        ...(optionList ? { options: optionList } : {}),
        shownOnly: fixed.type === 'Metadata',
      }),
      fixedSql[fixed.dataId]!,
    );
  }
  for (const stage of entriesOf(used.stages.keys()).sort(byName)) {
    const base = { subjectKind: 'Stage' as const, subjectName: stage.name };
    add(
      describeColumn({
        ...base,
        dataId: `stage.${stage.id}.ActiveTask`,
        name: 'Active Task',
        type: 'Enum',
        options: entryOptions(used.stages.get(stage.id)!),
      }),
      stageColumnSql(stage.id, 'ActiveTask'),
    );
    add(
      describeColumn({
        ...base,
        dataId: `stage.${stage.id}.ElapsedTime`,
        name: 'Elapsed Time',
        type: 'Duration',
      }),
      stageColumnSql(stage.id, 'ElapsedTime'),
    );
  }
  for (const task of entriesOf(used.tasks).sort(byName)) {
    for (const { field, name, type } of TASK_FIELDS) {
      const columnSql = taskColumnSql(task.id, field);
      add(
        describeColumn({
          dataId: `task.${task.id}.${field}`,
          subjectKind: 'Task',
          subjectName: task.name,
          name,
          type,
          ...(field === 'Status' ? { options: options(TaskStatus.options) } : {}),
        }),
        columnSql,
      );
    }
  }
  for (const property of entriesOf(used.properties).sort(byName)) {
    const reading = readingOf(property);
    if (!reading) continue;
    const columnSql = propertyColumnSql(property.id, reading.reading);
    add(
      describeColumn({
        dataId: `property.${property.id}`,
        subjectKind: 'Property',
        subjectName: null,
        name: property.name,
        type: reading.type,
        ...(reading.type === 'Enum' ? { options: choiceOptions(property) } : {}),
      }),
      reading.reading === 'Files' ? { ...columnSql, read: readFileNames } : columnSql,
    );
  }
  return catalogue;
}

const readFileNames = (raw: unknown) => {
  const names = fileRefsOf(raw).map((file) => file.fileName);
  return names.length > 0 ? names : null;
};

/** The catalogue grouped by subject kind, in the order kinds are listed. */
export function groupCatalogue(catalogue: Catalogue): OverviewColumnGroup[] {
  const columns = [...catalogue.values()].map((entry) => entry.column);
  return OverviewSubjectKind.options.flatMap((subjectKind) => {
    const inKind = columns.filter((column) => column.subjectKind === subjectKind);
    return inKind.length > 0 ? [{ subjectKind, columns: inKind }] : [];
  });
}
