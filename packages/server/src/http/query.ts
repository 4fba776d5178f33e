/** Reading query parameters strictly: a bad value is a 400 naming the parameter. */
import { badRequest } from './http-error.js';

export type Query = Record<string, unknown>;

/** A repeated parameter (`?a=1&a=2`) counts as its last value. */
export function queryText(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined;
  return value === undefined ? undefined : String(value);
}

/** true/false in any case (Python clients send True/False); also 1/0. */
export function queryBoolean(query: Query, names: readonly string[], fallback: boolean): boolean {
  for (const name of names) {
    const text = queryText(query, name);
    if (text === undefined || text === '') continue;
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw badRequest(`parameter "${name}" must be true or false, got "${text}"`);
  }
  return fallback;
}

export function queryCount(query: Query, name: string): number | undefined {
  const text = queryText(query, name);
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(Number(text))) {
    throw badRequest(`parameter "${name}" must be a whole number of 0 or more, got "${text}"`);
  }
  return Number(text);
}

/**
 * A name or other text that is looked up in or stored to the database: PostgreSQL text cannot
 * hold a NUL character, so one is a 400 naming the parameter on every database alike.
 */
export function storableText(text: string, what: string): string {
  if (text.includes('\u0000')) throw badRequest(`${what} must not contain a NUL character (\\u0000)`);
  return text;
}
