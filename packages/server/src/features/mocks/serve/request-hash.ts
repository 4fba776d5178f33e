/**
 * The identity of a request for a repeatable route (Mockaroo's cache_for): method, path, query
 * (sorted, so the parameters' order does not matter) and body. Used as the generation's seed,
 * and to pick a random response.
 */
import { createHash } from 'node:crypto';
import type { MockCall } from './mock-call.js';

export function requestHash(call: MockCall): string {
  const query = Object.entries(call.query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([call.method, call.path, query, call.bodyText ?? '']))
    .digest('hex')
    .slice(0, 32);
}

/** A non-negative integer from the hash (for choosing among responses). */
export function hashNumber(hash: string): number {
  return parseInt(hash.slice(0, 8), 16);
}
