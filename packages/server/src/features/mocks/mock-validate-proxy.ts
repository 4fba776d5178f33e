/**
 * A mock API's `proxy` (contract MockProxy): an http(s) URL with no credentials, query or
 * fragment, to a host the server allows (proxy-hosts.ts); recording only on a private API, since
 * a public one's strangers would otherwise write routes into its owner's document (a mock run
 * from a file is its user's own, and may record what it serves publicly).
 */
import type { MockProxy } from '@rowloom/contract';
import { at, isObject, shown, type Problems } from './mock-problems.js';
import { proxyHostAllowed, type ProxyHosts } from './proxy-hosts.js';

export const DEFAULT_PROXY_TIMEOUT_MS = 10_000;

export interface ProxyPolicy {
  hosts: ProxyHosts;
  /** Whether a public mock API may record (`rowloom mock serve` only). */
  publicRecording: boolean;
}

/**
 * A back end's URL (a proxy's, a callback's) on a host the policy allows, without credentials;
 * a query only where `query` says so. The URL as stored, or null (reported).
 */
export function checkedBackEndUrl(
  text: string,
  path: string,
  policy: ProxyPolicy,
  problems: Problems,
  query = false,
): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.add(path, `must be an absolute http(s) URL such as https://api.example.com/v1, got ${shown(text)}`);
    return null;
  }
  const refuse = (why: string) => {
    problems.add(path, why);
    return null;
  };
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return refuse(`must be http or https, got ${url.protocol}`);
  if (url.username || url.password)
    return refuse('must not carry a user name or password: put credentials in the requests your client sends');
  if (url.hash) return refuse('must not have a fragment');
  if (url.search && !query) return refuse('must not have a query or fragment: the request brings its own');
  if (!proxyHostAllowed(url, policy.hosts))
    return refuse(
      policy.hosts.length === 0
        ? 'cannot be used: this server sends mock requests to no back end (its operator sets ROWLOOM_MOCK_PROXY_HOSTS); a mock run with `rowloom mock serve` may send them anywhere'
        : `names the host ${url.hostname}, which this server does not proxy to; allowed: ${(policy.hosts as string[]).join(', ')}`,
    );
  return query ? url.href : url.href.replace(/\/+$/, '');
}

/** The stored proxy (defaults filled), null for none, undefined when bad (reported). */
export function readProxy(
  value: unknown,
  isPublic: boolean,
  policy: ProxyPolicy,
  problems: Problems,
): MockProxy | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isObject(value) || typeof value.url !== 'string') return undefined;
  const url = checkedBackEndUrl(value.url, at('proxy', 'url'), policy, problems);
  const record = value.record === true;
  if (record && isPublic && !policy.publicRecording) {
    problems.add(
      at('proxy', 'record'),
      'needs a private mock API: the requests of a public one come from anyone, and each recording adds a route to your document',
    );
    return undefined;
  }
  if (url === null) return undefined;
  return { url, record, timeoutMs: (value.timeoutMs as number | undefined) ?? DEFAULT_PROXY_TIMEOUT_MS };
}
