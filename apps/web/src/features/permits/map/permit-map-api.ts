import type {
  PermitHeader,
  PermitMap,
  PermitMapInput,
  PermitMapMetadata,
  TrackerStageHeader,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiRequest } from '../../../lib/api/api-client';

const permit = (id: string) => `joint-use/permit/${encodeURIComponent(id)}`;

/** GET joint-use/permit/{id}/header; its 404 is the page's own not-found state. */
export function fetchPermitHeader(id: string, signal?: AbortSignal) {
  return apiRequest<PermitHeader>(`${permit(id)}/header`, { signal, onError: 'silent' });
}

/** GET joint-use/permit/{id}/tracker-stage-headers: the permit's stages in workflow order. */
export function fetchStageHeaders(id: string, signal?: AbortSignal) {
  return apiRequest<TrackerStageHeader[]>(`${permit(id)}/tracker-stage-headers`, { signal });
}

/** GET joint-use/permit/{id}/map/metadata: extent and counts of the permit's poles and spans. */
export function fetchPermitMapMetadata(id: string, signal?: AbortSignal) {
  return apiRequest<PermitMapMetadata>(`${permit(id)}/map/metadata`, { signal, onError: 'silent' });
}

/** GET joint-use/permit/{id}/map: the permit's poles and the spans joining them. */
export function fetchPermitMap(id: string, signal?: AbortSignal) {
  return apiRequest<PermitMap>(`${permit(id)}/map`, { signal });
}

/** PUT joint-use/permit/{id}/map: the poles the permit applies for, replacing the ones it had. */
export function savePermitPoles(id: string, body: PermitMapInput, onError?: ApiErrorHandling) {
  return apiRequest<PermitMapMetadata>(`${permit(id)}/map`, { method: 'PUT', body, onError });
}
