/**
 * What every answer of the mock runtime carries, whoever wrote the rest of it: a sandbox CSP
 * (a mock's HTML runs no script, submits no form and gets an opaque origin, so it can neither
 * read the app's API with the visitor's cookies nor pose as the app's sign-in page) and nosniff
 * (a browser takes the content type as sent). A mock may not set either header itself
 * (mock-header-policy.ts), and these are merged last wherever the runtime writes headers, so
 * nothing configured or computed can replace them.
 */
import type { ServerResponse } from 'node:http';

export const MOCK_SANDBOX_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
});

/** `headers` with the sandbox headers on top. */
export function sandboxed<T extends Record<string, string | string[]>>(headers: T): T {
  return { ...headers, ...MOCK_SANDBOX_HEADERS };
}

/** On the raw response, for answers sent before the runtime's own code runs (Fastify's 404s, body errors). */
export function setSandbox(raw: ServerResponse): void {
  for (const [name, value] of Object.entries(MOCK_SANDBOX_HEADERS)) raw.setHeader(name, value);
}
