import type { LayerValidation } from '@crossarm/shared';
import {
  ArcGisError,
  countFeatures,
  type LayerAddress,
  layerInfo,
  parseLayerAddress,
  resolveItem,
  serviceInfo,
} from './agol.ts';
import { OutboundError, type OutboundOptions } from './outbound.ts';

/** Which input a failed check is about, so a form can put the message beside it. */
export type LayerCheckField = 'url' | 'layerId' | 'layerName';

export interface LayerCheck extends LayerValidation {
  field: LayerCheckField | null;
}

/** What the layer is for: poles are points and spans are lines; a plain check accepts either. */
export type LayerPurpose = 'poles' | 'spans' | 'any';

const GEOMETRY: Record<LayerPurpose, string[]> = {
  poles: ['esriGeometryPoint'],
  spans: ['esriGeometryPolyline'],
  any: ['esriGeometryPoint', 'esriGeometryPolyline'],
};

const WORDS: Record<string, string> = {
  esriGeometryPoint: 'points',
  esriGeometryMultipoint: 'multipoints',
  esriGeometryPolyline: 'lines',
  esriGeometryPolygon: 'polygons',
};

class CheckFailed extends Error {
  constructor(
    readonly field: LayerCheckField,
    message: string,
  ) {
    super(message);
  }
}

function failure(field: LayerCheckField, message: string, serviceUrl: string | null = null): LayerCheck {
  return {
    valid: false,
    message,
    field,
    serviceUrl,
    layerName: null,
    geometryType: null,
    fields: [],
    featureCount: null,
  };
}

/** The FeatureServer address a pasted address leads to, resolving an item page through its portal. */
async function serviceOf(address: LayerAddress, layerId: number, options: OutboundOptions) {
  const service =
    address.kind === 'item' ? await resolveItem(address.portalUrl, address.itemId, options) : address;
  if (service.layerId !== null && service.layerId !== layerId) {
    throw new CheckFailed('layerId', `The address points at layer ${service.layerId}, not layer ${layerId}.`);
  }
  return service.serviceUrl;
}

async function findLayer(serviceUrl: string, layerId: number, options: OutboundOptions) {
  const service = await serviceInfo(serviceUrl, options);
  const listed = [...service.layers, ...service.tables];
  if (!listed.some((layer) => layer.id === layerId)) {
    const names = listed.map((layer) => `${layer.id} ${layer.name}`).join(', ');
    throw new CheckFailed(
      'layerId',
      `The service has no layer ${layerId}${names ? `; it has ${names}` : ''}.`,
    );
  }
  return blame('layerId', layerInfo(serviceUrl, layerId, options));
}

/** An ArcGIS error about the layer rather than the service is put on the layer number. */
async function blame<T>(field: LayerCheckField, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ArcGisError) throw new CheckFailed(field, `ArcGIS answered: ${error.message}`);
    throw error;
  }
}

/**
 * Checks a layer against its ArcGIS service: the address answers, the layer exists, is a feature layer of
 * the right geometry and carries the given name (case aside). Never throws for what the server says; an
 * unreachable server or a mismatch comes back as `valid: false` with the reason.
 */
export async function checkLayer(
  input: { url: string; layerId: number; layerName: string },
  options: OutboundOptions,
  purpose: LayerPurpose = 'any',
): Promise<LayerCheck> {
  const address = parseLayerAddress(input.url);
  if (!address) {
    return failure('url', 'The address is neither a FeatureServer service nor an ArcGIS item page.');
  }
  let serviceUrl: string | null = null;
  try {
    serviceUrl = await serviceOf(address, input.layerId, options);
    const layer = await findLayer(serviceUrl, input.layerId, options);
    const fields = (layer.fields ?? []).map((f) => ({ name: f.name, type: f.type, alias: f.alias ?? null }));
    const found = { serviceUrl, layerName: layer.name, geometryType: layer.geometryType ?? null, fields };
    const problem = mismatch(input, layer, purpose);
    if (problem) return { ...failure(problem.field, problem.message, serviceUrl), ...found, valid: false };
    const featureCount = await blame('layerId', countFeatures(serviceUrl, input.layerId, options));
    return {
      valid: true,
      message: `${layer.name}: ${featureCount} features.`,
      field: null,
      featureCount,
      ...found,
    };
  } catch (error) {
    if (error instanceof CheckFailed) return failure(error.field, error.message, serviceUrl);
    if (error instanceof OutboundError) {
      return failure('url', `The ArcGIS server could not be reached: ${error.message}`, serviceUrl);
    }
    if (error instanceof ArcGisError) return failure('url', `ArcGIS answered: ${error.message}`, serviceUrl);
    throw error;
  }
}

function mismatch(
  input: { layerId: number; layerName: string },
  layer: { name: string; type: string; geometryType?: string | null | undefined },
  purpose: LayerPurpose,
): { field: LayerCheckField; message: string } | null {
  if (layer.type !== 'Feature Layer') {
    return { field: 'layerId', message: `Layer ${input.layerId} is a ${layer.type}, not a feature layer.` };
  }
  const geometry = layer.geometryType ?? '';
  if (!GEOMETRY[purpose].includes(geometry)) {
    const wanted =
      purpose === 'spans'
        ? 'spans need lines'
        : purpose === 'poles'
          ? 'poles need points'
          : 'poles and spans need points or lines';
    return {
      field: 'layerId',
      message: `Layer ${input.layerId} holds ${WORDS[geometry] ?? 'no geometry'}; ${wanted}.`,
    };
  }
  if (layer.name.trim().toLowerCase() !== input.layerName.trim().toLowerCase()) {
    return {
      field: 'layerName',
      message: `Layer ${input.layerId} is named "${layer.name}", not "${input.layerName}".`,
    };
  }
  return null;
}
