import { HandlerError } from './handler-error.js';

/**
 * Levels a request body may be nested for a handler: more than any real API sends, and little
 * enough for the copy to a generation thread (structured clone recurses and fails near 10,000).
 */
export const MAX_REQUEST_DEPTH = 1000;

/** Throws a HandlerError (at 1:1: the request, not a statement, is at fault) when the body is nested past MAX_REQUEST_DEPTH. */
export function checkRequestDepth(body: unknown): void {
  const pending: [unknown, number][] = [[body, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_REQUEST_DEPTH)
      throw new HandlerError(
        `the request body is nested more than ${MAX_REQUEST_DEPTH} levels deep, too deep for a handler`,
        1,
        1,
      );
    for (const item of Object.values(value))
      if (item !== null && typeof item === 'object') pending.push([item, depth + 1]);
  }
}

/**
 * A copy of JSON values (the request's body) for a handler to change with []= without changing
 * the caller's object. Iterative, so a body nested thousands deep (which structuredClone and a
 * recursive copy cannot take) is copied too; keys are stored as own properties.
 */
export function cloneJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root = emptyLike(value);
  const pending: [object, Record<string, unknown>][] = [[value, root as Record<string, unknown>]];
  while (pending.length > 0) {
    const [source, target] = pending.pop()!;
    for (const [key, item] of Object.entries(source)) {
      let copy: unknown = item;
      if (item !== null && typeof item === 'object') {
        copy = emptyLike(item);
        pending.push([item, copy as Record<string, unknown>]);
      }
      Object.defineProperty(target, key, { value: copy, writable: true, enumerable: true, configurable: true });
    }
  }
  return root;
}

function emptyLike(value: object): object {
  return Array.isArray(value) ? [] : {};
}
