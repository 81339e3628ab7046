import type { GeodataKind, GeodataWriteResult } from '@crossarm/shared';
import { type ServiceContext, transact } from '../../http/context.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject } from '../projects/access.ts';
import {
  ArcGisError,
  globalIdFieldOf,
  type LayerInfo,
  layerInfo,
  objectIdFieldOf,
  queryPage,
} from './agol.ts';
import { type Identity, readBatch, SourceDataError, type SourceFeature } from './features.ts';
import { checkLayer } from './layer-check.ts';
import { OutboundError, type OutboundOptions } from './outbound.ts';
import { findAgol } from './repo.ts';
import { outboundOf } from './settings.ts';
import { writeGeodata } from './write.ts';

/** Most features one query asks for, whatever larger maxRecordCount a layer allows. */
const PAGE_CAP = 2_000;
/** Most features one sync reads: they are held in memory until the write, which needs them all. */
export const MAX_SYNC_FEATURES = 500_000;

const badGateway = (detail: string) => new AppError('bad_gateway', 502, 'Bad Gateway', detail);

/** Every feature of a layer, page by page in object id order, as ArcGIS GeoJSON output gives them. */
export async function fetchAllFeatures(
  serviceUrl: string,
  layerId: number,
  layer: LayerInfo,
  options: OutboundOptions,
): Promise<SourceFeature[]> {
  const count = Math.min(layer.maxRecordCount ?? 1_000, PAGE_CAP);
  const orderBy = objectIdFieldOf(layer);
  const features: SourceFeature[] = [];
  let previousFirst: unknown;
  for (;;) {
    const offset = features.length;
    const page = await queryPage(serviceUrl, layerId, { offset, count, orderBy }, options);
    if (page.features.length === 0) break;
    // A server that ignores resultOffset would hand back the first page for ever.
    if (offset > 0 && page.features[0]?.id != null && page.features[0].id === previousFirst) {
      throw new ArcGisError('The layer does not page its query results (resultOffset is ignored).');
    }
    previousFirst = page.features[0]?.id;
    page.features.forEach((feature, i) => {
      features.push({
        label: `Feature ${offset + i + 1}`,
        id: feature.id,
        geometry: feature.geometry,
        properties: feature.properties ?? {},
      });
    });
    if (features.length > MAX_SYNC_FEATURES) {
      throw new ArcGisError(
        `The layer holds more than ${MAX_SYNC_FEATURES} features, more than one sync reads.`,
      );
    }
    if (!page.exceededTransferLimit && page.features.length < count) break;
  }
  return features;
}

/** GlobalIDs survive a reload of the layer's data; object ids are the fallback. */
function identityOf(layer: LayerInfo): Identity {
  const globalId = globalIdFieldOf(layer);
  if (globalId) return { field: globalId, idOf: (feature) => feature.properties[globalId] };
  const objectId = objectIdFieldOf(layer);
  return { field: objectId, idOf: (feature) => feature.id ?? feature.properties[objectId] };
}

async function readLayer(serviceUrl: string, layerId: number, kind: GeodataKind, options: OutboundOptions) {
  try {
    const layer = await layerInfo(serviceUrl, layerId, options);
    const features = await fetchAllFeatures(serviceUrl, layerId, layer, options);
    const identity = identityOf(layer);
    return { ...readBatch(kind, features, identity), idField: identity.field };
  } catch (error) {
    if (error instanceof ArcGisError || error instanceof OutboundError) {
      throw badGateway(`The ArcGIS layer could not be read: ${error.message}`);
    }
    if (error instanceof SourceDataError)
      throw badGateway(`The ArcGIS layer holds data that cannot be used: ${error.message}`);
    throw error;
  }
}

/**
 * Brings the project's poles or spans in line with its ArcGIS layer: every feature is read first (no
 * transaction stays open while ArcGIS answers), then written in one transaction, so a failure anywhere
 * leaves the previous data. Features no longer in the layer are removed.
 */
export async function syncLayer(
  ctx: ServiceContext,
  projectId: string,
  kind: GeodataKind,
): Promise<GeodataWriteResult> {
  await requireManagedProject(ctx, ctx.db, projectId);
  const settings = await findAgol(ctx.db, projectId);
  if (!settings?.service_url || !settings.url || settings.layer_id === null || !settings.layer_name) {
    throw conflict("Set the project's ArcGIS layer before syncing.");
  }
  const layer =
    kind === 'poles'
      ? { layerId: settings.layer_id, layerName: settings.layer_name }
      : { layerId: settings.spans_layer_id, layerName: settings.spans_layer_name };
  if (layer.layerId === null || layer.layerName === null) {
    throw conflict('The project has no spans layer: add one to its ArcGIS settings first.');
  }
  const options = outboundOf(ctx);
  const check = await checkLayer(
    { url: settings.service_url, layerId: layer.layerId, layerName: layer.layerName },
    options,
    kind,
  );
  if (!check.valid) {
    throw check.field === 'url'
      ? badGateway(check.message)
      : conflict(`The ArcGIS layer has changed: ${check.message}`);
  }
  const read = await readLayer(settings.service_url, layer.layerId, kind, options);
  const syncedAt = new Date();
  return transact(ctx, async (trx) => {
    const result = await writeGeodata(trx, projectId, read.batch, {
      source: 'ArcGIS',
      replace: true,
      idField: read.idField,
      skipped: read.skipped,
      syncedAt,
    });
    await recordAudit(trx, ctx.session, {
      action: `project.${kind}-synced`,
      targetType: 'project',
      targetId: projectId,
      organizationId: ctx.session.organizationId,
      after: { ...result },
    });
    return result;
  });
}
