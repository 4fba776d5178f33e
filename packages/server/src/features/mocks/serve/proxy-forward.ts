/**
 * Sends an unmatched mock request on to the API's back end (its `proxy`) and reads the answer,
 * bounded: the back end has the proxy's timeoutMs to answer in full, and at most
 * PROXY_MAX_BYTES of body; redirects come back as they are. Rowloom's own credentials never
 * leave (the key parameter, X-API-Key and Cookie are not part of a mock call); the caller's
 * Authorization does, as the back end's own. Hop-by-hop headers are not forwarded either way,
 * and of the answer's headers only those a mock may send are kept (no Set-Cookie).
 */
import type { MockProxy } from '@rowloom/contract';
import { mockHeaderProblem } from '../mock-header-policy.js';
import type { MockCall } from './mock-call.js';

export const PROXY_MAX_BYTES = 8 * 1024 * 1024;

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A back end that could not be reached or answered too much: the mock answers 502 with this. */
export class ProxyError extends Error {}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'host',
  'content-length',
  // fetch decodes the body, so its encoding is no longer the back end's.
  'content-encoding',
  'set-cookie',
]);

/** `/users/1?x=2` of the call, on the proxy's base URL (whose own path comes first). */
export function upstreamUrl(proxy: MockProxy, call: MockCall, rawQuery: string): string {
  return `${proxy.url}${call.path === '/' ? '/' : call.path}${rawQuery ? `?${rawQuery}` : ''}`;
}

/** The raw query string without the parameters Rowloom itself reads (key, __method). */
export function forwardedQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return '';
  const params = new URLSearchParams(url.slice(at + 1));
  params.delete('key');
  params.delete('__method');
  return params.toString();
}

function requestHeaders(call: MockCall): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers))
    if (!HOP_BY_HOP.has(name) && !name.startsWith('x-rowloom-')) headers[name] = value;
  return headers;
}

function answerHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && mockHeaderProblem(name, value) === null) headers[name] = value;
  });
  return headers;
}

async function boundedBody(response: Response, url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > PROXY_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw new ProxyError(
        `the back end's answer from ${url} is over ${PROXY_MAX_BYTES} bytes, more than a mock passes on`,
      );
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function forward(proxy: MockProxy, call: MockCall, url: string): Promise<ProxiedAnswer> {
  const hasBody = call.bodyText !== null && call.method !== 'GET' && call.method !== 'HEAD';
  const signal = AbortSignal.timeout(proxy.timeoutMs ?? 10_000);
  try {
    const response = await fetch(url, {
      method: call.method,
      headers: requestHeaders(call),
      body: hasBody ? call.bodyText : undefined,
      redirect: 'manual',
      signal,
    });
    return { status: response.status, headers: answerHeaders(response), body: await boundedBody(response, url) };
  } catch (error) {
    if (error instanceof ProxyError) throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = signal.aborted
      ? `no answer within ${proxy.timeoutMs} ms`
      : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new ProxyError(`the back end ${url} could not be reached: ${why}`);
  }
}
