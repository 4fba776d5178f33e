/**
 * Collecting every problem of a mock API document at once, each naming its JSON path
 * (`routes[2].responses[0].status`), and the small typed readers the validators share.
 */

export interface MockProblem {
  /** The JSON path of the offending value (`routes[0].path`), or "" for the document itself. */
  path: string;
  /** The whole sentence, starting with the path. */
  message: string;
}

/** Past this many problems the rest are counted, not described: a huge bad document stays cheap. */
const MAX_DESCRIBED = 100;

export class Problems {
  readonly list: MockProblem[] = [];
  private more = 0;

  add(path: string, message: string): void {
    if (this.list.length >= MAX_DESCRIBED) {
      this.more++;
      return;
    }
    this.list.push({ path, message: path === '' ? message : `${path} ${message}` });
  }

  get count(): number {
    return this.list.length + this.more;
  }
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `path.key`, or `key` at the top. */
export function at(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** A short rendering of a bad value for a message. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Reports keys the shape does not have (a typo would otherwise be dropped silently). */
export function checkKeys(value: Json, path: string, known: readonly string[], problems: Problems): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) problems.add(at(path, key), `is not a known key here; the keys are ${known.join(', ')}`);
  }
}

/** An optional text of at most `max` characters; undefined when absent, null when bad (reported). */
export function optionalText(value: unknown, path: string, max: number, problems: Problems): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.add(path, `must be text, got ${shown(value)}`);
    return null;
  }
  if (value.length > max) {
    problems.add(path, `is ${value.length} characters long; at most ${max} are allowed`);
    return null;
  }
  if (value.includes('\u0000')) {
    problems.add(path, 'must not contain a NUL character (\\u0000)');
    return null;
  }
  if (hasLoneSurrogate(value)) {
    problems.add(path, 'must be valid Unicode text (it holds half of a surrogate pair)');
    return null;
  }
  return value;
}

export function optionalBoolean(value: unknown, path: string, fallback: boolean, problems: Problems): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') {
    problems.add(path, `must be true or false, got ${shown(value)}`);
    return fallback;
  }
  return value;
}

/** A number in [min, max] (an integer when `integer`); undefined when bad (reported). */
export function numberIn(value: unknown, path: string, min: number, max: number, problems: Problems, integer = false): number | undefined {
  const ok = typeof value === 'number' && Number.isFinite(value) && (!integer || Number.isInteger(value)) && value >= min && value <= max;
  if (!ok) {
    problems.add(path, `must be ${integer ? 'an integer' : 'a number'} ${min}..${max}, got ${shown(value)}`);
    return undefined;
  }
  return value as number;
}

/** One of `choices`, or `fallback` when absent; undefined when bad (reported). */
export function oneOf<T extends string>(value: unknown, path: string, choices: readonly T[], problems: Problems, fallback?: T): T | undefined {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    problems.add(path, `must be one of ${choices.join(', ')}, got ${shown(value)}`);
    return undefined;
  }
  return value as T;
}

/** An array of at most `max` items; [] when absent; undefined when bad (reported). */
export function listOf(value: unknown, path: string, max: number, problems: Problems, what: string): unknown[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.add(path, `must be an array of ${what}, got ${shown(value)}`);
    return undefined;
  }
  if (value.length > max) {
    problems.add(path, `has ${value.length} ${what}; at most ${max} are allowed`);
    return undefined;
  }
  return value;
}

/** Half a UTF-16 surrogate pair: not text any encoding can carry (a URL, UTF-8 in PostgreSQL). */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** UTF-8 bytes of a text, without allocating a buffer. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
