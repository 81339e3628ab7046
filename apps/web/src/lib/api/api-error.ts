/** One field-level problem reported by the API (400 responses). */
export interface ApiFieldError {
  field: string;
  message: string;
}

interface ApiErrorInit {
  status: number;
  title: string;
  detail: string;
  errors?: ApiFieldError[];
  cancelled?: boolean;
}

/** A failed API call: HTTP status (0 when cancelled or unreachable), title, detail and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: ApiFieldError[];
  /** True when the caller aborted the request; such errors are never shown to the user. */
  readonly cancelled: boolean;

  constructor(init: ApiErrorInit) {
    super(init.detail ? `${init.title}: ${init.detail}` : init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.cancelled = init.cancelled ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether a failed read names something that does not exist: a 404, or a 400 refusing only the address's
 * own parameters (`params.id` that is not an id at all, as in a mistyped link). Either way, asking again
 * cannot help, and the page says the record does not exist.
 */
export function isNotFound(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  return (
    error.status === 400 &&
    error.errors.length > 0 &&
    error.errors.every((problem) => problem.field.startsWith('params.'))
  );
}

function readString(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function readFieldErrors(value: unknown): ApiFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const message = readString(record.message);
    return message ? [{ field: readString(record.field), message }] : [];
  });
}

/** Turns a problem-details body (or anything else a failed response carried) into an ApiError. */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const errors = readFieldErrors(record.errors);
  const title = readString(record.title) || readString(record.statusText) || statusText || `HTTP ${status}`;
  const detail =
    readString(record.detail) ||
    errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ') ||
    readString(record.error);
  return new ApiError({ status, title, detail, errors });
}

/** Wraps an exception thrown by fetch itself: an abort (status 0, cancelled) or a network failure. */
export function apiErrorFromException(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') {
    return new ApiError({
      status: 0,
      title: 'Cancelled',
      detail: 'The request was cancelled.',
      cancelled: true,
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError({
    status: 0,
    title: 'Network Error',
    detail: detail || 'The server could not be reached.',
  });
}
