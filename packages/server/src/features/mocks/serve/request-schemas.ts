/**
 * JSON Schemas of a route's documented request (OpenAPI's dialect) checked with
 * @cfworker/json-schema, an interpreter: a user's schema is read as data, never compiled into
 * code. OpenAPI 3.0's own words are turned into JSON Schema's first (`nullable: true` → a type
 * that also admits null; a boolean `exclusiveMinimum` → the number form). Validators are kept per
 * schema object: stored documents are parsed once and shared (parsed-documents.ts), so a
 * document's schemas are the same objects until it changes.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';

const validators = new WeakMap<object, Validator>();

/** OpenAPI 3.0's schema words in JSON Schema 2020-12's (a copy; the stored schema is frozen). */
export function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = asJsonSchema(value);
  if (copy.nullable === true) {
    if (typeof copy.type === 'string') copy.type = [copy.type, 'null'];
    else if (Array.isArray(copy.type)) copy.type = [...(copy.type as unknown[]), 'null'];
    if (Array.isArray(copy.enum)) copy.enum = [...(copy.enum as unknown[]), null];
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[flag] !== 'boolean') continue;
    if (copy[flag] === true && typeof copy[bound] === 'number') copy[flag] = copy[bound];
    else delete copy[flag];
    if (typeof copy[flag] === 'number') delete copy[bound];
  }
  delete copy.nullable;
  return copy;
}

function validatorOf(schema: object | boolean): Validator {
  if (typeof schema === 'boolean') return new Validator(schema, '2020-12', false);
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(asJsonSchema(schema) as Schema, '2020-12', false);
    validators.set(schema, validator);
  }
  return validator;
}

/** Keywords that only say "something inside failed": their inner errors say what. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  '$ref',
  'additionalProperties',
  'unevaluatedProperties',
]);

/** `#/items/0/sku` under `where` → `body.items[0].sku`. */
function placeOf(where: string, unit: OutputUnit): string {
  const parts = unit.instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '');
  return parts.reduce(
    (place, part) =>
      /^\d+$/.test(part) ? `${place}[${part}]` : `${place}.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`,
    where,
  );
}

/** What is wrong with `value` against `schema`, each with where (`body.items[0].sku`); [] when it conforms. */
export function schemaProblems(
  schema: object | boolean,
  value: unknown,
  where: string,
): { path: string; message: string }[] {
  const result = validatorOf(schema).validate(value);
  if (result.valid) return [];
  const specific = result.errors.filter((unit) => !WRAPPERS.has(unit.keyword));
  const units = specific.length ? specific : result.errors;
  const seen = new Set<string>();
  return units
    .map((unit) => ({ path: placeOf(where, unit), message: `${placeOf(where, unit)}: ${unit.error}` }))
    .filter((problem) => !seen.has(problem.message) && seen.add(problem.message))
    .slice(0, 20);
}
