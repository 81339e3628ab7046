import {
  type BoundingBox,
  CLOSED_PERMIT_STATUSES,
  type PermitMap,
  type PermitMapInput,
  type PermitMapMetadata,
  type PermitStatus,
} from '@crossarm/shared';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { poleFeature, spanFeature } from '../geodata/map.ts';
import { recordPermitChange } from './events.ts';
import { requirePermit } from './permit-access.ts';

type PermitRef = { id: string; project_id: string };

/** The project poles a permit names, in the order they were given. */
function polesOf(db: Executor, permit: PermitRef) {
  return db
    .selectFrom('permit_poles as pp')
    .innerJoin('project_poles as p', (join) =>
      join.onRef('p.project_id', '=', 'pp.project_id').onRef('p.external_id', '=', 'pp.external_id'),
    )
    .select(['p.external_id', 'p.lon', 'p.lat', 'p.attributes'])
    .where('pp.permit_id', '=', permit.id)
    .orderBy('pp.position')
    .execute();
}

/** The project's spans whose both ends are poles of the permit. */
function spansOf(db: Executor, permit: PermitRef) {
  const permitPoleIds = db
    .selectFrom('permit_poles')
    .select('external_id')
    .where('permit_id', '=', permit.id);
  return db
    .selectFrom('project_spans')
    .select([
      'external_id',
      'coordinates',
      'from_pole_id',
      'to_pole_id',
      'attributes',
      'min_lon',
      'min_lat',
      'max_lon',
      'max_lat',
    ])
    .where('project_id', '=', permit.project_id)
    .where('from_pole_id', 'in', permitPoleIds)
    .where('to_pole_id', 'in', permitPoleIds)
    .orderBy('external_id')
    .execute();
}

/** The permit's poles and the spans between them as GeoJSON. */
export async function getPermitMap(ctx: ServiceContext, permitId: string): Promise<PermitMap> {
  const { permit } = await requirePermit(ctx, ctx.db, permitId);
  const [poles, spans] = await Promise.all([polesOf(ctx.db, permit), spansOf(ctx.db, permit)]);
  return {
    poles: { type: 'FeatureCollection', features: poles.map(poleFeature), truncated: false },
    spans: { type: 'FeatureCollection', features: spans.map(spanFeature), truncated: false },
  };
}

/** The box around every point given as `[minLon, minLat, maxLon, maxLat]` corners; null for none. */
function boxAround(corners: BoundingBox[]): BoundingBox | null {
  if (corners.length === 0) return null;
  return [
    Math.min(...corners.map((c) => c[0])),
    Math.min(...corners.map((c) => c[1])),
    Math.max(...corners.map((c) => c[2])),
    Math.max(...corners.map((c) => c[3])),
  ];
}

async function metadataOf(db: Executor, permit: PermitRef): Promise<PermitMapMetadata> {
  const [poles, spans, missing] = await Promise.all([
    polesOf(db, permit),
    spansOf(db, permit),
    db
      .selectFrom('permit_poles as pp')
      .leftJoin('project_poles as p', (join) =>
        join.onRef('p.project_id', '=', 'pp.project_id').onRef('p.external_id', '=', 'pp.external_id'),
      )
      .select('pp.external_id')
      .where('pp.permit_id', '=', permit.id)
      .where('p.id', 'is', null)
      .orderBy('pp.position')
      .execute(),
  ]);
  const corners: BoundingBox[] = [
    ...poles.map((pole): BoundingBox => [pole.lon, pole.lat, pole.lon, pole.lat]),
    ...spans.map((span): BoundingBox => [span.min_lon, span.min_lat, span.max_lon, span.max_lat]),
  ];
  return {
    bbox: boxAround(corners),
    poleCount: poles.length,
    spanCount: spans.length,
    missingPoleIds: missing.map((row) => row.external_id),
  };
}

/** What a map of the permit needs first: the extent and counts of its poles and spans. */
export async function getPermitMapMetadata(
  ctx: ServiceContext,
  permitId: string,
): Promise<PermitMapMetadata> {
  const { permit } = await requirePermit(ctx, ctx.db, permitId);
  return metadataOf(ctx.db, permit);
}

/** Whether the permit is still in its first stage (the applicant's part of the work). */
async function inFirstStage(db: Executor, permit: { id: string; active_stage_key: string | null }) {
  const first = await db
    .selectFrom('permit_stages')
    .select('stage_key')
    .where('permit_id', '=', permit.id)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return Boolean(first) && first?.stage_key === permit.active_stage_key;
}

/** Refuses a pole change the permit's status or stage does not allow for the caller's side. */
async function assertMapChangeable(
  trx: Trx,
  permit: { id: string; status: PermitStatus; active_stage_key: string | null },
  isPoleOwner: boolean,
) {
  if ((CLOSED_PERMIT_STATUSES as readonly PermitStatus[]).includes(permit.status)) {
    throw conflict(`The permit is ${permit.status.toLowerCase()}; its poles can no longer change.`);
  }
  if (!isPoleOwner && !(await inFirstStage(trx, permit))) {
    throw conflict('The applicant may change the poles only while the permit is in its first stage.');
  }
}

/** The given external ids that are not poles of the project. */
export async function unknownPoles(db: Executor, projectId: string, poleIds: string[]) {
  if (poleIds.length === 0) return [];
  const found = await db
    .selectFrom('project_poles')
    .select('external_id')
    .where('project_id', '=', projectId)
    .where('external_id', 'in', poleIds)
    .execute();
  const known = new Set(found.map((row) => row.external_id));
  return poleIds.filter((poleId) => !known.has(poleId));
}

/** Writes the permit's poles anew in the given order; says how many were added and removed. */
export async function replacePoles(trx: Trx, permit: PermitRef, poleIds: string[]) {
  const before = await trx
    .selectFrom('permit_poles')
    .select('external_id')
    .where('permit_id', '=', permit.id)
    .execute();
  const had = new Set(before.map((row) => row.external_id));
  const added = poleIds.filter((poleId) => !had.has(poleId)).length;
  await trx.deleteFrom('permit_poles').where('permit_id', '=', permit.id).execute();
  if (poleIds.length > 0) {
    await trx
      .insertInto('permit_poles')
      .values(
        poleIds.map((externalId, position) => ({
          permit_id: permit.id,
          project_id: permit.project_id,
          external_id: externalId,
          position,
        })),
      )
      .execute();
  }
  return { added, removed: before.length - (poleIds.length - added) };
}

/**
 * Sets the poles a permit applies for, replacing the ones it had: the applicant while the permit is in its
 * first stage, the pole owner at any stage. The permit's pole count follows.
 */
export async function updatePermitMap(ctx: ServiceContext, permitId: string, input: PermitMapInput) {
  return transact(ctx, async (trx) => {
    const access = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
    const { permit } = access;
    await assertMapChangeable(trx, permit, access.isPoleOwner);
    const notOnMap = await unknownPoles(trx, permit.project_id, input.poleIds);
    if (notOnMap.length > 0) {
      const listed = notOnMap.slice(0, 10).join(', ');
      throw badRequest('Some poles are not on the project map.', [
        { field: 'body.poleIds', message: `Not on the project map: ${listed}` },
      ]);
    }
    const { added, removed } = await replacePoles(trx, permit, input.poleIds);
    await trx
      .updateTable('permits')
      .set({ actual_poles: input.poleIds.length })
      .where('id', '=', permit.id)
      .execute();
    await recordPermitChange(ctx, trx, permit, {
      kind: 'PermitMapUpdated',
      summary: `Poles changed to ${input.poleIds.length} (${added} added, ${removed} removed)`,
      before: { actualPoles: permit.actual_poles },
      after: { actualPoles: input.poleIds.length, added, removed },
    });
    return metadataOf(trx, permit);
  });
}
