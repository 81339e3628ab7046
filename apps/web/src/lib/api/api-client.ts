import { ApiError, apiErrorFromBody, apiErrorFromException } from './api-error';

/** How a failed call is reported: the app-wide notification, nothing, or the caller's own handler. */
export type ApiErrorHandling = 'default' | 'silent' | ((error: ApiError) => void);

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData and Blob are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  onError?: ApiErrorHandling;
  /** False for public endpoints: no bearer token is requested. */
  auth?: boolean;
  responseType?: 'json' | 'blob' | 'text';
}

interface ApiClientContext {
  getAccessToken: () => Promise<string | null>;
  getConnectionId: () => string | null;
  defaultErrorHandler: (error: ApiError) => void;
}

const context: ApiClientContext = {
  getAccessToken: async () => null,
  getConnectionId: () => null,
  defaultErrorHandler: () => {},
};

/** Wires the client to the auth client, the hub and the notification system (done once at startup). */
export function configureApiClient(next: Partial<ApiClientContext>): void {
  Object.assign(context, next);
}

const API_BASE = '/api/';

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = new URL(API_BASE + path.replace(/^\/+/, ''), window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

async function buildHeaders(options: ApiRequestOptions): Promise<Headers> {
  const headers = new Headers({ Accept: 'application/json', 'X-Timezone': timeZone() });
  const connectionId = context.getConnectionId();
  if (connectionId) headers.set('X-Connection-Id', connectionId);
  if (options.auth !== false) {
    let token: string | null;
    try {
      token = await context.getAccessToken();
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'Your session has ended.';
      throw new ApiError({ status: 401, title: 'Unauthorized', detail });
    }
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const body = options.body;
  if (body !== undefined && !(body instanceof FormData) && !(body instanceof Blob)) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  return JSON.stringify(body);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

function unwrapEnvelope(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'success' in body && 'data' in body) {
    return (body as { data: unknown }).data;
  }
  return body;
}

/** Shows an error as every call does by default: for a handler that takes some errors and not others. */
export function reportByDefault(error: ApiError): void {
  context.defaultErrorHandler(error);
}

function report(error: ApiError, handling: ApiErrorHandling): void {
  if (error.cancelled || handling === 'silent') return;
  if (handling === 'default') context.defaultErrorHandler(error);
  else handling(error);
}

async function send(path: string, options: ApiRequestOptions, headers: Headers): Promise<Response> {
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: encodeBody(options.body),
    signal: options.signal ?? null,
  });
  if (!response.ok) {
    throw apiErrorFromBody(response.status, response.statusText, await readBody(response));
  }
  return response;
}

/** Sends the call and returns the successful response; a failure is reported, then thrown as an ApiError. */
async function respond(path: string, options: ApiRequestOptions): Promise<Response> {
  // A token that cannot be obtained is the auth client's business (it sends the user to sign in):
  // that failure is thrown without a notification.
  const headers = await buildHeaders(options);
  try {
    return await send(path, options, headers);
  } catch (caught) {
    const error = apiErrorFromException(caught);
    report(error, options.onError ?? 'default');
    throw error;
  }
}

/**
 * Calls the API at `/api/{path}` and returns the envelope's `data`. Failures become an ApiError,
 * reported through the default handler unless the call asks otherwise, then rethrown.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await respond(path, options);
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (options.responseType === 'text') return (await response.text()) as T;
  // The envelope's data is typed by the caller: this is the parse boundary of every API call.
  return unwrapEnvelope(await readBody(response)) as T;
}

/** A file the API sent: its bytes and the name from its Content-Disposition header (null without one). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Reads the file name of a Content-Disposition header (`filename*=UTF-8''…` preferred over `filename="…"`). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/** Calls the API for a file (an export): the body as a blob with the server's file name. */
export async function apiDownload(path: string, options: ApiRequestOptions = {}): Promise<DownloadedFile> {
  const response = await respond(path, options);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/**
 * Calls the API and returns the successful response with its body unread, for a caller that reads the body
 * as it arrives (an export showing its progress). Failures as in apiRequest.
 */
export function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  return respond(path, options);
}

/** Options of an upload: the form to send and a callback with the share sent so far (0 to 1). */
export interface ApiUploadOptions {
  body: FormData;
  method?: 'POST' | 'PUT';
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  onError?: ApiErrorHandling;
}

function sendWithProgress(url: string, options: ApiUploadOptions, headers: Headers) {
  // fetch cannot report upload progress; XMLHttpRequest can.
  return new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', url);
    for (const [name, value] of headers) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      resolve({ status: request.status, statusText: request.statusText, text: request.responseText });
    request.onerror = () => reject(new TypeError('The server could not be reached.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.body);
  });
}

/** Sends a multipart form with upload progress and returns the envelope's `data`; failures as in apiRequest. */
export async function apiUpload<T>(path: string, options: ApiUploadOptions): Promise<T> {
  const headers = await buildHeaders({ body: options.body });
  try {
    const response = await sendWithProgress(buildUrl(path, undefined), options, headers);
    const body = parseBody(response.text);
    if (response.status < 200 || response.status >= 300) {
      throw apiErrorFromBody(response.status, response.statusText, body);
    }
    options.onProgress?.(1);
    // As in apiRequest: the caller types the envelope's data.
    return unwrapEnvelope(body) as T;
  } catch (caught) {
    const error = apiErrorFromException(caught);
    report(error, options.onError ?? 'default');
    throw error;
  }
}
