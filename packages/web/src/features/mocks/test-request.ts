/**
 * Sends a test request to a mock API, same origin, with the session cookie (and the CSRF token
 * on writes, which the mock runtime accepts like the API does), and tells what came back,
 * including the simulated faults that leave no response at all.
 */
import { csrfHeader } from '../../api/client';

export interface TestRequest {
  method: string;
  /** The path under the mock API, e.g. /users/1 */
  path: string;
  /** a=1&b=2 */
  query: string;
  /** "Name: value" lines */
  headers: string;
  body: string;
}

export type TestOutcome =
  | {
      kind: 'response';
      status: number;
      statusText: string;
      ms: number;
      headers: [string, string][];
      body: string;
      contentType: string;
      broken?: string;
    }
  /** No response: the connection was reset or closed without a reply (a reset or empty fault). */
  | { kind: 'no-response'; ms: number; message: string };

export const BODY_LIMIT_CHARS = 256 * 1024;

export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

export function mockUrl(slug: string, request: Pick<TestRequest, 'path' | 'query'>): string {
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const query = request.query.trim().replace(/^\?/, '');
  return `/mock/${encodeURIComponent(slug)}${path}${query ? `?${query}` : ''}`;
}

/** Reads the body; a body that breaks off (a malformed chunk fault) keeps what arrived and says why. */
async function readBody(response: Response): Promise<{ body: string; broken?: string }> {
  try {
    const text = await response.text();
    return {
      body:
        text.length > BODY_LIMIT_CHARS
          ? `${text.slice(0, BODY_LIMIT_CHARS)}\n… (cut at ${BODY_LIMIT_CHARS} characters)`
          : text,
    };
  } catch (error) {
    return {
      body: '',
      broken: `the body broke off before its end (${(error as Error).message}); a malformed-chunk fault does this`,
    };
  }
}

export async function sendTestRequest(slug: string, request: TestRequest, signal?: AbortSignal): Promise<TestOutcome> {
  const method = request.method.toUpperCase();
  // The CSRF token goes with every method: a private mock's calls are charged to its owner, so a
  // cookie-authenticated GET needs it too. The test-panel header keeps the request here where the
  // server sends mocks to an origin of their own (ROWLOOM_MOCK_ORIGIN): only a script can add
  // it, so the answer is never shown as a page.
  const headers: Record<string, string> = {
    ...csrfHeader(),
    'X-Rowloom-Test-Panel': '1',
    ...parseHeaderLines(request.headers),
  };
  const withBody = !['GET', 'HEAD'].includes(method) && request.body !== '';
  if (withBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(mockUrl(slug, request), {
      method,
      headers,
      body: withBody ? request.body : undefined,
      credentials: 'same-origin',
      signal,
      cache: 'no-store',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return {
      kind: 'no-response',
      ms: performance.now() - started,
      message:
        'No response: the connection was reset or closed without a reply (a simulated "connection reset" or "empty reply" fault does this). ' +
        'Browsers retry such a request on another connection, so the request log may show it more than once.',
    };
  }
  const { body, broken } = await readBody(response);
  return {
    kind: 'response',
    status: response.status,
    statusText: response.statusText,
    ms: performance.now() - started,
    headers: [...response.headers.entries()],
    body,
    contentType: response.headers.get('content-type') ?? '',
    broken,
  };
}

/** JSON indented for reading; anything else as it came. */
export function prettyBody(body: string, contentType: string): string {
  if (!/json/i.test(contentType) && !/^\s*[{[]/.test(body)) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
