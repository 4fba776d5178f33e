/**
 * A response's callbacks (contract MockCallback): each to a back end the server allows (the
 * proxy's policy: a shared server reaches only what its operator lists), its headers plain
 * request headers, its body a template of known placeholders (callback-template.ts). A public
 * mock API's callers are strangers, and each of their requests would make the server send
 * requests elsewhere, so callbacks need a private API (a mock run from a file is its user's own).
 */
import type { MockCallback } from '@rowloom/contract';
import { parseTemplate } from './callback-template.js';
import { at, isObject, shown, type Problems } from './mock-problems.js';
import { checkedBackEndUrl, type ProxyPolicy } from './mock-validate-proxy.js';

/** Headers the server's HTTP client sets itself. */
const OWN_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function readHeaders(value: unknown, path: string, problems: Problems): Record<string, string> | null {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return null;
  let ok = true;
  for (const [name, text] of Object.entries(value)) {
    const problem = !TOKEN.test(name)
      ? `is not a header name`
      : OWN_HEADERS.has(name.toLowerCase())
        ? 'is set by the server itself'
        : typeof text === 'string' && /[\r\n\0]/.test(text)
          ? `must be a value without line breaks, got ${shown(text)}`
          : null;
    if (problem) {
      problems.add(at(path, name), problem);
      ok = false;
    }
  }
  return ok ? (value as Record<string, string>) : null;
}

function readCallback(value: unknown, path: string, policy: ProxyPolicy, problems: Problems): MockCallback | undefined {
  if (!isObject(value) || typeof value.url !== 'string') return undefined;
  const url = checkedBackEndUrl(value.url, at(path, 'url'), policy, problems, true);
  const headers = readHeaders(value.headers, at(path, 'headers'), problems);
  const body = typeof value.body === 'string' ? value.body : undefined;
  const template = body === undefined ? [] : parseTemplate(body);
  if (typeof template === 'string') problems.add(at(path, 'body'), template);
  if (url === null || headers === null || typeof template === 'string') return undefined;
  return {
    url,
    method: (value.method as MockCallback['method']) ?? 'POST',
    delayMs: (value.delayMs as number | undefined) ?? 0,
    headers,
    ...(body === undefined
      ? {}
      : { body, contentType: (value.contentType as string | undefined) ?? 'application/json' }),
  };
}

/** The callbacks as stored; undefined when absent or bad (bad ones are reported). */
export function readCallbacks(
  value: unknown,
  path: string,
  isPublic: boolean,
  policy: ProxyPolicy,
  problems: Problems,
): MockCallback[] | undefined | null {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return undefined;
  if (!Array.isArray(value)) return null;
  if (isPublic && !policy.publicRecording) {
    problems.add(
      path,
      'need a private mock API: the requests of a public one come from anyone, and each would make this server send requests elsewhere',
    );
    return null;
  }
  const read = value.map((item, index) => readCallback(item, `${path}[${index}]`, policy, problems));
  return read.every((callback) => callback !== undefined) ? (read as MockCallback[]) : null;
}
