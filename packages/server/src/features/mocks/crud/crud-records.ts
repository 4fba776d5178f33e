/** Records as JSON objects: their byte size, their key field, and plain-object checks. */
import { MAX_JSON_DEPTH, pathDeeperThan } from '@rowloom/core';
import { MOCK_LIMITS } from '@rowloom/contract';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a request body is, for a message: "an array", "a number", "no JSON body". */
export function describeJson(value: unknown): string {
  if (value === undefined) return 'no JSON body (send one with Content-Type: application/json)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** A record's stored text, or why it cannot be stored (too deep: 400; too big: 413). */
export function recordText(record: JsonObject): { text: string } | { problem: string; status: 400 | 413 } {
  const deep = pathDeeperThan(record);
  if (deep !== null)
    return { problem: `nests more than ${MAX_JSON_DEPTH} levels deep (at ${deep.slice(0, 60)})`, status: 400 };
  const text = JSON.stringify(record);
  const bytes = Buffer.byteLength(text);
  if (bytes > MOCK_LIMITS.crudRecordBytes)
    return {
      problem: `is ${bytes} bytes as JSON; a record may be at most ${MOCK_LIMITS.crudRecordBytes} bytes`,
      status: 413,
    };
  return { text };
}

/**
 * Sets a field as an own property (a field named "__proto__" stays a field). A field the record
 * lacks goes first, where json-server users expect an id.
 */
export function withField(record: JsonObject, field: string, value: unknown): JsonObject {
  const copy: JsonObject = {};
  if (!Object.prototype.hasOwnProperty.call(record, field)) define(copy, field, value);
  for (const [name, current] of Object.entries(record)) define(copy, name, name === field ? value : current);
  return copy;
}

/** Assignment would call the __proto__ setter; defining does not. */
export function define(target: JsonObject, field: string, value: unknown): void {
  Object.defineProperty(target, field, { value, enumerable: true, writable: true, configurable: true });
}

export function ownField(record: JsonObject, field: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, field) ? record[field] : undefined;
}
