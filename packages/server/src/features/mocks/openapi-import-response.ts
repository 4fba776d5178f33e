/**
 * One documented OpenAPI response -> a mock response: its status, headers (from their examples)
 * and body (the JSON example, the first of `examples`, or one generated from the schema). What
 * cannot be carried over is reported through `warn`.
 */
import { MOCK_LIMITS } from '@rowloom/contract';
import { Problems } from './mock-problems.js';
import { exampleFromSchema, resolvePointer } from './openapi-example.js';
import { readHeaders } from './mock-validate-parts.js';

type Data = Record<string, unknown>;
export type Warn = (message: string) => void;

/**
 * What one import may spend generating examples from schemas (schema nodes visited), so a
 * document of hundreds of operations with huge schemas stays a bounded amount of work.
 */
export interface ExampleBudget {
  nodes: number;
}

export const IMPORT_EXAMPLE_NODES = 100_000;

const isData = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value);

export interface ImportedResponse {
  label?: string;
  status: number;
  headers: Record<string, string>;
  body: Data;
}

/** A `$ref` (to #/components/...) followed a few times; anything else as is. */
export function deref(value: unknown, root: unknown): unknown {
  for (let hops = 0; hops < 10 && isData(value) && typeof value.$ref === 'string'; hops++)
    value = resolvePointer(root, value.$ref);
  return value;
}

/** '200' -> 200, '2XX' -> 200; 'default' is placed by the caller. */
export function statusOf(key: string): number | undefined {
  const exact = /^([1-5])(\d\d)$/.exec(key);
  if (exact) return Number(key);
  const range = /^([1-5])XX$/i.exec(key);
  return range ? Number(range[1]) * 100 : undefined;
}

export function importResponse(
  status: number,
  raw: unknown,
  root: unknown,
  where: string,
  warn: Warn,
  budget: ExampleBudget,
): ImportedResponse {
  const response = deref(raw, root);
  if (!isData(response)) {
    warn(`${where}: the response is not an object (or its $ref does not resolve); it answers with no body`);
    return { status, headers: {}, body: { type: 'empty' } };
  }
  const description = typeof response.description === 'string' ? response.description.trim().slice(0, 150) : '';
  const { body, generated } = bodyOf(response.content, root, where, warn, budget);
  const label = generated
    ? description
      ? `${description} (generated from schema)`
      : 'generated from schema'
    : description || undefined;
  return { label, status, headers: headersOf(response.headers, root, where, warn, budget), body };
}

function headersOf(
  raw: unknown,
  root: unknown,
  where: string,
  warn: Warn,
  budget: ExampleBudget,
): Record<string, string> {
  if (!isData(raw)) return {};
  const headers: Record<string, string> = {};
  for (const [name, spec] of Object.entries(raw).slice(0, MOCK_LIMITS.headersPerResponse)) {
    if (name.toLowerCase() === 'content-type') continue;
    const header = deref(spec, root);
    const value = isData(header) ? exampleOf(header, root, budget) : undefined;
    const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    const problems = new Problems();
    const checked = readHeaders({ [name]: text }, 'headers', problems);
    if (checked) Object.assign(headers, checked);
    else
      warn(`${where}: header ${name.slice(0, 60)} is left out (${problems.list[0]?.message ?? 'not a valid header'})`);
  }
  return headers;
}

/** A header's or media type's example: `example`, the first of `examples`, or its schema's. */
function exampleOf(spec: Data, root: unknown, budget?: ExampleBudget): unknown {
  if (spec.example !== undefined) return spec.example;
  if (isData(spec.examples)) {
    const first = deref(Object.values(spec.examples)[0], root);
    if (isData(first) && first.value !== undefined) return first.value;
  }
  if (spec.schema !== undefined && budget) return generated(spec.schema, root, budget)?.value;
  return undefined;
}

/** An example from the schema, charged to the budget; undefined once it is spent. */
function generated(
  schema: unknown,
  root: unknown,
  budget: ExampleBudget,
): ReturnType<typeof exampleFromSchema> | undefined {
  if (budget.nodes <= 0) return undefined;
  const example = exampleFromSchema(schema, root, budget.nodes);
  budget.nodes -= example.nodes;
  return example;
}

const JSON_TYPE = /^application\/(.+\+)?json\b|^\*\/\*$/i;

function bodyOf(
  content: unknown,
  root: unknown,
  where: string,
  warn: Warn,
  budget: ExampleBudget,
): { body: Data; generated: boolean } {
  if (!isData(content) || Object.keys(content).length === 0) return { body: { type: 'empty' }, generated: false };
  const types = Object.keys(content);
  const jsonType = types.find((type) => JSON_TYPE.test(type));
  if (jsonType !== undefined)
    return jsonBody(deref(content[jsonType], root), root, `${where} ${jsonType}`, warn, budget);
  // No JSON: a text example is sent as text of its own media type.
  for (const type of types) {
    const media = deref(content[type], root);
    const example = isData(media) ? exampleOf({ ...media, schema: undefined }, root) : undefined;
    if (typeof example === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(type))
      return sized({ type: 'text', text: example, contentType: type }, where, warn, false);
  }
  warn(
    `${where}: only JSON bodies and text examples are imported; ${types.slice(0, 3).join(', ')} has no text example, so it answers with no body`,
  );
  return { body: { type: 'empty' }, generated: false };
}

function jsonBody(
  media: unknown,
  root: unknown,
  where: string,
  warn: Warn,
  budget: ExampleBudget,
): { body: Data; generated: boolean } {
  if (!isData(media)) return { body: { type: 'empty' }, generated: false };
  if (media.example !== undefined) return sized({ type: 'json', value: media.example }, where, warn, false);
  if (isData(media.examples) && Object.keys(media.examples).length > 0) {
    const first = deref(Object.values(media.examples)[0], root);
    if (isData(first) && first.value !== undefined)
      return sized({ type: 'json', value: first.value }, where, warn, false);
    if (isData(first) && first.externalValue !== undefined) warn(`${where}: externalValue examples are not fetched`);
  }
  if (media.schema === undefined) return { body: { type: 'empty' }, generated: false };
  const example = generated(media.schema, root, budget);
  if (example === undefined) {
    warn(
      `${where}: no example was generated (the import's budget of ${IMPORT_EXAMPLE_NODES} schema values is spent); it answers with no body`,
    );
    return { body: { type: 'empty' }, generated: false };
  }
  for (const note of example.notes) warn(`${where}: ${note}`);
  return sized({ type: 'json', value: example.value }, where, warn, true);
}

/** A body over the size limit of literal bodies answers with none. */
function sized(body: Data, where: string, warn: Warn, generated: boolean): { body: Data; generated: boolean } {
  const bytes = Buffer.byteLength(JSON.stringify(body.type === 'json' ? body.value : body.text) ?? '', 'utf8');
  if (bytes <= MOCK_LIMITS.literalBodyBytes) return { body, generated };
  warn(
    `${where}: the example is ${bytes} bytes, more than the ${MOCK_LIMITS.literalBodyBytes} a mock response may hold; it answers with no body`,
  );
  return { body: { type: 'empty' }, generated: false };
}
