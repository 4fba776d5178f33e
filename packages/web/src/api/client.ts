/**
 * The page's only way to the server: the public /api, authenticated by the session cookie.
 * Writes carry the session's CSRF token in X-CSRF-Token (the server refuses cookie-authenticated
 * writes without it). Every failure becomes an ApiError holding the server's {"error"} text.
 */
import type { ErrorBody } from '@rowloom/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed {"error", ...} body, when the server sent one (it may name a field or position). */
    readonly body: ErrorBody | null = null,
    /** Seconds from a Retry-After header (429, 503), when the server sent one. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSessionEnded: (() => void) | null = null;

/**
 * Called when the server answers 401 to a request made with the session (it expired or was
 * ended elsewhere): the session provider then sends the page to sign-in instead of showing
 * "not signed in" errors. The builder's draft survives in the browser.
 */
export function whenSessionEnds(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

/** Set by the session provider after sign-in or GET /api/session. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function csrfHeaders(method: string): Record<string, string> {
  return method === 'GET' || method === 'HEAD' ? {} : csrfHeader();
}

/** The token whatever the method: a call to a private mock API is charged even as a GET, so the server wants it there too. */
export function csrfHeader(): Record<string, string> {
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}

export interface RequestOptions {
  method?: string;
  /** A JSON value (sent as application/json) or a string/Blob/FormData sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Blob || body instanceof FormData) return body;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/** The fetch, with cookie and CSRF header; throws ApiError for a non-2xx answer. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...csrfHeaders(method), ...options.headers };
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: encodeBody(options.body, headers),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'the server could not be reached; check that it is running');
  }
  if (response.status === 401 && csrfToken && !path.startsWith('/api/session')) onSessionEnded?.();
  if (!response.ok) throw await errorOf(response);
  return response;
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  try {
    const body = JSON.parse(text) as Partial<ErrorBody> | null;
    if (typeof body?.error === 'string')
      return new ApiError(response.status, body.error, body as ErrorBody, retryAfter);
  } catch {
    // not JSON: fall through to the status line
  }
  return new ApiError(response.status, text.trim() || `${response.status} ${response.statusText}`, null, retryAfter);
}

/** GET/POST/... and parse the JSON answer. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return (await response.json()) as T;
}

/** A path segment for a user-chosen name (schema, dataset, scenario names may hold spaces). */
export function named(base: string, name: string): string {
  return `${base}/${encodeURIComponent(name)}`;
}
