/**
 * What a mock may do with cookies. Reading: a rule on a request cookie never sees Rowloom's own
 * (rowloom_*, below). Writing: what a mock's Set-Cookie may do (docs/mock-runtime.md, "Cookies"). Mocking a sign-in endpoint
 * needs cookies, but a mock must never set or shadow a cookie the app reads, nor reach other
 * hosts or paths than its own:
 * - names beginning with rowloom_ (any case, also behind __Secure- or __Host-) are Rowloom's;
 * - a cookie needs a name: a nameless one ("=x" or "x") is sent back as its bare value, so it
 *   could pose as any cookie, rowloom_session too;
 * - no Domain attribute: the cookie stays with the host that answered (a mock at
 *   users.mocks.example.com cannot set one for mocks.example.com or example.com);
 * - no __Host- cookies: they must have Path=/, and at /mock/<slug> a cookie's path is confined;
 * - at /mock/<slug> (the app's origin, or the mock origin all mocks share) every cookie's Path is
 *   put under /mock/<slug> (Path=/auth becomes /mock/<slug>/auth), so it is only sent back to
 *   that mock; on a mock's own host name its Path is kept.
 * The header is read as browsers read it (RFC 6265bis, 5.7: the name is what comes before the
 * first "=" of the part before the first ";", trimmed; attribute names are case-insensitive), so
 * what is checked here is what a browser would store.
 */

export interface SetCookieParts {
  /** Trimmed; "" for a nameless cookie. */
  name: string;
  /** The name=value part as written. */
  pair: string;
  /** Each attribute as written (trimmed), with its lower-case name and trimmed value. */
  attributes: { name: string; value: string; text: string }[];
}

/** RFC 9110 token characters: what a cookie name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const APP_PREFIX = 'rowloom_';

export function parseSetCookie(header: string): SetCookieParts {
  const [pair, ...rest] = header.split(';');
  const equals = pair.indexOf('=');
  const name = equals < 0 ? '' : pair.slice(0, equals).trim();
  const attributes = rest
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => {
      const at = text.indexOf('=');
      return {
        name: (at < 0 ? text : text.slice(0, at)).trim().toLowerCase(),
        value: at < 0 ? '' : text.slice(at + 1).trim(),
        text,
      };
    });
  return { name, pair: pair.trim(), attributes };
}

/** The name without a __Secure- or __Host- prefix (browsers match those in any case). */
function withoutPrefix(name: string): string {
  return name.replace(/^__(secure|host)-/i, '');
}

/** A cookie of Rowloom's own (its session), which a mock may neither set nor read. */
export function isAppCookie(name: string): boolean {
  return withoutPrefix(name).toLowerCase().startsWith(APP_PREFIX);
}

/** Why a rule may not read the cookie `name`, or null when it may (sentences follow the name's place). */
export function cookieRuleNameProblem(name: string): string | null {
  if (!TOKEN.test(name))
    return `must be a cookie name (letters, digits and !#$%&'*+.^_\`|~-), got ${JSON.stringify(name.slice(0, 60))}`;
  if (isAppCookie(name))
    return `may not name the cookie "${name.slice(0, 60)}": names beginning with ${APP_PREFIX} belong to Rowloom itself (its session), which a mock never reads`;
  return null;
}

/** Why a mock may not send this Set-Cookie value, or null when it may (sentences follow the header's place). */
export function cookieProblem(header: string): string | null {
  const cookie = parseSetCookie(header);
  if (cookie.name === '')
    return 'must name its cookie (name=value): a nameless cookie is sent back as its bare value and could pose as any cookie';
  if (!TOKEN.test(cookie.name))
    return `names the cookie ${JSON.stringify(cookie.name.slice(0, 60))}, which is not a cookie name (letters, digits and !#$%&'*+.^_\`|~-)`;
  if (isAppCookie(cookie.name))
    return `may not set the cookie "${cookie.name.slice(0, 60)}": names beginning with ${APP_PREFIX} belong to Rowloom itself (its session); choose another name`;
  if (/^__host-/i.test(cookie.name))
    return `may not set the __Host- cookie "${cookie.name.slice(0, 60)}": __Host- cookies need Path=/, and a mock's cookies are confined to its own path /mock/<slug>; use another name (__Secure- is fine)`;
  if (cookie.attributes.some((attribute) => attribute.name === 'domain'))
    return 'may not have a Domain attribute: it would share the cookie with other hosts (other mocks, or the app); leave it out and the cookie belongs to the host that answered';
  return null;
}

/**
 * The Set-Cookie value with its Path put under `mount` (/mock/<slug>): the cookie's own Path is
 * read relative to the mock API's root, as on its own host name (none or "/" -> the mount).
 */
export function confineCookie(header: string, mount: string): string {
  const cookie = parseSetCookie(header);
  const paths = cookie.attributes.filter((attribute) => attribute.name === 'path' && attribute.value.startsWith('/'));
  const own = paths.length > 0 ? paths[paths.length - 1].value : '/';
  const others = cookie.attributes.filter((attribute) => attribute.name !== 'path').map((attribute) => attribute.text);
  return [cookie.pair, ...others, `Path=${mount}${own === '/' ? '' : own}`].join('; ');
}
