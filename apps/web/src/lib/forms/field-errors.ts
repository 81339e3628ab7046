import { type ApiError, isApiError } from '../api/api-error';

/**
 * Field problems of a failed call by form field ('body.contactEmail' becomes 'contactEmail'). A refusal
 * (409) goes under `conflictField` when the form names one (a name or e-mail address already in use).
 */
export function fieldErrorsOf(error: unknown, conflictField?: string): Record<string, string> {
  if (!isApiError(error)) return {};
  if (error.status === 409 && conflictField) return { [conflictField]: error.detail || error.title };
  const errors: Record<string, string> = {};
  for (const { field, message } of error.errors) {
    const name = field.replace(/^body\./, '');
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}

/**
 * True when a failed call is about the form's fields (a 400 naming fields), so the form shows it. Given the
 * fields the form has, only a problem with one of them counts: a problem with anything else (the table a
 * view saves) would have nowhere to show and is the usual notification instead.
 */
export function isFieldError(error: ApiError, conflictField?: string, fields?: readonly string[]): boolean {
  if (error.status === 409 && conflictField) return true;
  if (error.status !== 400) return false;
  return error.errors.some(
    (e) => e.field.startsWith('body.') && (!fields || fields.includes(e.field.replace(/^body\./, ''))),
  );
}
