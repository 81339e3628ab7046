import {
  columnTitle,
  type FilterCondition,
  type FilterGroup,
  type FilterOperator,
  type FilterRow,
  filterRowsOf,
  filterValueProblem,
  formatDate,
  formatNumber,
  isCompleteRow,
  normalizeFilter,
  type OverviewColumn,
} from '@crossarm/shared';

// Editing the filter tree of the filter builder. Groups are addressed by their path of child indexes from
// the root ([] is the root); rows by their id. Every function returns a new tree.

/** Where a group sits: the indexes of the groups leading to it from the root. */
export type GroupPath = readonly number[];

export function emptyFilter(): FilterGroup {
  return { condition: 'And', rows: [], groups: [] };
}

export function emptyRow(id: string): FilterRow {
  return { id, dataId: null, operator: null, value: null };
}

function mapGroup(
  tree: FilterGroup,
  path: GroupPath,
  change: (group: FilterGroup) => FilterGroup,
): FilterGroup {
  if (path.length === 0) return change(tree);
  const [index, ...rest] = path;
  return {
    ...tree,
    groups: tree.groups.map((group, i) => (i === index ? mapGroup(group, rest, change) : group)),
  };
}

function mapRows(tree: FilterGroup, change: (rows: FilterRow[]) => FilterRow[]): FilterGroup {
  return {
    ...tree,
    rows: change(tree.rows),
    groups: tree.groups.map((group) => mapRows(group, change)),
  };
}

/** The tree with an empty row added at the end of a group. */
export function addRow(tree: FilterGroup, path: GroupPath, rowId: string): FilterGroup {
  return mapGroup(tree, path, (group) => ({ ...group, rows: [...group.rows, emptyRow(rowId)] }));
}

/** The tree with a new group (holding one empty row) added inside a group. */
export function addGroup(tree: FilterGroup, path: GroupPath, rowId: string): FilterGroup {
  return mapGroup(tree, path, (group) => ({
    ...group,
    groups: [...group.groups, { condition: 'And', rows: [emptyRow(rowId)], groups: [] }],
  }));
}

/** The tree without a group (the root cannot be removed: it is emptied instead). */
export function removeGroup(tree: FilterGroup, path: GroupPath): FilterGroup {
  if (path.length === 0) return { ...tree, rows: [], groups: [] };
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return mapGroup(tree, parent, (group) => ({
    ...group,
    groups: group.groups.filter((_, i) => i !== index),
  }));
}

export function setCondition(tree: FilterGroup, path: GroupPath, condition: FilterCondition): FilterGroup {
  return mapGroup(tree, path, (group) => ({ ...group, condition }));
}

/** The tree without the row. */
export function removeRow(tree: FilterGroup, rowId: string): FilterGroup {
  return mapRows(tree, (rows) => rows.filter((row) => row.id !== rowId));
}

/**
 * The tree with a row changed. Choosing another column resets the operator to the column's first one and
 * clears the value; choosing an operator the column does not have is ignored.
 */
export function updateRow(
  tree: FilterGroup,
  rowId: string,
  patch: Partial<Pick<FilterRow, 'dataId' | 'operator' | 'value'>>,
  columns: ReadonlyMap<string, OverviewColumn>,
): FilterGroup {
  return mapRows(tree, (rows) =>
    rows.map((row) => {
      if (row.id !== rowId) return row;
      if (patch.dataId !== undefined && patch.dataId !== row.dataId) {
        const column = patch.dataId ? columns.get(patch.dataId) : undefined;
        return { id: row.id, dataId: patch.dataId, operator: column?.operators[0] ?? null, value: null };
      }
      const next = { ...row, ...patch };
      const column = row.dataId ? columns.get(row.dataId) : undefined;
      if (patch.operator && column && !column.operators.includes(patch.operator))
        next.operator = row.operator;
      return next;
    }),
  );
}

/**
 * The tree with the spaces around each text value trimmed, as typed values are meant ('Ridgeline Fiber '
 * is Ridgeline Fiber); a value of spaces alone becomes empty, so its row is left out when applied.
 */
export function trimTextValues(tree: FilterGroup | null): FilterGroup | null {
  if (!tree) return null;
  return mapRows(tree, (rows) =>
    rows.map((row) => (typeof row.value === 'string' ? { ...row, value: row.value.trim() } : row)),
  );
}

/** Where a filter's value can be picked from: the names of projects or of organizations. */
export type NamePicker = 'projects' | 'organizations';

const NAME_PICKERS: Readonly<Record<string, NamePicker>> = {
  'project.Name': 'projects',
  'permit.ApplicantName': 'organizations',
};

/**
 * The list a filter row's value is picked from: the project's and the applicant's names for 'is' and 'is
 * not', which match a whole name; null for free text ('contains' matches part of one, other columns).
 */
export function namePickerOf(dataId: string | null, operator: FilterOperator | null): NamePicker | null {
  if (!dataId || (operator !== 'Equals' && operator !== 'NotEquals')) return null;
  return NAME_PICKERS[dataId] ?? null;
}

/** The people a tree filters by (Users columns) whose names are not known yet, each once, in order. */
export function unnamedPeople(
  tree: FilterGroup | null,
  columns: ReadonlyMap<string, OverviewColumn>,
  known: ReadonlyMap<string, string>,
): string[] {
  const ids = filterRowsOf(normalizeFilter(tree)).flatMap((row) =>
    row.dataId && columns.get(row.dataId)?.type === 'Users' && typeof row.value === 'string'
      ? [row.value]
      : [],
  );
  return [...new Set(ids)].filter((id) => !known.has(id));
}

/** How many rows filter once the tree is applied (incomplete rows do not). */
export function activeRowCount(tree: FilterGroup | null): number {
  return filterRowsOf(normalizeFilter(tree)).length;
}

/** What is wrong with a complete row's value for its column, or null (incomplete rows are dropped, not wrong). */
export function rowProblem(row: FilterRow, column: OverviewColumn | undefined): string | null {
  if (!isCompleteRow(row)) return null;
  if (!column) return 'This column is no longer available';
  return filterValueProblem(column, row.value);
}

/** Every problem of the tree's complete rows, by row id. */
export function treeProblems(
  tree: FilterGroup,
  columns: ReadonlyMap<string, OverviewColumn>,
): Map<string, string> {
  const problems = new Map<string, string>();
  for (const row of filterRowsOf(tree)) {
    const problem = rowProblem(row, row.dataId ? columns.get(row.dataId) : undefined);
    if (problem) problems.set(row.id, problem);
  }
  return problems;
}

export const OPERATOR_SYMBOLS: Record<FilterOperator, string> = {
  Equals: 'is',
  NotEquals: 'is not',
  Contains: 'contains',
  LessThan: '<',
  LessThanOrEquals: '≤',
  GreaterThan: '>',
  GreaterThanOrEquals: '≥',
};

/** How an operator reads for a column type: people "include", dates come "before" and "after". */
export function operatorLabel(
  operator: FilterOperator,
  column: Pick<OverviewColumn, 'type'> | undefined,
): string {
  if (column?.type === 'Users') return operator === 'Contains' ? 'includes' : 'does not include';
  if (column?.type === 'Date') {
    const dates: Partial<Record<FilterOperator, string>> = {
      LessThan: 'before',
      LessThanOrEquals: 'on or before',
      GreaterThan: 'after',
      GreaterThanOrEquals: 'on or after',
    };
    return dates[operator] ?? OPERATOR_SYMBOLS[operator];
  }
  return OPERATOR_SYMBOLS[operator];
}

/**
 * A filter value as people read it: option labels, dates as 'MMM dd, yyyy', numbers grouped as the cells
 * show them, days counted, user names when known.
 */
export function valueText(
  column: OverviewColumn | undefined,
  value: unknown,
  userNames?: ReadonlyMap<string, string>,
): string {
  if (value === null || value === undefined) return '';
  if (!column) return String(value);
  switch (column.type) {
    case 'Enum':
      return column.options?.find((o) => o.value === value)?.label ?? String(value);
    case 'Date':
      return typeof value === 'string' ? formatDate(value) || value : String(value);
    case 'Boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'Users':
      return userNames?.get(String(value)) ?? 'a person';
    case 'Number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'Duration':
      return typeof value === 'number'
        ? `${formatNumber(value)} ${value === 1 ? 'day' : 'days'}`
        : `${String(value)} days`;
    default:
      return String(value);
  }
}

/** One active filter row as a chip: 'Status is Active'. */
export function describeRow(
  row: FilterRow,
  column: OverviewColumn | undefined,
  userNames?: ReadonlyMap<string, string>,
): string {
  const name = column ? columnTitle(column) : (row.dataId ?? '');
  const operator = row.operator ? operatorLabel(row.operator, column) : '';
  return `${name} ${operator} ${valueText(column, row.value, userNames)}`.trim();
}

/** A filter row as a removable chip, or a bracketed group of chips; `joiner` is the word shown before it. */
export type FilterChipSegment =
  | { kind: 'row'; rowId: string; text: string; joiner: FilterJoiner | null }
  | {
      kind: 'group';
      condition: FilterCondition;
      /** What a screen reader hears for the group: 'Any of 2 filters'. */
      label: string;
      joiner: FilterJoiner | null;
      segments: FilterChipSegment[];
    };

/** The word between the chips of a group: 'and' for All, 'or' for Any. */
export type FilterJoiner = 'and' | 'or';

/** The chips of a whole filter: its own condition and the chips and groups inside it. */
export interface FilterChipTree {
  condition: FilterCondition;
  /** What a screen reader hears for the whole list: 'Active filters, all must match'. */
  label: string;
  segments: FilterChipSegment[];
}

const joinerOf = (condition: FilterCondition): FilterJoiner => (condition === 'Or' ? 'or' : 'and');

type ChipEntry =
  | { kind: 'row'; row: FilterRow }
  | { kind: 'group'; condition: FilterCondition; entries: ChipEntry[] };

/**
 * A group's entries as people read them: a group of one is that one entry, and a group with the same condition
 * as the group around it is part of it (A and (B and C) reads A and B and C). Each filters as the tree does.
 */
function entriesOf(group: FilterGroup): ChipEntry[] {
  const entries: ChipEntry[] = group.rows.map((row) => ({ kind: 'row', row }));
  for (const child of group.groups) {
    const inner = entriesOf(child);
    if (inner.length === 0) continue;
    const entry: ChipEntry =
      inner.length === 1 ? inner[0]! : { kind: 'group', condition: child.condition, entries: inner };
    if (entry.kind === 'group' && entry.condition === group.condition) entries.push(...entry.entries);
    else entries.push(entry);
  }
  return entries;
}

const countText = (count: number) => `${count} filter${count === 1 ? '' : 's'}`;

/**
 * The chips of an applied filter (incomplete rows left out), keeping its structure: rows joined by their
 * group's word, nested groups of another condition bracketed. Null when nothing filters.
 */
export function filterChipsOf(
  filter: FilterGroup | null,
  describe: (row: FilterRow) => string,
): FilterChipTree | null {
  const tree = normalizeFilter(filter);
  if (!tree) return null;
  let condition = tree.condition;
  let entries = entriesOf(tree);
  // A filter that is one group of another condition reads as that group.
  while (entries.length === 1 && entries[0]!.kind === 'group') {
    condition = entries[0]!.condition;
    entries = entries[0]!.entries;
  }
  const segmentsOf = (list: ChipEntry[], within: FilterCondition): FilterChipSegment[] =>
    list.map((entry, index): FilterChipSegment => {
      const joiner = index === 0 ? null : joinerOf(within);
      if (entry.kind === 'row')
        return { kind: 'row', rowId: entry.row.id, text: describe(entry.row), joiner };
      return {
        kind: 'group',
        condition: entry.condition,
        label: `${entry.condition === 'Or' ? 'Any' : 'All'} of ${countText(entry.entries.length)}`,
        joiner,
        segments: segmentsOf(entry.entries, entry.condition),
      };
    });
  const label =
    entries.length === 1
      ? 'Active filters'
      : `Active filters, ${condition === 'Or' ? 'any may' : 'all must'} match`;
  return { condition, label, segments: segmentsOf(entries, condition) };
}
