/**
 * Ajv's first error, in plain words that name the place: `body.points[0].x must be a number,
 * got a string`, `query parameter "limit" must be a whole number`. The person reading it fixes
 * their request from this sentence alone.
 */
import type { ErrorObject } from 'ajv';

/** The request part a schema checked, as Fastify names it. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a JSON array',
  null: 'null',
};

/** JSON Pointer segments (`/points/0/x`), unescaped. */
function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `body`, `body.fields[0].name`, `body["odd key"]`. */
function bodyPlace(path: string[]): string {
  let place = 'body';
  for (const segment of path) {
    if (/^\d+$/.test(segment)) place += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) place += `.${segment}`;
    else place += `[${JSON.stringify(segment.slice(0, 60))}]`;
  }
  return place;
}

/** How the error names the place of the value: by the request part and the path in it. */
export function placeOf(part: RequestPart, path: string[]): string {
  if (part === 'body') return bodyPlace(path);
  const [name, ...rest] = path;
  const inner = rest.length ? ` (at ${rest.join('.')})` : '';
  if (name === undefined) return part === 'params' ? 'the path' : 'the query';
  if (part === 'params')
    return name === '*' || name === 'name' ? `the name in the path${inner}` : `path parameter "${name}"${inner}`;
  if (part === 'headers') return `header "${name}"${inner}`;
  return `query parameter "${name}"${inner}`;
}

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((one) => TYPE_WORDS[String(one)] ?? String(one)).join(' or ');
}

/** What kind of value was sent: for "must be a string, got a number". */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

const quote = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? text.slice(0, 60) + '...' : text;
};

/** "must be between 0 and 1", "must be 1 or more". */
function range(schema: Record<string, unknown> | undefined, params: Record<string, unknown>): string {
  const { minimum, maximum } = schema ?? {};
  if (typeof minimum === 'number' && typeof maximum === 'number') return `must be between ${minimum} and ${maximum}`;
  return params.comparison === '>='
    ? `must be ${String(params.limit)} or more`
    : `must be ${String(params.limit)} or less`;
}

/** "must be ..." for one error (the place is said by the caller). */
function predicate(error: ErrorObject, part: RequestPart): string {
  const params = error.params as Record<string, unknown>;
  const got = 'data' in error && part === 'body' ? `, got ${kindOf(error.data)}` : '';
  switch (error.keyword) {
    case 'type':
      return part === 'body' || params.type !== 'integer'
        ? `must be ${typeWords(params.type)}${got}`
        : `must be a whole number, got ${quote(error.data)}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'minimum':
    case 'maximum':
      return `${range(error.parentSchema as Record<string, unknown> | undefined, params)}${'data' in error ? `, got ${quote(error.data)}` : ''}`;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(params.comparison)} ${String(params.limit)}${'data' in error ? `, got ${quote(error.data)}` : ''}`;
    case 'minItems':
      return `must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map(quote).join(', ')}${'data' in error ? `, got ${quote(error.data)}` : ''}`;
    case 'const':
      return `must be ${quote(params.allowedValue)}`;
    case 'pattern':
      return `must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    default:
      return error.message ?? 'is not valid';
  }
}

/**
 * A union (`anyOf`/`oneOf`) reports each branch's failure and then its own: its sentence lists
 * the forms the branches allow (`must be a string or null`).
 */
function unionPredicate(error: ErrorObject, errors: ErrorObject[], part: RequestPart): string {
  const branches = errors.filter((other) => other.instancePath === error.instancePath && other !== error);
  const types = branches
    .filter((b) => b.keyword === 'type')
    .map((b) => typeWords((b.params as { type: unknown }).type));
  const consts = branches
    .filter((b) => b.keyword === 'const')
    .map((b) => quote((b.params as { allowedValue: unknown }).allowedValue));
  const forms = [...consts, ...types];
  if (forms.length === branches.length && forms.length > 0) {
    const got = 'data' in error && part === 'body' ? `, got ${kindOf(error.data)}` : '';
    return `must be ${forms.join(' or ')}${got}`;
  }
  // A branch that failed deeper says more than "matches no form".
  const deeper = errors.find((other) => other.instancePath.length > error.instancePath.length);
  return deeper ? '' : 'does not have any of the allowed forms';
}

/** The sentence for Ajv's errors of one request part (Ajv stops at the first problem; unions report theirs last). */
export function validationMessage(errors: ErrorObject[], part: RequestPart): string {
  const union = errors.find((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf');
  if (union) {
    const sentence = unionPredicate(union, errors, part);
    if (sentence !== '') return `${placeOf(part, segments(union.instancePath))} ${sentence}`;
    const deeper = errors.find((other) => other.instancePath.length > union.instancePath.length) as ErrorObject;
    return single(deeper, part);
  }
  return single(errors[0] as ErrorObject, part);
}

function single(error: ErrorObject, part: RequestPart): string {
  const path = segments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${placeOf(part, [...path, String(params.missingProperty)])} is missing`;
  if (error.keyword === 'additionalProperties')
    return `${placeOf(part, [...path, String(params.additionalProperty)])} is not a field this accepts; remove it`;
  return `${placeOf(part, path)} ${predicate(error, part)}`;
}

/** A number in the query too large to hold exactly (Ajv coerced its digits to Infinity or past 2^53). */
export function tooLargeMessage(part: RequestPart, name: string, text: string): string {
  return `${placeOf(part, [name])} must be a whole number of at most ${Number.MAX_SAFE_INTEGER}, got ${quote(text)}`;
}
