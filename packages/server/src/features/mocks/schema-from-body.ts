/**
 * A recorded (or written) JSON body turned into a saved schema, so the route answers generated
 * rows of the same shape instead of the same bytes: the body's objects are flattened to dotted
 * field names (`customer.email`, which the engine nests again), written as a CSV sample, and
 * typed by the engine's own inference (core inferSchema: names and values → types, with
 * reasons). Arrays inside an object have no field of their own and are left out, said in the
 * warnings. Bounded: the first MAX_SAMPLE_ROWS objects, MAX_DEPTH levels.
 */
import { stringify } from 'csv-stringify/sync';
import { inferSchema, MAX_SAMPLE_COLUMNS, MAX_SAMPLE_ROWS, type InferredField } from '@rowloom/core';

const MAX_DEPTH = 5;

export interface BodySchema {
  fields: InferredField[];
  /** Whether the body is an array of rows (the route then answers an array). */
  array: boolean;
  rows: number;
  warnings: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function flatten(
  row: Record<string, unknown>,
  prefix: string,
  depth: number,
  into: Map<string, string>,
  skipped: Set<string>,
): void {
  for (const [key, value] of Object.entries(row)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value) && depth < MAX_DEPTH) flatten(value, name, depth + 1, into, skipped);
    else if (Array.isArray(value) || isObject(value)) skipped.add(name);
    else into.set(name, value === null ? '' : String(value));
  }
}

/** The rows a body holds, or why it holds none. */
function rowsOf(body: unknown): { rows: Record<string, unknown>[]; array: boolean } | string {
  if (isObject(body)) return { rows: [body], array: false };
  if (Array.isArray(body) && body.length > 0 && body.every(isObject))
    return { rows: body.slice(0, MAX_SAMPLE_ROWS) as Record<string, unknown>[], array: true };
  return 'must be a JSON object or a non-empty array of objects to become rows of a schema';
}

/** The schema of the body's rows; a string says why there is none. */
export function schemaFromBody(body: unknown): BodySchema | string {
  const read = rowsOf(body);
  if (typeof read === 'string') return read;
  const skipped = new Set<string>();
  const flat = read.rows.map((row) => {
    const values = new Map<string, string>();
    flatten(row, '', 0, values, skipped);
    return values;
  });
  const columns = [...new Set(flat.flatMap((values) => [...values.keys()]))].slice(0, MAX_SAMPLE_COLUMNS);
  if (columns.length === 0) return 'has no values a field could hold (only arrays or nested objects)';
  const csv = stringify([columns, ...flat.map((values) => columns.map((column) => values.get(column) ?? ''))]);
  const warnings = [...skipped].map((name) => `${name} is an array (or nested too deep) and has no field: left out`);
  return { fields: inferSchema(csv).fields, array: read.array, rows: Array.isArray(body) ? body.length : 1, warnings };
}
