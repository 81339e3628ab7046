import type { ApiError } from '../../lib/api/api-error';
import { isFieldError } from '../../lib/forms/field-errors';
import { notify } from './notify';

/** The app's error notification for a failed call, under the given title. */
export function notifyApiError(error: ApiError, title = 'Encountered Error'): void {
  if (error.cancelled) return;
  notify({
    type: 'error',
    title,
    message: error.detail && error.detail !== error.title ? `${error.title}\n${error.detail}` : error.title,
  });
}

/**
 * An error handler for forms: problems with the form's fields (and a 409 when the form shows it under
 * `conflictField`) are left to the form, anything else is the usual notification. Given the form's
 * `fields`, a problem with anything else is notified too.
 */
export function notifyUnlessFieldError(conflictField?: string, fields?: readonly string[]) {
  return (error: ApiError): void => {
    if (isFieldError(error, conflictField, fields)) return;
    notifyApiError(error);
  };
}

/**
 * For refusals the server explains (409: e.g. the last administrator, an organization with users): its
 * message, as is, under a clear title; other failures as the usual notification.
 */
export function conflictHandler(title: string) {
  return (error: ApiError): void => {
    if (error.status === 409) notify({ type: 'error', title, message: error.detail || error.title });
    else notifyApiError(error);
  };
}
