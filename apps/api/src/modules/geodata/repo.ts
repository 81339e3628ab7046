import type { BoundingBox, GeodataKind, GeodataSource } from '@crossarm/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PoleRecord, Position, SpanRecord } from './features.ts';

/** Rows per INSERT: spans take 11 parameters a row, well inside PostgreSQL's 65,535. */
const CHUNK = 1_000;

interface TableSpec<R> {
  table: 'project_poles' | 'project_spans';
  /** Columns besides project_id, external_id and source, in the order `values` gives them. */
  columns: readonly string[];
  json: ReadonlySet<string>;
  values(record: R): unknown[];
}

/** The box around a line, kept beside it so a map query needs no geometry. */
export function extentOf(coordinates: Position[]): BoundingBox {
  const lons = coordinates.map(([lon]) => lon);
  const lats = coordinates.map(([, lat]) => lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const POLES: TableSpec<PoleRecord> = {
  table: 'project_poles',
  columns: ['lon', 'lat', 'attributes'],
  json: new Set(['attributes']),
  values: (r) => [r.lon, r.lat, JSON.stringify(r.attributes)],
};

const SPANS: TableSpec<SpanRecord> = {
  table: 'project_spans',
  columns: [
    'coordinates',
    'from_pole_id',
    'to_pole_id',
    'min_lon',
    'min_lat',
    'max_lon',
    'max_lat',
    'attributes',
  ],
  json: new Set(['coordinates', 'attributes']),
  values: (r) => [
    JSON.stringify(r.coordinates),
    r.fromPoleId,
    r.toPoleId,
    ...extentOf(r.coordinates),
    JSON.stringify(r.attributes),
  ],
};

export interface UpsertCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Inserts new features and rewrites changed ones, matched by (project, external id). A row whose values
 * are all the same is left alone, so its updated_at keeps saying when it last really changed.
 */
async function upsert<R extends { externalId: string }>(
  db: Executor,
  spec: TableSpec<R>,
  projectId: string,
  source: GeodataSource,
  records: R[],
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
  const compared = ['source', ...spec.columns];
  const columns = ['project_id', 'external_id', ...compared];
  const setList = sql.join(compared.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`));
  const mine = sql.join(compared.map((c) => sql.ref(`t.${c}`)));
  const theirs = sql.join(compared.map((c) => sql.ref(`excluded.${c}`)));
  for (let start = 0; start < records.length; start += CHUNK) {
    const chunk = records.slice(start, start + CHUNK);
    const rows = chunk.map((record) => {
      const values = [projectId, record.externalId, source, ...spec.values(record)];
      return sql`(${sql.join(values.map((value, i) => (spec.json.has(columns[i]!) ? sql`${value}::jsonb` : sql`${value}`)))})`;
    });
    const result = await sql<{ inserted: boolean }>`
      INSERT INTO ${sql.table(spec.table)} AS t (${sql.join(columns.map((c) => sql.ref(c)))})
      VALUES ${sql.join(rows)}
      ON CONFLICT (project_id, external_id) DO UPDATE SET ${setList}, updated_at = now()
      WHERE (${mine}) IS DISTINCT FROM (${theirs})
      RETURNING (xmax = 0) AS inserted`.execute(db);
    const added = result.rows.filter((row) => row.inserted).length;
    counts.added += added;
    counts.updated += result.rows.length - added;
    counts.unchanged += chunk.length - result.rows.length;
  }
  return counts;
}

/** Upserts poles; see `upsert`. */
export function upsertPoles(db: Executor, projectId: string, source: GeodataSource, records: PoleRecord[]) {
  return upsert(db, POLES, projectId, source, records);
}

/** Upserts spans; see `upsert`. */
export function upsertSpans(db: Executor, projectId: string, source: GeodataSource, records: SpanRecord[]) {
  return upsert(db, SPANS, projectId, source, records);
}

const TABLE: Record<GeodataKind, 'project_poles' | 'project_spans'> = {
  poles: 'project_poles',
  spans: 'project_spans',
};

/** Deletes the project's rows whose external id is not among `keep`; returns how many went. */
export async function removeMissing(db: Executor, kind: GeodataKind, projectId: string, keep: string[]) {
  // An anti-join against the unnested list stays linear for hundreds of thousands of ids, where
  // `NOT IN (...)` or `<> ALL(...)` would compare every row with every id.
  const result = await sql`
    DELETE FROM ${sql.table(TABLE[kind])} AS t
    WHERE t.project_id = ${projectId}
      AND NOT EXISTS (SELECT 1 FROM unnest(${keep}::text[]) AS k(id) WHERE k.id = t.external_id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The project's summary row, created empty if needed and locked, so writes to one project's data queue up. */
export async function lockSummary(db: Executor, projectId: string) {
  await db
    .insertInto('project_agol')
    .values({ project_id: projectId })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  return db
    .selectFrom('project_agol')
    .selectAll()
    .where('project_id', '=', projectId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function findAgol(db: Executor, projectId: string) {
  return db.selectFrom('project_agol').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

function fieldNames(kind: GeodataKind, projectId: string): RawBuilder<{ key: string }> {
  return sql<{ key: string }>`
    SELECT DISTINCT key FROM ${sql.table(TABLE[kind])} AS t, jsonb_object_keys(t.attributes) AS key
    WHERE t.project_id = ${projectId} ORDER BY key LIMIT 500`;
}

/** Recounts the project's poles and spans, their extent and attribute names, after a write. */
export async function refreshSummary(
  db: Executor,
  projectId: string,
  changed: { data_updated_at: Date; poles_synced_at?: Date; spans_synced_at?: Date },
) {
  const [poles, spans, poleFields, spanFields] = await Promise.all([
    db
      .selectFrom('project_poles')
      .where('project_id', '=', projectId)
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.min('lon').as('min_lon'),
        eb.fn.min('lat').as('min_lat'),
        eb.fn.max('lon').as('max_lon'),
        eb.fn.max('lat').as('max_lat'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('project_spans')
      .where('project_id', '=', projectId)
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.min('min_lon').as('min_lon'),
        eb.fn.min('min_lat').as('min_lat'),
        eb.fn.max('max_lon').as('max_lon'),
        eb.fn.max('max_lat').as('max_lat'),
      ])
      .executeTakeFirstOrThrow(),
    fieldNames('poles', projectId).execute(db),
    fieldNames('spans', projectId).execute(db),
  ]);
  const edge = (pick: (...values: number[]) => number, a: number | null, b: number | null) =>
    a === null ? b : b === null ? a : pick(a, b);
  await db
    .updateTable('project_agol')
    .set({
      ...changed,
      pole_count: Number(poles.n),
      span_count: Number(spans.n),
      min_lon: edge(Math.min, poles.min_lon, spans.min_lon),
      min_lat: edge(Math.min, poles.min_lat, spans.min_lat),
      max_lon: edge(Math.max, poles.max_lon, spans.max_lon),
      max_lat: edge(Math.max, poles.max_lat, spans.max_lat),
      pole_fields: JSON.stringify(poleFields.rows.map((row) => row.key)),
      span_fields: JSON.stringify(spanFields.rows.map((row) => row.key)),
    })
    .where('project_id', '=', projectId)
    .execute();
  return { poleCount: Number(poles.n), spanCount: Number(spans.n) };
}

/** Stores the project's layer settings, creating its row if needed. */
export async function saveAgol(
  db: Executor,
  projectId: string,
  settings: {
    url: string;
    service_url: string;
    layer_name: string;
    layer_id: number;
    spans_layer_name: string | null;
    spans_layer_id: number | null;
    updated_by: string;
  },
) {
  const values = { ...settings, updated_at: new Date() };
  await db
    .insertInto('project_agol')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
}

/** Reads one row past the limit, to tell whether the view holds more than it returns. */
async function capped<R>(query: { limit(count: number): { execute(): Promise<R[]> } }, limit: number) {
  const rows = await query.limit(limit + 1).execute();
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

/** The poles inside a box (or all), at most `limit` of them, and whether more were there. */
export function polesInView(db: Executor, projectId: string, bbox: BoundingBox | undefined, limit: number) {
  const query = db
    .selectFrom('project_poles')
    .select(['external_id', 'lon', 'lat', 'attributes'])
    .where('project_id', '=', projectId)
    .$if(bbox !== undefined, (qb) => {
      const [minLon, minLat, maxLon, maxLat] = bbox!;
      return qb
        .where('lon', '>=', minLon)
        .where('lon', '<=', maxLon)
        .where('lat', '>=', minLat)
        .where('lat', '<=', maxLat);
    });
  return capped(query, limit);
}

/** The spans crossing a box (or all), at most `limit` of them, and whether more were there. */
export function spansInView(db: Executor, projectId: string, bbox: BoundingBox | undefined, limit: number) {
  const query = db
    .selectFrom('project_spans')
    .select(['external_id', 'coordinates', 'from_pole_id', 'to_pole_id', 'attributes'])
    .where('project_id', '=', projectId)
    .$if(bbox !== undefined, (qb) => {
      const [minLon, minLat, maxLon, maxLat] = bbox!;
      return qb
        .where('min_lon', '<=', maxLon)
        .where('max_lon', '>=', minLon)
        .where('min_lat', '<=', maxLat)
        .where('max_lat', '>=', minLat);
    });
  return capped(query, limit);
}
