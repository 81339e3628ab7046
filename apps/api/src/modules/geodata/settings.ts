import type { AgolInput, AgolSettings, LayerValidation, ValidateLayerQuery } from '@crossarm/shared';
import type { z } from 'zod';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject, requireVisibleProject } from '../projects/access.ts';
import { projectPolicy } from '../projects/policy.ts';
import { checkLayer, type LayerCheck, type LayerCheckField } from './layer-check.ts';
import { findAgol, saveAgol } from './repo.ts';

type AgolRow = NonNullable<Awaited<ReturnType<typeof findAgol>>>;

/** The outbound request settings of this deployment, for calls to the ArcGIS server a user named. */
export const outboundOf = (ctx: ServiceContext) => ({
  allowPrivateHosts: ctx.app.config.arcgis.allowPrivateHosts,
});

function presentCheck({ field: _field, ...validation }: LayerCheck): LayerValidation {
  return validation;
}

/** Checks an ArcGIS layer for a pole owner setting up a project; the answer says why a layer is unusable. */
export async function validateLayer(
  ctx: ServiceContext,
  query: z.output<typeof ValidateLayerQuery>,
): Promise<LayerValidation> {
  if (!projectPolicy.manage(ctx.session)) throw forbidden();
  return presentCheck(await checkLayer(query, outboundOf(ctx)));
}

function presentAgol(row: AgolRow | undefined): AgolSettings | null {
  if (!row?.url || !row.service_url || !row.layer_name || row.layer_id === null) return null;
  return {
    url: row.url,
    serviceUrl: row.service_url,
    layerName: row.layer_name,
    layerId: row.layer_id,
    spansLayerName: row.spans_layer_name,
    spansLayerId: row.spans_layer_id,
    polesSyncedAt: row.poles_synced_at?.toISOString() ?? null,
    spansSyncedAt: row.spans_synced_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The project's ArcGIS layer settings, for anyone taking part in the project; null until set. */
export async function getAgol(ctx: ServiceContext, projectId: string) {
  await requireVisibleProject(ctx, ctx.db, projectId);
  return presentAgol(await findAgol(ctx.db, projectId));
}

/** A failed check as a 400 naming the input at fault. */
function refuse(check: LayerCheck, fields: Record<LayerCheckField, string>) {
  const field = `body.${fields[check.field ?? 'url']}`;
  return badRequest(check.message, [{ field, message: check.message }]);
}

/** Sets the project's layers after checking them against ArcGIS; nothing is saved when a check fails. */
export async function updateAgol(ctx: ServiceContext, projectId: string, input: z.output<typeof AgolInput>) {
  await requireManagedProject(ctx, ctx.db, projectId);
  const options = outboundOf(ctx);
  const poles = await checkLayer(input, options, 'poles');
  if (!poles.valid || !poles.serviceUrl)
    throw refuse(poles, { url: 'url', layerId: 'layerId', layerName: 'layerName' });
  if (input.spansLayerId !== null && input.spansLayerName !== null) {
    const spans = await checkLayer(
      { url: poles.serviceUrl, layerId: input.spansLayerId, layerName: input.spansLayerName },
      options,
      'spans',
    );
    if (!spans.valid)
      throw refuse(spans, { url: 'url', layerId: 'spansLayerId', layerName: 'spansLayerName' });
  }
  const serviceUrl = poles.serviceUrl;
  await transact(ctx, async (trx) => {
    const before = presentAgol(await findAgol(trx, projectId));
    await saveAgol(trx, projectId, {
      url: input.url,
      service_url: serviceUrl,
      layer_name: input.layerName,
      layer_id: input.layerId,
      spans_layer_name: input.spansLayerName,
      spans_layer_id: input.spansLayerId,
      updated_by: ctx.session.user.id,
    });
    await recordAudit(trx, ctx.session, {
      action: 'project.agol-updated',
      targetType: 'project',
      targetId: projectId,
      organizationId: ctx.session.organizationId,
      before,
      after: { ...input, serviceUrl },
    });
  });
  return getAgol(ctx, projectId);
}
