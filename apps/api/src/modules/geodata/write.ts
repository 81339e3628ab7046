import type { GeodataKind, GeodataSource, GeodataWriteResult } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { GeodataBatch } from './features.ts';
import { lockSummary, refreshSummary, removeMissing, upsertPoles, upsertSpans } from './repo.ts';

export interface WriteOptions {
  source: GeodataSource;
  /** Delete the project's rows of this kind that the batch does not hold (a sync, or an import with replace). */
  replace: boolean;
  /** The attribute the ids came from, reported back. */
  idField: string;
  skipped: number;
  /** Set when the batch is an ArcGIS sync, to record when it ran. */
  syncedAt?: Date;
}

const SYNCED_COLUMN: Record<GeodataKind, 'poles_synced_at' | 'spans_synced_at'> = {
  poles: 'poles_synced_at',
  spans: 'spans_synced_at',
};

/**
 * Writes a batch of poles or spans into a project, in the caller's transaction: upserts by external id,
 * removes what the source no longer has when replacing, then refreshes the project's map summary. Writes
 * to one project queue up on its summary row, so two syncs never interleave.
 */
export async function writeGeodata(
  db: Executor,
  projectId: string,
  batch: GeodataBatch,
  options: WriteOptions,
): Promise<GeodataWriteResult> {
  await lockSummary(db, projectId);
  const counts =
    batch.kind === 'poles'
      ? await upsertPoles(db, projectId, options.source, batch.records)
      : await upsertSpans(db, projectId, options.source, batch.records);
  const removed = options.replace
    ? await removeMissing(
        db,
        batch.kind,
        projectId,
        batch.records.map((record) => record.externalId),
      )
    : 0;
  const summary = await refreshSummary(db, projectId, {
    data_updated_at: new Date(),
    ...(options.syncedAt ? { [SYNCED_COLUMN[batch.kind]]: options.syncedAt } : {}),
  });
  return {
    kind: batch.kind,
    source: options.source,
    ...counts,
    removed,
    skipped: options.skipped,
    idField: options.idField,
    total: batch.kind === 'poles' ? summary.poleCount : summary.spanCount,
  };
}
