/**
 * Where mock APIs are served, from the environment, and the checks that keep them away from the
 * app's own host (docs/mock-runtime.md, "Which origin serves what"):
 *   ROWLOOM_MOCK_HOST_SUFFIX: mock APIs may have names under it (users.mocks.example.com);
 *   ROWLOOM_MOCK_ORIGIN: an origin of their own for /mock/<slug>/... (https://mocks.example.net);
 *   the app's requests to /mock/... are redirected there.
 * A browser gives cookies to a host whatever its port, and a parent domain's scripts and cookies
 * reach its subdomains, so neither may equal or contain the app's host (PUBLIC_URL's), and the
 * app's host may not lie under the suffix: a mock API could then take the app's own name.
 */
import { ConfigError } from './startup.js';

export interface MockOriginConfig {
  /** ROWLOOM_MOCK_HOST_SUFFIX, lower-case, no dots at the ends; null: host names are off. */
  mockHostSuffix: string | null;
  /** ROWLOOM_MOCK_ORIGIN as scheme://host[:port] (no trailing slash); null: mocks answer on the app's origin. */
  mockOrigin: string | null;
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** `host` is `domain` or a name under it. */
export function isSameOrUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** A DNS name (two labels at least, not an IP address); a leading dot is allowed and dropped. */
function mockHostSuffixFrom(env: NodeJS.ProcessEnv): string | null {
  const text = env.ROWLOOM_MOCK_HOST_SUFFIX?.trim().toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (!text) return null;
  const labels = text.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels[labels.length - 1])) {
    throw new ConfigError(
      `ROWLOOM_MOCK_HOST_SUFFIX must be a DNS name such as mocks.example.com (mock APIs then answer at <name>.mocks.example.com), got "${env.ROWLOOM_MOCK_HOST_SUFFIX}"`,
    );
  }
  return text;
}

/** An http(s) origin: no path, query, fragment or user name. */
function mockOriginFrom(env: NodeJS.ProcessEnv): string | null {
  const text = env.ROWLOOM_MOCK_ORIGIN?.trim();
  if (!text) return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new ConfigError(
      `ROWLOOM_MOCK_ORIGIN must be an http or https origin without a path, such as https://mocks.example.net, got "${env.ROWLOOM_MOCK_ORIGIN}"`,
    );
  }
  return url.origin;
}

/** The host name of an http(s) URL, lower-case, without brackets' content changed or a trailing dot. */
function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
}

/** Refuses a configuration where a mock could be served as (or above) the app's own host. */
function checkSeparation(config: MockOriginConfig, publicUrl: string | null): void {
  const { mockHostSuffix: suffix, mockOrigin } = config;
  const originHost = mockOrigin ? hostOf(mockOrigin) : null;
  if (originHost && suffix && isSameOrUnder(originHost, suffix) && originHost !== suffix) {
    throw new ConfigError(
      `ROWLOOM_MOCK_ORIGIN's host ${originHost} lies under ROWLOOM_MOCK_HOST_SUFFIX (${suffix}), where mock APIs choose their own names; use a host outside it, such as ${suffix} itself`,
    );
  }
  if (!publicUrl) return;
  const appHost = hostOf(publicUrl);
  if (suffix && isSameOrUnder(appHost, suffix)) {
    throw new ConfigError(
      `PUBLIC_URL's host ${appHost} lies under ROWLOOM_MOCK_HOST_SUFFIX (${suffix}), so a mock API could take the app's own name; give mock APIs a suffix of their own, such as mocks.${appHost}`,
    );
  }
  if (originHost && isSameOrUnder(appHost, originHost)) {
    const why =
      originHost === appHost
        ? "is the app's own host (cookies are shared across ports)"
        : `contains the app's host ${appHost}`;
    throw new ConfigError(
      `ROWLOOM_MOCK_ORIGIN's host ${originHost} ${why}; serve mocks from another host, such as mocks.${appHost} or a domain of their own`,
    );
  }
}

/** Throws a ConfigError naming the variable when one is malformed or the two overlap the app. */
export function mockOriginConfigFrom(env: NodeJS.ProcessEnv, publicUrl: string | null): MockOriginConfig {
  const config = { mockHostSuffix: mockHostSuffixFrom(env), mockOrigin: mockOriginFrom(env) };
  checkSeparation(config, publicUrl);
  return config;
}
