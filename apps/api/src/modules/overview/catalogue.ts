import {
  describeColumn,
  type FieldType,
  fileRefsOf,
  type OverviewColumn,
  type OverviewColumnGroup,
  type OverviewColumnOption,
  type OverviewColumnType,
  OverviewSubjectKind,
  PermitStatus,
  readTimer,
  TaskStatus,
  type WorkflowDefinition,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import {
  type ColumnSql,
  PERMIT_COLUMN_SQL,
  type PropertyReading,
  propertyColumnSql,
  stageColumnSql,
  type TaskField,
  taskColumnSql,
} from './column-sql.ts';
import { type OverviewScope, visibleProjects } from './visibility.ts';

/** A column the caller may use, with how it reads in SQL. */
export interface CatalogueColumn {
  column: OverviewColumn;
  sql: ColumnSql;
}

/** The caller's columns by dataId, in the order they are offered. */
export type Catalogue = Map<string, CatalogueColumn>;

interface EntryRow {
  id: string;
  kind: 'stage' | 'task' | 'property' | 'unit';
  name: string;
  field_type: FieldType | null;
  render_options: Record<string, unknown> | null;
}

const options = (values: readonly string[]): OverviewColumnOption[] =>
  values.map((value) => ({ value, label: value.replace(/([a-z])([A-Z])/g, '$1 $2') }));

type Fixed = { dataId: string; kind: OverviewColumn['subjectKind']; name: string; type: OverviewColumnType };
const FIXED: Fixed[] = [
  { dataId: 'project.Name', kind: 'Project', name: 'Project', type: 'Text' },
  { dataId: 'project.ProjectCode', kind: 'Project', name: 'Project Code', type: 'Text' },
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

/** The stages, tasks and properties the published templates use, and which tasks each stage holds. */
function usedEntries(definitions: WorkflowDefinition[]) {
  const stages = new Map<string, Set<string>>();
  const tasks = new Set<string>();
  const properties = new Set<string>();
  for (const definition of definitions) {
    for (const stage of definition.stages ?? []) {
      const stageTasks = stages.get(stage.libraryEntryId) ?? new Set<string>();
      stages.set(stage.libraryEntryId, stageTasks);
      for (const task of stage.tasks ?? []) {
        stageTasks.add(task.libraryEntryId);
        tasks.add(task.libraryEntryId);
        for (const property of task.properties ?? []) properties.add(property.libraryEntryId);
      }
    }
    for (const property of definition.applicationForm ?? []) properties.add(property.libraryEntryId);
  }
  return { stages, tasks, properties };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The columns the caller may use: the fixed ones, and a set per stage, task and property that the
 * published templates of the projects whose permits it sees use, named after their library entries.
 * Two statements whatever the number of projects or templates.
 */
export async function loadCatalogue(db: Executor, scope: OverviewScope): Promise<Catalogue> {
  const [templates, entries] = await Promise.all([
    sql<{ definition: WorkflowDefinition }>`SELECT DISTINCT wt.definition
      FROM workflow_templates wt JOIN ${visibleProjects(scope)} vp ON vp.project_id = wt.project_id
      WHERE wt.status = 'Published'`.execute(db),
    db
      .selectFrom('library_entries')
      .select(['id', 'kind', 'name', 'field_type', 'render_options'])
      .where('application', '=', 'JointUse')
      .where('kind', 'in', ['stage', 'task', 'property'])
      .execute() as Promise<EntryRow[]>,
  ]);
  const entryById = new Map(entries.map((entry) => [entry.id, entry]));
  const used = usedEntries(templates.rows.map((row) => row.definition));
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
    'permit.Status': options(PermitStatus.options),
    'workflow.ActiveStage': entryOptions(used.stages.keys()),
    'workflow.NextUpTask': entryOptions(used.tasks),
  };
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
      PERMIT_COLUMN_SQL[fixed.dataId]!,
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
          shownOnly: field === 'ElapsedTimeOnTimer',
        }),
        field === 'ElapsedTimeOnTimer' ? { ...columnSql, read: readElapsedOnTimer } : columnSql,
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

interface StoredTimer {
  durationDays: number;
  dayKind: 'Calendar' | 'Business';
  timeZone: string;
  pausesOnHold: boolean;
  holds: { from: string; to: string | null }[];
  startedAt: string;
  stoppedAt: string | null;
}

/** Days counted on the task's timer (business or calendar days, holds taken out when it pauses on hold). */
function readElapsedOnTimer(raw: unknown) {
  if (!raw || typeof raw !== 'object') return null;
  const timer = raw as StoredTimer;
  const reading = readTimer(
    {
      durationDays: timer.durationDays,
      dayKind: timer.dayKind,
      timeZone: timer.timeZone,
      pausesOnHold: timer.pausesOnHold,
      holds: timer.holds.map((hold) => ({
        from: new Date(hold.from),
        to: hold.to === null ? null : new Date(hold.to),
      })),
      startedAt: new Date(timer.startedAt),
      stoppedAt: timer.stoppedAt === null ? null : new Date(timer.stoppedAt),
    },
    new Date(),
  );
  return reading.elapsedOnTimerDays;
}

/** The catalogue grouped by subject kind, in the order kinds are listed. */
export function groupCatalogue(catalogue: Catalogue): OverviewColumnGroup[] {
  const columns = [...catalogue.values()].map((entry) => entry.column);
  return OverviewSubjectKind.options.flatMap((subjectKind) => {
    const inKind = columns.filter((column) => column.subjectKind === subjectKind);
    return inKind.length > 0 ? [{ subjectKind, columns: inKind }] : [];
  });
}
