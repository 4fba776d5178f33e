/**
 * Headers a mock may not send, checked when a document is saved (mock-validate-parts.ts), again
 * when a response is served (documents saved before a rule existed) and on what a handler sets.
 * Refused: the runtime's own sandbox headers (mock-sandbox.ts: a mock cannot weaken them), and
 * headers that act on the whole host rather than on the answer (where mocks share the app's
 * origin they would act on the app: sign the visitor out, switch off HSTS, send reports of the
 * app's requests elsewhere). Set-Cookie follows mock-cookie-policy.ts.
 */
import { cookieProblem } from './mock-cookie-policy.js';

const OWN =
  'is set by the mock runtime on every answer (Content-Security-Policy: sandbox, X-Content-Type-Options: nosniff) and may not be replaced; leave it out';
const HOST_WIDE =
  "acts on the whole host, not on this answer (where mocks share the app's origin, on the app too); leave it out";

const REFUSED = new Map<string, string>([
  ['content-security-policy', OWN],
  ['x-content-type-options', OWN],
  ['clear-site-data', HOST_WIDE],
  ['strict-transport-security', HOST_WIDE],
  ['alt-svc', HOST_WIDE],
  ['nel', HOST_WIDE],
  ['report-to', HOST_WIDE],
]);

/** The header names a mock may never send, for docs and messages. */
export const REFUSED_MOCK_HEADERS: readonly string[] = [...REFUSED.keys()];

/** Why a mock may not send this header, or null; the sentence follows the header's place (`headers["Set-Cookie"] ...`). */
export function mockHeaderProblem(name: string, value: string): string | null {
  const lower = name.toLowerCase();
  const refused = REFUSED.get(lower);
  if (refused !== undefined) return refused;
  return lower === 'set-cookie' ? cookieProblem(value) : null;
}
