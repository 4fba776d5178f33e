/**
 * Seeds of a handler run. A repeatable route (or a generate with cache_for:) answers the same
 * request with the same rows: its seed comes from the request, and each generate call of the run
 * mixes in its own number, so two calls on one schema make different rows. Otherwise every run
 * draws a fresh seed, as a generate request without a seed does.
 */
import { randomInt } from 'node:crypto';
import { combineKeys, seedKey } from '../random/counter-random.js';
import type { HandlerRequest } from './handler-contract.js';

/**
 * A seed that is the same for the same request: method, path, query (in name order) and body.
 * Callers may use it as HandlerSetup.requestSeed for repeatable routes.
 */
export function handlerRequestSeed(request: Pick<HandlerRequest, 'method' | 'path' | 'query' | 'body'>): string {
  const query = Object.keys(request.query)
    .sort()
    .map((name) => [name, request.query[name]]);
  let body: string;
  try {
    body = JSON.stringify(request.body ?? null);
  } catch {
    body = ''; // nested too deeply to write back: the rest of the request still tells requests apart
  }
  return JSON.stringify([request.method.toUpperCase(), request.path, query]) + body;
}

/** The 32-bit key of a run's seed: the given one, or a fresh one. */
export function runSeedKey(seed: string | null): number {
  return seed === null ? randomInt(1, 2 ** 31 - 1) : seedKey(seed);
}

/** The key of the run's `call`-th generate (0-based). */
export function callSeedKey(runKey: number, call: number): number {
  return combineKeys(runKey, call + 1);
}
