import type {
  AgolInput,
  AgolSettings,
  BoundingBox,
  GeodataKind,
  GeodataWriteResult,
  LayerValidation,
  MapMetadata,
  PoleFeatureCollection,
  SpanFeatureCollection,
  ValidateLayerQuery,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiRequest, apiUpload } from '../../../lib/api/api-client';
import { projectKeys } from '../api';

/** Query keys of a project's map data; all sit under the project's detail key. */
export const mapDataKeys = {
  all: (id: string) => [...projectKeys.detail(id), 'map-data'] as const,
  agol: (id: string) => [...mapDataKeys.all(id), 'agol'] as const,
  metadata: (id: string) => [...mapDataKeys.all(id), 'metadata'] as const,
  features: (id: string) => [...mapDataKeys.all(id), 'features'] as const,
  inView: (id: string, kind: GeodataKind, bbox: string) => [...mapDataKeys.features(id), kind, bbox] as const,
};

const jointUse = (id: string) => `joint-use/projects/${encodeURIComponent(id)}`;
const project = (id: string) => `projects/${encodeURIComponent(id)}`;

/** GET joint-use/projects/{id}/agol: null until the pole owner sets the layer. */
export function fetchAgol(id: string, signal?: AbortSignal) {
  return apiRequest<AgolSettings | null>(`${jointUse(id)}/agol`, { signal });
}

/** PUT joint-use/projects/{id}/agol: the server checks the layers against ArcGIS before saving. */
export function saveAgol(id: string, body: AgolInput, onError: ApiErrorHandling) {
  return apiRequest<AgolSettings | null>(`${jointUse(id)}/agol`, { method: 'PUT', body, onError });
}

/** GET joint-use/projects/validate-layer: what the layer is, or why it cannot be used. */
export function validateLayer(query: ValidateLayerQuery, onError: ApiErrorHandling) {
  return apiRequest<LayerValidation>('joint-use/projects/validate-layer', {
    query: { url: query.url, layerName: query.layerName, layerId: String(query.layerId) },
    onError,
  });
}

/** POST joint-use/projects/{id}/agol/sync/base/{poles|spans}: what the sync changed. */
export function syncLayer(id: string, kind: GeodataKind, onError: ApiErrorHandling) {
  return apiRequest<GeodataWriteResult>(`${jointUse(id)}/agol/sync/base/${kind}`, {
    method: 'POST',
    onError,
  });
}

/** POST projects/{id}/{poles|spans}/import with the file, reporting the share uploaded as it goes. */
export function importGeodata(
  id: string,
  kind: GeodataKind,
  input: { file: File; replace: boolean },
  onProgress: (fraction: number) => void,
  onError: ApiErrorHandling,
) {
  const body = new FormData();
  body.append('replace', String(input.replace));
  body.append('file', input.file, input.file.name);
  return apiUpload<GeodataWriteResult>(`${project(id)}/${kind}/import`, { body, onProgress, onError });
}

/** GET joint-use/projects/{id}/map/metadata: extent, counts and last syncs. */
export function fetchMapMetadata(id: string, signal?: AbortSignal) {
  return apiRequest<MapMetadata>(`${jointUse(id)}/map/metadata`, { signal });
}

/** GET projects/{id}/poles in a box, as GeoJSON; failures leave the map as it was, so no notification. */
export function fetchPolesInView(id: string, bbox: BoundingBox, signal?: AbortSignal) {
  return apiRequest<PoleFeatureCollection>(`${project(id)}/poles`, {
    signal,
    query: { bbox: bbox.join(',') },
    onError: 'silent',
  });
}

/** GET projects/{id}/spans crossing a box, as GeoJSON lines. */
export function fetchSpansInView(id: string, bbox: BoundingBox, signal?: AbortSignal) {
  return apiRequest<SpanFeatureCollection>(`${project(id)}/spans`, {
    signal,
    query: { bbox: bbox.join(',') },
    onError: 'silent',
  });
}
