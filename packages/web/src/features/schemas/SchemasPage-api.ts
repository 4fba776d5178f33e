/** Saved schemas through /api/schemas: list, read, save (fields with file settings), delete. */
import type { SavedSchema, SchemaList, SchemaSummary } from '@rowloom/contract';
import { apiJson, named } from '../../api/client';
import type { Format, SchemaState } from './schema-model';
import { fieldSpecs, fieldsFromSpecs, FORMATS, randomSeed } from './schema-model';
import { optionsFor } from './FileOptionsPanel-formats';

export type { SavedSchema, SchemaSummary };

export const schemasKey = ['schemas'] as const;

export async function listSchemas(): Promise<SchemaSummary[]> {
  return (await apiJson<SchemaList>('/api/schemas')).schemas;
}

export function getSchema(name: string, signal?: AbortSignal): Promise<SavedSchema> {
  return apiJson<SavedSchema>(named('/api/schemas', name), { signal });
}

/** The body PUT takes: fields with the file settings (format, its options, and the seed when it is fixed). */
export function saveBody(schema: Pick<SchemaState, 'fields' | 'file'>) {
  return {
    fields: fieldSpecs(schema.fields),
    count: schema.file.count,
    format: schema.file.format,
    options: optionsFor(schema.file),
    seed: schema.file.fixedSeed && schema.file.seed !== '' ? schema.file.seed : null,
  };
}

export function putSchema(name: string, body: unknown): Promise<unknown> {
  return apiJson(named('/api/schemas', name), { method: 'PUT', body });
}

export function deleteSchema(name: string): Promise<unknown> {
  return apiJson(named('/api/schemas', name), { method: 'DELETE' });
}

/** A saved schema as the builder's state; a server without file settings gives CSV, one without a fixed seed a new seed. */
export function stateOf(saved: SavedSchema): Omit<SchemaState, 'dirty'> {
  const format = (FORMATS as readonly string[]).includes(saved.format ?? '') ? (saved.format as Format) : 'csv';
  const seed = typeof saved.seed === 'string' && saved.seed !== '' ? saved.seed : null;
  return {
    name: saved.name,
    project: saved.project ?? null,
    fields: fieldsFromSpecs(saved.fields),
    file: {
      count: saved.count,
      format,
      options: saved.options ?? {},
      seed: seed ?? randomSeed(),
      fixedSeed: seed !== null,
    },
  };
}

/** Copies a saved schema under a new name (the server has no copy, so read then write). */
export async function cloneSchema(from: string, to: string): Promise<void> {
  const saved = await getSchema(from);
  await putSchema(to, {
    fields: saved.fields,
    count: saved.count,
    ...(saved.format ? { format: saved.format } : {}),
    ...(saved.options ? { options: saved.options } : {}),
    ...(saved.seed ? { seed: saved.seed } : {}),
  });
}
