/**
 * The structural half of reading a mock API document: the value against the contract's schema
 * (MockApiInput, plain JSON Schema), every problem at its JSON path, in the words of the other
 * checks ("routes[0].responses[0].status must be an integer 100..599, got 700"). What a schema
 * cannot say (path syntax, header policy, regex safety, saved schemas that must exist) is
 * mock-validation.ts's.
 *
 * It reads the keywords the contract uses: type, enum, const, properties, required,
 * additionalProperties, patternProperties, items, maxItems, maxProperties, minLength,
 * maxLength, minimum, maximum and anyOf (a nullable value, or objects told apart by "type").
 * A null where the schema takes no null counts as absent, as it always has: a client may send
 * {"status": null} for the default. Every text is also refused with a NUL or half a surrogate
 * pair, which no database or header can carry.
 */
import { at, hasLoneSurrogate, isObject, shown, type Problems } from './mock-problems.js';

/** A JSON Schema node as TypeBox writes it. */
interface Node {
  type?: string;
  enum?: readonly unknown[];
  const?: unknown;
  properties?: Record<string, Node>;
  required?: readonly string[];
  additionalProperties?: boolean | Node;
  patternProperties?: Record<string, Node>;
  items?: Node;
  maxItems?: number;
  maxProperties?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: readonly Node[];
}

/** What a value of each key should look like, for the message when it is not even of that kind. */
const EXPECTED: Record<string, string> = {
  '': 'a mock API as a JSON object, such as {"name": "Users", "routes": [{"method": "GET", "path": "/users/:id", "responses": [...]}]}',
  routes: 'a route such as {"method": "GET", "path": "/users/:id", "responses": [{"status": 200, "body": {...}}]}',
  responses: 'a response such as {"status": 200, "body": {"type": "json", "value": {}}}',
  faults: 'a fault such as {"kind": "status", "status": 503, "probability": 0.1}',
  rules: 'a rule such as {"target": "query", "name": "status", "operator": "equals", "value": "sold"}',
  latency:
    '{"type": "fixed", "ms": N}, {"type": "uniform", "min": N, "max": N} or {"type": "lognormal", "median": N, "sigma": S}',
  body: 'a body such as {"type": "json", "value": {...}} or {"type": "schema", "schema": "users"}',
  crud: 'CRUD settings such as {"schema": "<saved schema>", "count": 10, "key": "id"}',
  headers: 'an object of header names to values',
  request:
    'a documented request such as {"parameters": [{"in": "query", "name": "page", "schema": {"type": "integer"}}], "body": {"contentType": "application/json", "schema": {"type": "object"}}}',
  parameters: 'a parameter such as {"in": "query", "name": "page", "required": false, "schema": {"type": "integer"}}',
  requestBody:
    'a request body such as {"contentType": "application/json", "required": true, "schema": {"type": "object"}}',
  options: 'an object of the generate API\'s options, such as {"delimiter": ";"}',
};

/** What belongs at `path` (a route's request has a `body` of its own kind). */
function expected(path: string, key: string): string {
  const which = key === 'body' && path.endsWith('.request.body') ? 'requestBody' : key;
  return EXPECTED[which] ?? 'an object';
}

/** Reports every structural problem of `value` against `schema` into `problems`. */
export function checkStructure(schema: object, value: unknown, problems: Problems): void {
  check(schema as Node, value, '', '', problems);
}

/** `key`: the property (or, for an array's items, the array's) name, which picks the message. */
function check(node: Node, value: unknown, path: string, key: string, problems: Problems): void {
  if (node.anyOf) return checkUnion(node, value, path, key, problems);
  if (node.enum) {
    if (!node.enum.includes(value)) problems.add(path, `must be one of ${node.enum.join(', ')}, got ${shown(value)}`);
    return;
  }
  if (node.const !== undefined) {
    if (value !== node.const) problems.add(path, `must be ${shown(node.const)}, got ${shown(value)}`);
    return;
  }
  switch (node.type) {
    case 'object':
      return checkObject(node, value, path, key, problems);
    case 'array':
      return checkArray(node, value, path, key, problems);
    case 'string':
      return checkText(node, value, path, problems);
    case 'boolean':
      if (typeof value !== 'boolean') problems.add(path, `must be true or false, got ${shown(value)}`);
      return;
    case 'integer':
    case 'number':
      return checkNumber(node, value, path, problems);
    case 'null':
      if (value !== null) problems.add(path, `must be null, got ${shown(value)}`);
      return;
    default:
      return; // {}: any JSON value
  }
}

function checkObject(node: Node, value: unknown, path: string, key: string, problems: Problems): void {
  if (!isObject(value)) {
    problems.add(path, `${path === '' ? 'the body ' : ''}must be ${expected(path, key)}, got ${shown(value)}`);
    return;
  }
  const properties = node.properties ?? {};
  if (node.patternProperties) {
    const count = Object.keys(value).length;
    if (node.maxProperties !== undefined && count > node.maxProperties)
      problems.add(path, `has ${count} ${key}; at most ${node.maxProperties} are allowed`);
    // The entries are the reader's: header names and option names have rules of their own.
    return;
  }
  if (node.additionalProperties === false) {
    const known = Object.keys(properties);
    for (const name of Object.keys(value))
      if (!Object.hasOwn(properties, name))
        problems.add(at(path, name), `is not a known key here; the keys are ${known.join(', ')}`);
  }
  for (const [name, property] of Object.entries(properties)) {
    const item = value[name];
    if (item === undefined || (item === null && !takesNull(property))) {
      if (node.required?.includes(name)) problems.add(at(path, name), neededMessage(property));
      continue;
    }
    check(property, item, at(path, name), name, problems);
  }
}

function checkArray(node: Node, value: unknown, path: string, key: string, problems: Problems): void {
  if (!Array.isArray(value)) {
    problems.add(path, `must be an array of ${key}, got ${shown(value)}`);
    return;
  }
  if (node.maxItems !== undefined && value.length > node.maxItems) {
    // The items are not read: a huge list costs no more than its length.
    problems.add(path, `has ${value.length} ${key}; at most ${node.maxItems} are allowed`);
    return;
  }
  if (node.items) value.forEach((item, index) => check(node.items!, item, `${path}[${index}]`, key, problems));
}

function checkText(node: Node, value: unknown, path: string, problems: Problems): void {
  if (typeof value !== 'string') problems.add(path, `must be text, got ${shown(value)}`);
  else if (node.minLength !== undefined && value.length < node.minLength) problems.add(path, 'is needed');
  else if (node.maxLength !== undefined && value.length > node.maxLength)
    problems.add(path, `is ${value.length} characters long; at most ${node.maxLength} are allowed`);
  else if (value.includes('\u0000')) problems.add(path, 'must not contain a NUL character (\\u0000)');
  else if (hasLoneSurrogate(value))
    problems.add(path, 'must be valid Unicode text (it holds half of a surrogate pair)');
}

function checkNumber(node: Node, value: unknown, path: string, problems: Problems): void {
  const integer = node.type === 'integer';
  const min = node.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = node.maximum ?? Number.MAX_SAFE_INTEGER;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    value >= min &&
    value <= max;
  if (!ok) problems.add(path, `must be ${integer ? 'an integer' : 'a number'} ${min}..${max}, got ${shown(value)}`);
}

/** A nullable value, or objects told apart by their "type" (a body, a latency). */
function checkUnion(node: Node, value: unknown, path: string, key: string, problems: Problems): void {
  const variants = flatten(node);
  if (value === null && variants.some((variant) => variant.type === 'null')) return;
  const tagged = variants.filter(
    (variant) => variant.type === 'object' && variant.properties?.type?.const !== undefined,
  );
  if (tagged.length === 0) {
    const first = variants.find((variant) => variant.type !== 'null');
    if (first) check(first, value, path, key, problems);
    return;
  }
  if (!isObject(value)) {
    problems.add(path, `must be ${expected(path, key)}, got ${shown(value)}`);
    return;
  }
  const tags = tagged.map((variant) => variant.properties!.type.const);
  const chosen = tagged.find((variant) => variant.properties!.type.const === value.type);
  if (!chosen) {
    problems.add(at(path, 'type'), `must be one of ${tags.join(', ')}, got ${shown(value.type)}`);
    return;
  }
  checkObject(chosen, value, path, key, problems);
}

function flatten(node: Node): Node[] {
  return (node.anyOf ?? [node]).flatMap((variant) => (variant.anyOf ? flatten(variant) : [variant]));
}

function takesNull(node: Node): boolean {
  return node.type === 'null' || flatten(node).some((variant) => variant.type === 'null');
}

/** "is needed", with what is needed when the schema says (its description). */
function neededMessage(node: Node & { description?: string }): string {
  const what = node.enum
    ? `one of ${node.enum.join(', ')}`
    : node.description
      ? node.description.charAt(0).toLowerCase() + node.description.slice(1)
      : '';
  return what === '' ? 'is needed' : `is needed: ${what}`;
}
