import type {
  BulkAssignInfoInput,
  BulkAssignInput,
  BulkAssignMode,
  BulkAssignResult,
} from '@crossarm/shared';
import { apiRequest } from '../../../lib/api/api-client';
import type { BulkActionRequest } from './bulk-actions';

// The calls of the tracker's bulk actions. Their failures are not notified here: the dialog shows the API's
// message (a 409 or 403 names the permits that refuse) where the user decides.

/** Runs a hold, release, restriction or deletion on the selected permits, all or none. */
export function runBulkAction(request: BulkActionRequest) {
  return apiRequest<unknown>(request.path, { method: 'POST', body: request.body, onError: 'silent' });
}

/** POST permits/bulk-assign/info: who would be added and removed on each permit, writing nothing. */
export function previewBulkAssign(body: BulkAssignInfoInput, signal?: AbortSignal) {
  return apiRequest<BulkAssignResult>('joint-use/permits/bulk-assign/info', {
    method: 'POST',
    body,
    signal,
    onError: 'silent',
  });
}

/** POST permits/bulk-assign/difference (add) or /synchronize (exact), all or none. */
export function bulkAssign(mode: BulkAssignMode, body: BulkAssignInput) {
  const path = mode === 'Difference' ? 'difference' : 'synchronize';
  return apiRequest<BulkAssignResult>(`joint-use/permits/bulk-assign/${path}`, {
    method: 'POST',
    body,
    onError: 'silent',
  });
}
