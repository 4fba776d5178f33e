/** Small helpers the account tests share: a call that never throws on status, and cookie headers. */
import { request as httpRequest } from 'node:http';
import type { SignedUp, TestServer } from './server-fixture.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

export async function call(server: TestServer, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the test looks at text
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A JSON request of `method` (a string body is sent as is). */
export function send(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** Headers of a cookie-authenticated request, with the CSRF token unless left out. */
export const asUser = (user: SignedUp, csrf = true): Record<string, string> => ({
  cookie: user.cookie,
  ...(csrf ? { 'x-csrf-token': user.csrfToken } : {}),
});

export function sessionCookie(answer: Answer): string | undefined {
  return answer.headers.getSetCookie().find((c) => c.startsWith('rowloom_session='));
}

/** Signs in and returns the cookie pair and CSRF token, as signUp does. */
export async function signIn(server: TestServer, email: string, password: string): Promise<SignedUp> {
  const answer = await call(server, '/api/session', send('POST', { email, password }));
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
  return { cookie: sessionCookie(answer)!.split(';', 1)[0], csrfToken: String(answer.json.csrfToken), email, password };
}

/**
 * A request sent from another loopback address (all of 127.0.0.0/8 is this machine), so the
 * server sees another client address without being told to trust X-Forwarded-For.
 */
export function callFrom(
  address: string,
  server: TestServer,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, localAddress: address },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            for (const one of [value ?? []].flat()) headers.append(name, one);
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode!, headers, text, json });
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** A sign-in attempt from `address`, with `cookie` (a known-device cookie) when given. */
export function signInFrom(
  address: string,
  server: TestServer,
  email: string,
  password: string,
  cookie?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  return callFrom(address, server, '/api/session', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
}

/** The "name=value" of a cookie the answer sets. */
export function setCookie(answer: Answer, name: string): string | undefined {
  return answer.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';', 1)[0];
}
