/**
 * Collecting every problem of a mock API document at once, each naming its JSON path
 * (`routes[2].responses[0].status`), and the small readers the checks share.
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

  /** `described`: past this many, problems are only counted. */
  constructor(private readonly described = MAX_DESCRIBED) {}

  /** Problems already worded, as another Problems listed them. */
  static of(problems: readonly MockProblem[]): Problems {
    const collected = new Problems();
    for (const problem of problems) collected.push(problem);
    return collected;
  }

  add(path: string, message: string): void {
    this.push({ path, message: path === '' ? message : `${path} ${message}` });
  }

  get count(): number {
    return this.list.length + this.more;
  }

  private push(problem: MockProblem): void {
    if (this.list.length >= this.described) this.more++;
    else this.list.push(problem);
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

/** A text, or undefined for anything else (its shape is checkStructure's to report). */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A true/false, or `fallback` when absent (or of another kind, which checkStructure reports). */
export function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** One of `choices`, `fallback` when absent; undefined when it is something else (checkStructure reports it). */
export function choice<T extends string>(value: unknown, choices: readonly T[], fallback?: T): T | undefined {
  if (value === undefined || value === null) return fallback;
  return (choices as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/**
 * A number under a bound the schema cannot know (the owner's plan): reported in the schema's
 * words when it is past `max`; undefined when it is not a number in min..max.
 */
export function atMost(value: unknown, path: string, min: number, max: number, problems: Problems): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) return undefined;
  if (value <= max) return value;
  problems.add(path, `must be an integer ${min}..${max}, got ${shown(value)}`);
  return undefined;
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

/** Half a UTF-16 surrogate pair: not text any encoding can carry (a URL, UTF-8 in PostgreSQL). */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** UTF-8 bytes of a text, without allocating a buffer. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
