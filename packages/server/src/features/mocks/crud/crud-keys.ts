/**
 * Record keys. A record's key field (crud.key, default "id") is compared as text: 42 and "42"
 * name the same record, and the stored JSON keeps the value's own type. Keys that are plain
 * non-negative integers (in canonical form) move the collection's next numeric id past them.
 */

/** Longer keys are refused: they are an index entry in the database (PostgreSQL caps those near 2.7 KB). */
export const KEY_MAX_CHARS = 256;

/** The text of a key value, or null when the value cannot be a key (missing, null, object, array, not finite). */
export function keyText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return null;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a key's text cannot be stored, or null when it can. */
export function keyProblem(text: string): string | null {
  if (text === '') return 'is empty';
  if (text.length > KEY_MAX_CHARS) return `is ${text.length} characters long; use at most ${KEY_MAX_CHARS}`;
  // PostgreSQL's text cannot hold NUL.
  if (text.includes('\u0000')) return 'contains a NUL character';
  // A lone surrogate has no UTF-8 form: it could not be written in a URL (Location) or sent back.
  if (LONE_SURROGATE.test(text)) return 'contains a lone UTF-16 surrogate (not Unicode text)';
  return null;
}

/** The integer a key stands for when it is a canonical non-negative safe integer ("7", 7), else null. */
export function numericKey(text: string): number | null {
  if (!/^(0|[1-9]\d{0,14})$/.test(text)) return null;
  return Number(text);
}

/** A key as it appears in messages: bare when it is a plain word or number, else quoted. */
export function shownKey(text: string): string {
  return /^[\w.\-~]{1,64}$/.test(text) ? text : JSON.stringify(text.length > 64 ? text.slice(0, 64) + '...' : text);
}
