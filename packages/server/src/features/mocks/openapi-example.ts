/**
 * A JSON example from a JSON Schema (an OpenAPI response's schema), made deterministically when
 * the document gives no example: the schema's own example, default, const or first enum value
 * where there is one, else a plain value of its type and format, objects with their properties,
 * arrays of 1 to 3 items. Local `$ref`s (#/components/...) are followed. A small bounded walker,
 * not a faker: depth, nodes and properties per object are capped, and a cycle ends in null.
 */

/** Depth counts nested objects and arrays (not $refs and combinators, which the node budget bounds). */
const MAX_DEPTH = 16;
const MAX_NODES = 2000;
const MAX_PROPERTIES = 60;
/** Optional properties are shown down to this depth; below it only required ones. */
const OPTIONAL_DEPTH = 6;
const MAX_STRING = 256;

/** Values for string formats, fixed so an import is reproducible. */
const FORMATS: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uuid: '3f2c1e5a-8b4d-4c6e-9f1a-2b3c4d5e6f70',
  uri: 'https://example.com/resource',
  'uri-reference': '/resource',
  url: 'https://example.com/resource',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  byte: 'ZXhhbXBsZQ==',
  binary: 'example',
  password: 'secret',
  duration: 'P1D',
  regex: '^[a-z]+$',
};

interface Walk {
  root: unknown;
  /** The $refs being expanded (a cycle returns null). */
  refs: string[];
  nodes: number;
  maxNodes: number;
  /** What could not be followed, for the import's warnings. */
  notes: Set<string>;
}

export interface SchemaExample {
  value: unknown;
  notes: string[];
  /** Schema nodes visited: an import spends a budget across all its responses. */
  nodes: number;
}

export function exampleFromSchema(schema: unknown, root: unknown, maxNodes = MAX_NODES): SchemaExample {
  const walk: Walk = { root, refs: [], nodes: 0, maxNodes: Math.min(maxNodes, MAX_NODES), notes: new Set() };
  const value = valueOf(schema, walk, 0);
  if (walk.nodes > walk.maxNodes) walk.notes.add(`the generated example was cut at ${walk.maxNodes} values`);
  return { value, notes: [...walk.notes], nodes: walk.nodes };
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Resolves `#/a/b~1c` in the document; undefined when it is not a local pointer that exists. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isSchema(node) && !Array.isArray(node)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function valueOf(schema: unknown, walk: Walk, depth: number): unknown {
  walk.nodes++;
  if (!isSchema(schema) || depth > MAX_DEPTH || walk.nodes > walk.maxNodes) return null;
  if (typeof schema.$ref === 'string') return followRef(schema.$ref, walk, depth);
  const given = givenValue(schema);
  if (given !== undefined) return given;
  if (Array.isArray(schema.allOf)) return allOf(schema.allOf, walk, depth);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const choices = schema[key];
    if (Array.isArray(choices) && choices.length > 0)
      return valueOf(choices.find((c) => !(isSchema(c) && c.type === 'null')) ?? choices[0], walk, depth);
  }
  switch (typeOf(schema)) {
    case 'object':
      return objectOf(schema, walk, depth);
    case 'array':
      return arrayOf(schema, walk, depth);
    case 'string':
      return stringOf(schema);
    case 'integer':
      return Math.ceil(numberOf(schema));
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

function followRef(ref: string, walk: Walk, depth: number): unknown {
  if (walk.refs.includes(ref)) return null;
  const target = resolvePointer(walk.root, ref);
  if (target === undefined) {
    walk.notes.add(`$ref ${ref.slice(0, 100)} was not followed (only references inside the document are)`);
    return null;
  }
  walk.refs.push(ref);
  const value = valueOf(target, walk, depth);
  walk.refs.pop();
  return value;
}

/** The schema's own example, default, const or first enum value. */
function givenValue(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  return undefined;
}

function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  if (isSchema(schema.properties) || isSchema(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function allOf(parts: unknown[], walk: Walk, depth: number): unknown {
  const values = parts.map((part) => valueOf(part, walk, depth));
  if (values.every((value) => isSchema(value) || value === null)) return Object.assign({}, ...values.filter(isSchema));
  return values.find((value) => value !== null) ?? null;
}

function objectOf(schema: Schema, walk: Walk, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties).slice(0, MAX_PROPERTIES) : [];
  for (const [name, property] of properties) {
    if (depth >= OPTIONAL_DEPTH && !required.includes(name)) continue;
    if (isSchema(property) && property.writeOnly === true) continue;
    result[name] = valueOf(property, walk, depth + 1);
  }
  if (properties.length === 0 && isSchema(schema.additionalProperties))
    result.additionalProp1 = valueOf(schema.additionalProperties, walk, depth + 1);
  return result;
}

function arrayOf(schema: Schema, walk: Walk, depth: number): unknown[] {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : 3;
  const count = Math.max(0, Math.min(3, Math.max(1, min), max));
  const item = valueOf(schema.items, walk, depth + 1);
  return Array.from({ length: count }, () => item);
}

function stringOf(schema: Schema): string {
  let text =
    typeof schema.format === 'string' && FORMATS[schema.format] !== undefined ? FORMATS[schema.format] : 'string';
  const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, MAX_STRING) : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  while (text.length < min) text += 'x';
  return text.length > max ? text.slice(0, Math.max(0, max)) : text;
}

function numberOf(schema: Schema): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : undefined;
  if (min !== undefined) return min;
  if (max !== undefined && max < 0) return max;
  return 0;
}
