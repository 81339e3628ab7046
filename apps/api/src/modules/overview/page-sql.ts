import type { OverviewRow } from '@crossarm/shared';
import { sql } from 'kysely';
import { type Catalogue, columnOf } from './catalogue.ts';
import {
  joinsSql,
  LATEST_FIRST,
  PLACE_ENTRY,
  type PlaceCell,
  type PlaceTable,
  type Sql,
} from './column-sql.ts';

// The cells of a page's permits (`c0, c1...`) and how their raw rows read as overview rows.

/** Reads the raw rows of the asked columns (`c0, c1...`, see `shownSql`) as overview rows. */
export function rowReader(catalogue: Catalogue, dataIds: string[]) {
  const cells = dataIds.map((dataId, index) => ({
    name: `c${index}`,
    read: columnOf(catalogue, dataId).sql.read,
  }));
  return (raw: Record<string, unknown>): OverviewRow => ({
    id: raw.id as string,
    projectId: raw.project_id as string,
    cells: cells.map(({ name, read }) => {
      const value = raw[name] ?? null;
      return (read ? read(value) : value) as OverviewRow['cells'][number];
    }),
  });
}

/** The shown values of the asked columns, as `c0, c1...`, and the joins they read. */
export function shownSql(catalogue: Catalogue, dataIds: string[]) {
  const columns = dataIds.map((dataId) => columnOf(catalogue, dataId).sql);
  return {
    cells: columns.map((column, index) => sql`${column.shown} AS ${sql.ref(`c${index}`)}`),
    joins: joinsSql(columns.flatMap((column) => column.shownJoins ?? [])),
  };
}

/**
 * The tables a page's cells are read from, one pass each per row. `first`, where given, is the order in which
 * every cell of one entry reads its first place: when all the cells of a pass are such, the pass keeps only
 * each entry's first place (`DISTINCT ON`), which sorts the permit's places once rather than once per cell.
 */
const PLACE_TABLES: Record<
  PlaceTable,
  { alias: string; from: Sql; first?: { of: Sql; order: Sql; as: string } }
> = {
  stages: { alias: 'page_stages', from: sql`FROM permit_stages s WHERE s.permit_id = p.id` },
  tasks: {
    alias: 'page_tasks',
    from: sql`FROM permit_tasks t JOIN permit_stages s ON s.permit_id = t.permit_id AND s.stage_key = t.stage_key
      WHERE t.permit_id = p.id`,
  },
  values: {
    alias: 'page_values',
    from: sql`FROM permit_property_values v WHERE v.permit_id = p.id`,
    first: {
      of: sql`(SELECT DISTINCT ON (v.property_entry_id) v.* FROM permit_property_values v WHERE v.permit_id = p.id`,
      order: LATEST_FIRST,
      as: 'v',
    },
  },
};

/**
 * The asked columns of the permits `p` (with their project `pr`) of a page, as `c0, c1...`, and the joins
 * they read from: a cell read from the permit's stages, tasks or values is one aggregate of a single pass
 * over that table for the row (the first place that fits, in its order), and the people assigned to tasks
 * are one pass over the permit's assignments (each person once, with which cells they are in; the pass over
 * the tasks names each cell's tasks by key), so a page reads each such table once per row however many of
 * its columns are shown. Other cells are read on their own.
 */
export function pageCellsSql(catalogue: Catalogue, dataIds: string[]) {
  /** A cell of a pass over a place table; without `when`, an aggregate over the whole pass. */
  type PassCell = Omit<PlaceCell, 'table' | 'when'> & { when?: Sql; name: string };
  const byTable = new Map<PlaceTable, PassCell[]>();
  const inPeople: Sql[] = [];
  const people: Sql[] = [];
  const shownJoins: Sql[] = [];
  const columns = dataIds.map((dataId) => columnOf(catalogue, dataId).sql);
  // A pass for a single cell reads all of the permit's places for one of them: such a cell is read on its own
  // (by its place's key, as one row's cell is), and a pass is made for two cells or more.
  const cellsOfTable = new Map<PlaceTable, number>();
  for (const column of columns) {
    const table = column.assigned ? 'tasks' : column.place?.table;
    if (table) cellsOfTable.set(table, (cellsOfTable.get(table) ?? 0) + 1);
  }
  const cells = columns.map((column, index) => {
    const name = `c${index}`;
    if (column.assigned) {
      const flag = sql.ref(`f${index}`);
      const keys = `k${index}`;
      const tasks = byTable.get('tasks') ?? [];
      byTable.set('tasks', tasks);
      tasks.push({ value: column.assigned.taskKeys, entry: column.assigned.entry, name: keys });
      inPeople.push(
        sql`bool_or(a.task_key = ANY (${sql.ref(`${PLACE_TABLES.tasks.alias}.${keys}`)})) AS ${flag}`,
      );
      people.push(sql`json_agg(json_build_object('id', pu.id, 'name', pu.name)
        ORDER BY pu.last_name, pu.first_name, pu.id) FILTER (WHERE ${sql.ref(`pu.f${index}`)}) AS ${sql.ref(name)}`);
      return sql`${sql.ref(`page_people.${name}`)} AS ${sql.ref(name)}`;
    }
    if (!column.place || cellsOfTable.get(column.place.table) === 1) {
      shownJoins.push(...(column.shownJoins ?? []));
      return sql`${column.shown} AS ${sql.ref(name)}`;
    }
    const { table, ...part } = column.place;
    const parts = byTable.get(table) ?? [];
    byTable.set(table, parts);
    parts.push({ ...part, name });
    return sql`${sql.ref(`${PLACE_TABLES[table].alias}.${name}`)} AS ${sql.ref(name)}`;
  });
  const joins = [...byTable].map(([table, parts]) => {
    const { alias, from, first } = PLACE_TABLES[table];
    // When every cell read from the table is of one entry, the pass reads only those entries' places (by
    // the table's key on permit and entry), not all of the permit's.
    const entries = parts.map((part) => part.entry);
    const only = entries.every((entry) => entry !== undefined)
      ? sql` AND ${PLACE_ENTRY[table]} = ANY (${[...new Set(entries)]}::uuid[])`
      : sql``;
    const firstOnly = first && parts.every((part) => part.entry !== undefined && part.order === first.order);
    const cells = parts.map(({ value, when, order, name }) => {
      if (!when) return sql`${value} AS ${sql.ref(name)}`;
      const sorted = order && !firstOnly ? sql` ORDER BY ${order}` : sql``;
      return sql`(array_agg(${value}${sorted}) FILTER (WHERE ${when}))[1] AS ${sql.ref(name)}`;
    });
    const source = firstOnly
      ? sql`FROM ${first.of}${only} ORDER BY ${PLACE_ENTRY[table]}, ${first.order}) ${sql.ref(first.as)}`
      : sql`${from}${only}`;
    return sql`LEFT JOIN LATERAL (SELECT ${sql.join(cells)} ${source}) ${sql.ref(alias)} ON true`;
  });
  if (people.length > 0) {
    joins.push(sql`LEFT JOIN LATERAL (SELECT ${sql.join(people)} FROM (
        SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.last_name, u.first_name, ${sql.join(inPeople)}
        FROM permit_task_assignments a JOIN users u ON u.id = a.user_id
        WHERE a.permit_id = p.id GROUP BY u.id) pu) page_people ON true`);
  }
  return { cells, joins: sql.join([...new Set(shownJoins), ...joins], sql` `) };
}
