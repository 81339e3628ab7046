import { z } from 'zod';
import { isEmptyValue } from './permit-values.ts';
import { utcDate } from './validators.ts';

// The permit overview (the permit tracker's table): the columns a caller may show, filter, sort and sum,
// the nested filter tree, and the request and answer of `POST permits/overview`.
//
// Column ids (`dataId`) stay the same across template versions: stages, tasks and properties are named by
// their library entry, never by a template's keys.
// - `permit.PermitNumber|ApplicantName|Location|CreateDate|LastActivity|Status|ActualPoles|Metadata`
// - `project.Name|ProjectCode`
// - `jointUseProject.PoleOwner|YourRole`: the project's pole owner (an organization id) and the caller's
//   organization's role in the project (PoleOwner or AttacherOrg)
// - `workflow.ActiveStage|NextUpTask|NextUpTaskAssignees`
// - `stage.<stageEntryId>.ActiveTask|ElapsedTime`
// - `task.<taskEntryId>.PersonAssigned|Status|ElapsedTime|ElapsedTimeOnTimer`
// - `property.<propertyEntryId>`
// Metadata is the workflow the permit runs on (template name and version) with its number of files and
// comments; it is shown, not filtered or sorted.

/** What a filter or a column is about. */
export const OverviewSubjectKind = z.enum([
  'Project',
  'JointUseProject',
  'Permit',
  'Workflow',
  'Stage',
  'Task',
  'Property',
  'Metadata',
]);
export type OverviewSubjectKind = z.infer<typeof OverviewSubjectKind>;

/**
 * How a column's values read. Dates filter by day (`YYYY-MM-DD`, UTC for moments); durations are days;
 * Enum values are one of the column's options; Users values are the people (filtered by a user id).
 */
export const OverviewColumnType = z.enum([
  'Text',
  'Number',
  'Date',
  'Enum',
  'Users',
  'Duration',
  'Boolean',
  'Files',
  'Metadata',
]);
export type OverviewColumnType = z.infer<typeof OverviewColumnType>;

export const FilterOperator = z.enum([
  'Equals',
  'NotEquals',
  'Contains',
  'LessThan',
  'LessThanOrEquals',
  'GreaterThan',
  'GreaterThanOrEquals',
]);
export type FilterOperator = z.infer<typeof FilterOperator>;

export const FilterCondition = z.enum(['And', 'Or']);
export type FilterCondition = z.infer<typeof FilterCondition>;

export const SortDirection = z.enum(['Ascending', 'Descending']);
export type SortDirection = z.infer<typeof SortDirection>;

export const SummaryMetric = z.enum(['Count', 'Sum', 'Average', 'Min', 'Max']);
export type SummaryMetric = z.infer<typeof SummaryMetric>;

const ORDERED: FilterOperator[] = [
  'Equals',
  'NotEquals',
  'LessThan',
  'LessThanOrEquals',
  'GreaterThan',
  'GreaterThanOrEquals',
];

/**
 * The operators that fit a column type. NotEquals always matches exactly the rows Equals leaves out, empty
 * values included; on Users, Contains means "includes this person" and NotEquals "does not include".
 */
export const OPERATORS_BY_TYPE: Record<OverviewColumnType, readonly FilterOperator[]> = {
  Text: ['Equals', 'NotEquals', 'Contains'],
  Number: ORDERED,
  Date: ORDERED,
  Duration: ORDERED,
  Enum: ['Equals', 'NotEquals'],
  Boolean: ['Equals', 'NotEquals'],
  Users: ['Contains', 'NotEquals'],
  Files: [],
  Metadata: [],
};

/** The summary metrics that fit a column type; Count counts the rows with a value. */
export const METRICS_BY_TYPE: Record<OverviewColumnType, readonly SummaryMetric[]> = {
  Text: ['Count'],
  Number: ['Count', 'Sum', 'Average', 'Min', 'Max'],
  Date: ['Count', 'Min', 'Max'],
  Duration: ['Count', 'Sum', 'Average', 'Min', 'Max'],
  Enum: ['Count'],
  Boolean: ['Count'],
  Users: ['Count'],
  Files: ['Count'],
  Metadata: [],
};

/** Types whose columns sort; the others are shown only. */
const SORTABLE: ReadonlySet<OverviewColumnType> = new Set([
  'Text',
  'Number',
  'Date',
  'Duration',
  'Enum',
  'Boolean',
  'Users',
]);

export const OverviewColumnOption = z.object({ value: z.string(), label: z.string() });
export type OverviewColumnOption = z.infer<typeof OverviewColumnOption>;

/** One column the caller may use. */
export const OverviewColumn = z.object({
  dataId: z.string(),
  subjectKind: OverviewSubjectKind,
  /** The stage, task or property it belongs to (its library entry's name); null for the fixed columns. */
  subjectName: z.string().nullable(),
  name: z.string(),
  type: OverviewColumnType,
  /** Enum columns: the values with what to show. */
  options: z.array(OverviewColumnOption).optional(),
  operators: z.array(FilterOperator),
  metrics: z.array(SummaryMetric),
  sortable: z.boolean(),
});
export type OverviewColumn = z.infer<typeof OverviewColumn>;

/** A column's name with what it belongs to, as the table, its pickers and its exports title it: 'Survey · Status'. */
export function columnTitle(column: Pick<OverviewColumn, 'name' | 'subjectName'>): string {
  return column.subjectName ? `${column.subjectName} · ${column.name}` : column.name;
}

export const OverviewColumnGroup = z.object({
  subjectKind: OverviewSubjectKind,
  columns: z.array(OverviewColumn),
});
export type OverviewColumnGroup = z.infer<typeof OverviewColumnGroup>;

/** A column's description from its id, kind, names and type: operators, metrics and sortability follow. */
export function describeColumn(
  column: Pick<OverviewColumn, 'dataId' | 'subjectKind' | 'subjectName' | 'name' | 'type'> & {
    options?: OverviewColumnOption[];
    /** Shown only: neither filtered, sorted nor summed. */
    shownOnly?: boolean;
  },
): OverviewColumn {
  const { shownOnly, ...rest } = column;
  return {
    ...rest,
    operators: shownOnly ? [] : [...OPERATORS_BY_TYPE[column.type]],
    metrics: shownOnly ? [] : [...METRICS_BY_TYPE[column.type]],
    sortable: !shownOnly && SORTABLE.has(column.type),
  };
}

// ---- Filters

export const MAX_FILTER_DEPTH = 5;
export const MAX_FILTER_ROWS = 100;
/** How many groups one filter tree holds at most, the top group left out. */
export const MAX_FILTER_GROUPS = 100;
export const MAX_FILTER_TEXT = 500;

/** A row as the filter builder keeps it: column, operator and value may still be missing. */
export const FilterRow = z.object({
  id: z.string().max(100),
  dataId: z.string().max(200).nullish(),
  operator: FilterOperator.nullish(),
  value: z.unknown().optional(),
});
export type FilterRow = z.infer<typeof FilterRow>;

export interface FilterGroup {
  condition: FilterCondition;
  rows: FilterRow[];
  groups: FilterGroup[];
}

/** A group as a client may send it: condition, rows and groups may be left out. */
export interface FilterGroupDraft {
  condition?: FilterCondition;
  rows?: z.input<typeof FilterRow>[];
  groups?: FilterGroupDraft[];
}

const FilterGroupShape: z.ZodType<FilterGroup, FilterGroupDraft> = z.lazy(() =>
  z.object({
    condition: FilterCondition.default('And'),
    rows: z.array(FilterRow).max(MAX_FILTER_ROWS).default([]),
    groups: z.array(FilterGroupShape).max(MAX_FILTER_ROWS).default([]),
  }),
);

/** Where a tree is too deep or has too many rows, with the path of the first place that breaks the limit. */
export function filterLimitProblems(group: FilterGroup): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  let rows = 0;
  const walk = (current: FilterGroup, depth: number, path: (string | number)[]) => {
    if (depth > MAX_FILTER_DEPTH) {
      problems.push({ path, message: `Filters nest at most ${MAX_FILTER_DEPTH} groups deep` });
      return;
    }
    rows += current.rows.length;
    current.groups.forEach((child, index) => {
      walk(child, depth + 1, [...path, 'groups', index]);
    });
  };
  walk(group, 1, []);
  if (rows > MAX_FILTER_ROWS) problems.push({ path: [], message: `At most ${MAX_FILTER_ROWS} filter rows` });
  return problems;
}

/** A filter tree as the API answers it (a saved view's filter), already within the limits it was saved under. */
export const FilterGroupOutput = FilterGroupShape;

/**
 * Whether a tree as sent, before any schema reads it, holds more than MAX_FILTER_GROUPS groups (counted no
 * deeper than a tree may nest, and no further than the limit): a tree of a million empty groups is refused
 * at once rather than read group by group.
 */
export function hasTooManyGroups(input: unknown): boolean {
  let groups = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object' || depth > MAX_FILTER_DEPTH) continue;
    const children = (value as { groups?: unknown }).groups;
    if (!Array.isArray(children)) continue;
    groups += children.length;
    if (groups > MAX_FILTER_GROUPS) return true;
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * A filter tree as sent: at most MAX_FILTER_DEPTH groups deep, MAX_FILTER_GROUPS groups and MAX_FILTER_ROWS
 * rows in all.
 */
export const FilterGroupInput: z.ZodType<FilterGroup, FilterGroupDraft> = z.preprocess(
  (input, ctx) => {
    if (hasTooManyGroups(input)) {
      ctx.addIssue({ code: 'custom', path: [], message: `At most ${MAX_FILTER_GROUPS} filter groups` });
    }
    return input;
  },
  FilterGroupShape.superRefine((group, ctx) => {
    for (const problem of filterLimitProblems(group)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  }),
);

/** A row counts only with a column, an operator and a value that is not empty. */
export function isCompleteRow(
  row: FilterRow,
): row is FilterRow & { dataId: string; operator: FilterOperator } {
  return Boolean(row.dataId) && Boolean(row.operator) && !isEmptyValue(row.value);
}

/**
 * The tree with incomplete rows left out and groups with nothing left dropped; null when nothing filters.
 * Applying it filters exactly as the tree as sent does.
 */
export function normalizeFilter(group: FilterGroup | null | undefined): FilterGroup | null {
  if (!group) return null;
  const rows = group.rows.filter(isCompleteRow);
  const groups = group.groups.map(normalizeFilter).filter((g): g is FilterGroup => g !== null);
  if (rows.length === 0 && groups.length === 0) return null;
  return { condition: group.condition, rows, groups };
}

/** The filter rows using a column, everywhere in the tree. */
export function filterRowsOf(group: FilterGroup | null): FilterRow[] {
  if (!group) return [];
  return [...group.rows, ...group.groups.flatMap(filterRowsOf)];
}

/**
 * The filter with only the rows a reader's columns can apply: a known column whose operators include the
 * row's and whose values the row's value fits. A view or a link may carry rows on columns of projects the
 * reader does not see, or on a column that has since changed; what is left is normalized.
 */
export function filterFittingColumns(
  filter: FilterGroup | null,
  columnOf: (dataId: string) => Pick<OverviewColumn, 'type' | 'options' | 'operators'> | undefined,
): FilterGroup | null {
  if (!filter) return null;
  const fits = (row: FilterRow) => {
    if (!isCompleteRow(row)) return false;
    const column = columnOf(row.dataId);
    return (
      !!column && column.operators.includes(row.operator) && filterValueProblem(column, row.value) === null
    );
  };
  const prune = (group: FilterGroup): FilterGroup => ({
    condition: group.condition,
    rows: group.rows.filter(fits),
    groups: group.groups.map(prune),
  });
  return normalizeFilter(prune(filter));
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is wrong with a filter value for a column, or null when it fits. */
export function filterValueProblem(column: Pick<OverviewColumn, 'type' | 'options'>, value: unknown) {
  switch (column.type) {
    case 'Text':
      if (typeof value !== 'string') return 'Must be text';
      return value.length > MAX_FILTER_TEXT ? `At most ${MAX_FILTER_TEXT} characters` : null;
    case 'Number':
    case 'Duration':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Must be a number';
    case 'Date': {
      const match = typeof value === 'string' ? ISO_DAY.exec(value) : null;
      if (!match) return 'Must be a date as YYYY-MM-DD';
      return utcDate(Number(match[1]), Number(match[2]), Number(match[3])) ? null : 'Invalid date';
    }
    case 'Enum':
      return typeof value === 'string' && (column.options ?? []).some((o) => o.value === value)
        ? null
        : 'Must be one of the options';
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'Must be true or false';
    case 'Users':
      return typeof value === 'string' && UUID.test(value) ? null : 'Must be a user id';
    default:
      return 'This column cannot be filtered';
  }
}

// ---- Request

export const MAX_OVERVIEW_PAGE_SIZE = 500;
export const MAX_OVERVIEW_COLUMNS = 200;
export const MAX_OVERVIEW_SORTS = 10;
export const MAX_SEARCH_TEXT = 200;

export const OverviewSort = z.object({
  /** A sort with no column (the default sort) is ignored. */
  dataId: z.string().max(200).nullish(),
  direction: SortDirection.default('Ascending'),
});
export type OverviewSort = z.infer<typeof OverviewSort>;

/** The sorts a request sends when the user has chosen none: one ascending entry with no column (newest first). */
export const DEFAULT_SORT_OPTIONS: readonly OverviewSort[] = [{ dataId: null, direction: 'Ascending' }];

export const OverviewSummaryOption = z.object({ dataId: z.string().max(200), metric: SummaryMetric });
export type OverviewSummaryOption = z.infer<typeof OverviewSummaryOption>;

/** Pages count from 0; a page size of 0 asks for no rows (the summary request). */
export const OverviewPageOptions = z.object({
  page: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(0).max(MAX_OVERVIEW_PAGE_SIZE).default(50),
});

/** The body of `POST permits/overview`. */
export const OverviewRequest = z.object({
  pageOptions: OverviewPageOptions.default({ page: 0, pageSize: 50 }),
  /** The columns wanted in each row, by dataId. */
  columnOptions: z.array(z.string().max(200)).max(MAX_OVERVIEW_COLUMNS).default([]),
  filterOptions: FilterGroupInput.nullish(),
  /** Text found in the permit number, location, applicant, project name or code (ignoring case). */
  searchOptions: z.object({ text: z.string().trim().max(MAX_SEARCH_TEXT).default('') }).nullish(),
  sortOptions: z.array(OverviewSort).max(MAX_OVERVIEW_SORTS).default([]),
  summaryRowOptions: z.array(OverviewSummaryOption).max(MAX_OVERVIEW_COLUMNS).default([]),
});
export type OverviewRequest = z.input<typeof OverviewRequest>;
export type ParsedOverviewRequest = z.infer<typeof OverviewRequest>;

/** What the answer carries. */
export const OverviewQuery = z.object({
  includeCount: z.stringbool().default(true),
  includeColumns: z.stringbool().default(false),
  includeData: z.stringbool().default(true),
  includeSummary: z.stringbool().default(false),
});
export type OverviewQuery = z.infer<typeof OverviewQuery>;

/** The body of `POST overview/row/{id}`: the columns wanted. */
export const OverviewRowRequest = z.object({
  columnOptions: z.array(z.string().max(200)).max(MAX_OVERVIEW_COLUMNS).default([]),
});

// ---- Answer

export const OverviewUser = z.object({ id: z.uuid(), name: z.string() });
export type OverviewUser = z.infer<typeof OverviewUser>;

export const OverviewMetadata = z.object({
  workflow: z.string(),
  version: z.number().int(),
  files: z.number().int(),
  comments: z.number().int(),
});
export type OverviewMetadata = z.infer<typeof OverviewMetadata>;

/**
 * A cell: text, a number (durations in days), a date (`YYYY-MM-DD`, or an ISO moment for the permit's
 * own dates), an Enum's value, true/false, the people, the file names, or the metadata; null when empty.
 */
export const OverviewCell = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(OverviewUser),
  z.array(z.string()),
  OverviewMetadata,
  z.null(),
]);
export type OverviewCell = z.infer<typeof OverviewCell>;

/**
 * A row: its cells in the order of the asked columns, each column once (see `distinctColumns`). Positional
 * cells keep a page small: named by column id, 50 rows of 40 columns were 124 KB, 90 of them the names.
 */
export const OverviewRow = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  cells: z.array(OverviewCell),
});
export type OverviewRow = z.infer<typeof OverviewRow>;

/** A row with its cells by column id, as a client reads them (see `rowByColumn`). */
export interface OverviewRowByColumn {
  id: string;
  projectId: string;
  values: Record<string, OverviewCell>;
}

/** The columns a row's cells stand for: the asked columns in their order, each once. */
export const distinctColumns = (columnOptions: readonly string[]): string[] => [...new Set(columnOptions)];

/** A row's cells by the column ids they were asked for (`columnOptions` of the request that read it). */
export function rowByColumn(row: OverviewRow, columnOptions: readonly string[]): OverviewRowByColumn {
  const values: Record<string, OverviewCell> = {};
  distinctColumns(columnOptions).forEach((dataId, index) => {
    values[dataId] = row.cells[index] ?? null;
  });
  return { id: row.id, projectId: row.projectId, values };
}

export const OverviewSummaryValue = z.object({
  dataId: z.string(),
  metric: SummaryMetric,
  value: z.union([z.number(), z.string(), z.null()]),
});
export type OverviewSummaryValue = z.infer<typeof OverviewSummaryValue>;

/** The answer; parts not asked for are null. */
export const OverviewResult = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nullable(),
  columns: z.array(OverviewColumn).nullable(),
  rows: z.array(OverviewRow).nullable(),
  summary: z.array(OverviewSummaryValue).nullable(),
});
export type OverviewResult = z.infer<typeof OverviewResult>;
