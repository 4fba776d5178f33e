/**
 * For the OpenAPI export: one example row of each saved schema a mock API names, made on the
 * server's generation threads like every other row (seeded, so an export is reproducible). Only
 * cheap cases: at most MAX_SCHEMAS schemas, one row each, without loading datasets or scenarios
 * (a schema that needs them just has no example, only its field names).
 */
import { text } from 'node:stream/consumers';
import { generate, type GenerationPool } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { findSchema } from '../schemas/schemas-store.js';
import type { MockApiDocument } from '@rowloom/contract';
import type { SchemaExamples } from './openapi-export.js';

const MAX_SCHEMAS = 20;
/** A row bigger than this (a huge formula result) is left out of the document. */
const MAX_ROW_BYTES = 64 * 1024;

export function schemaNamesOf(document: MockApiDocument): string[] {
  const names = new Set<string>();
  for (const route of document.routes) {
    if (route.crud) names.add(route.crud.schema);
    for (const response of route.responses) if (response.body.type === 'schema') names.add(response.body.schema);
  }
  return [...names];
}

export async function schemaExamples(
  db: Kysely<Tables>,
  pool: GenerationPool,
  userId: string,
  document: MockApiDocument,
): Promise<SchemaExamples> {
  const examples: SchemaExamples = new Map();
  for (const name of schemaNamesOf(document).slice(0, MAX_SCHEMAS)) {
    const saved = await findSchema(db, userId, name);
    if (!saved) continue;
    const fields = saved.fields
      .map((field) => (field && typeof field === 'object' ? String((field as { name?: unknown }).name ?? '') : ''))
      .filter((n) => n !== '');
    examples.set(name, { fields, row: await exampleRow(pool, saved.fields) });
  }
  return examples;
}

async function exampleRow(pool: GenerationPool, fields: unknown[]): Promise<Record<string, unknown> | undefined> {
  try {
    const generation = generate({
      fields,
      count: 1,
      seed: 'openapi-example',
      now: '2024-01-15T09:30:00Z',
      writer: { format: 'json' },
      pool,
    });
    const json = await text(generation.stream);
    return Buffer.byteLength(json, 'utf8') <= MAX_ROW_BYTES ? (JSON.parse(json) as Record<string, unknown>) : undefined;
  } catch {
    // A schema that needs datasets or scenarios (or no longer compiles): described by its fields only.
    return undefined;
  }
}
