/**
 * A mock API's names: its name (per user), slug (in /mock/<slug>/...) and own host name, and
 * the short random ids routes and responses get.
 */
import { randomBytes } from 'node:crypto';
import { hasLoneSurrogate, type Problems } from './mock-problems.js';

export const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const ID = /^[A-Za-z0-9_-]{1,40}$/;
export const MAX_NAME_CHARS = 100;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 8 characters of [a-z0-9]: 41 bits, unique enough within one document (checked anyway). */
export function newId(): string {
  const bytes = randomBytes(8);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

/** "Users API v2" -> "users-api-v2"; "" when nothing of the name is usable. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** A name: 1..100 characters, no slash (it is a path segment of /api/mocks/:name), no control characters. */
export function checkName(value: unknown, path: string, problems: Problems): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.add(path, `is needed: a name of 1 to ${MAX_NAME_CHARS} characters, such as "Users API"`);
    return undefined;
  }
  if (value.length > MAX_NAME_CHARS)
    problems.add(path, `is ${value.length} characters long; at most ${MAX_NAME_CHARS} are allowed`);
  else if (value !== value.trim()) problems.add(path, 'must not start or end with spaces');
  else if (value.includes('/')) problems.add(path, 'must not contain "/" (the name is part of /api/mocks/<name>)');
  else if (/[\u0000-\u001f\u007f]/.test(value)) problems.add(path, 'must not contain control characters');
  else if (hasLoneSurrogate(value))
    problems.add(path, 'must be valid Unicode text (it holds half of a surrogate pair)');
  else return value;
  return undefined;
}

export function checkSlug(
  value: unknown,
  name: string | undefined,
  path: string,
  problems: Problems,
): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (name === undefined) return undefined;
    const derived = slugFromName(name);
    if (derived !== '') return derived;
    problems.add(
      path,
      `cannot be derived from the name "${name}" (it has no letters or digits a-z0-9); set "slug", e.g. "my-api"`,
    );
    return undefined;
  }
  if (typeof value !== 'string' || !SLUG.test(value)) {
    problems.add(
      path,
      `must be 1 to 63 lower-case letters, digits and hyphens, starting with a letter or digit (it is the URL path /mock/<slug>), got ${JSON.stringify(value)?.slice(0, 70)}`,
    );
    return undefined;
  }
  return value;
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Labels no mock API's host name may have (anywhere before the suffix): names people take for
 * the service itself or for its sign-in (www, app, login...), and names that mail clients,
 * browsers and mail servers look up by themselves (autodiscover, wpad, mta-sts...).
 */
export const RESERVED_HOST_LABELS: readonly string[] = [
  'www',
  'api',
  'app',
  'admin',
  'auth',
  'login',
  'signin',
  'sso',
  'oauth',
  'account',
  'accounts',
  'id',
  'mail',
  'smtp',
  'imap',
  'autodiscover',
  'autoconfig',
  'wpad',
  'mta-sts',
  'localhost',
  'static',
  'cdn',
  'status',
  'rowloom',
];
const RESERVED = new Set(RESERVED_HOST_LABELS);

/** The first reserved label of `host` before `suffix`, or null. */
export function reservedLabel(host: string, suffix: string): string | null {
  const own = host.slice(0, host.length - suffix.length - 1).split('.');
  return own.find((label) => RESERVED.has(label)) ?? null;
}

/**
 * An own host name, lower-cased: a name under the server's mock host suffix
 * (ROWLOOM_MOCK_HOST_SUFFIX, e.g. users.mocks.example.com under mocks.example.com), with no
 * reserved label. Only names under it are ever routed to a mock API (and the start refuses a
 * suffix over the server's own host), so no mock can take over the server's own name (or any
 * other site's) whatever Host a request or a save claims. Without a suffix, host names are off.
 */
export function checkHost(
  value: unknown,
  path: string,
  suffix: string | null,
  problems: Problems,
): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') {
    problems.add(
      path,
      `must be a host name such as users.mocks.example.com, or null, got ${JSON.stringify(value)?.slice(0, 60)}`,
    );
    return undefined;
  }
  if (suffix === null) {
    problems.add(
      path,
      'cannot be set: host names for mock APIs are off on this server (an administrator turns them on with ROWLOOM_MOCK_HOST_SUFFIX, e.g. mocks.example.com, and a wildcard DNS record); use the /mock/<slug> address',
    );
    return undefined;
  }
  const host = value.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  if (host.length > 253 || !labels.every((label) => LABEL.test(label))) {
    problems.add(
      path,
      `must be a host name of letters, digits, hyphens and dots (no port, scheme or path), such as users.${suffix}, got ${JSON.stringify(value.slice(0, 80))}`,
    );
    return undefined;
  }
  if (!isUnderSuffix(host, suffix)) {
    problems.add(
      path,
      `must be a name under ${suffix} (this server's mock host suffix), such as users.${suffix}, got "${host}"`,
    );
    return undefined;
  }
  const reserved = reservedLabel(host, suffix);
  if (reserved !== null) {
    problems.add(
      path,
      `may not use the reserved name "${reserved}" (reserved: ${RESERVED_HOST_LABELS.join(', ')}); choose another, such as ${reserved}-mock.${suffix}`,
    );
    return undefined;
  }
  return host;
}

/** `host` is a name under `suffix` (at least one label before it). */
export function isUnderSuffix(host: string, suffix: string): boolean {
  return host.endsWith(`.${suffix}`) && host.length > suffix.length + 1;
}
