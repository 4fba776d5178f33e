/** What most HTTP tests look at, from a real request to a real listener. */
import { request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape of answer without casting at each step
  json: any;
}

/** fetch, with the body read as text and, when it parses, as JSON. */
export async function fetchAnswer(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (a 204, text, a CSV body)
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A request over node:http, for what fetch will not send (a Host header of our choosing). */
export function rawRequest(
  url: string,
  path: string,
  options: RawOptions = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** GET `path` with the given Host header. */
export function withHost(url: string, host: string, path: string) {
  return rawRequest(url, path, { headers: { host } });
}

/** A request over node:http answered as bytes, undecoded: what a client that decodes nothing itself gets. */
export function rawBytes(
  url: string,
  path: string,
  options: RawOptions = {},
): Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A request whose body is `body` as JSON (POST unless said). */
export function jsonRequest(body: unknown, method = 'POST'): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
