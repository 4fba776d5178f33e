/**
 * Reads a schema file: a JSON array of field specifications, `{ "fields": [...], "count": N }`,
 * or the established product's schema export `{ "columns": [...], "num_rows": N }` (whose
 * columns say `null_percentage` where the API says `percentBlank`).
 */
import { readFile } from 'node:fs/promises';
import { MAX_JSON_DEPTH, pathDeeperThan } from '../schema/json-depth.js';
import { UsageError } from './args.js';

export interface SchemaFile {
  fields: unknown[];
  count: number | null;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function exportedColumns(columns: unknown[]): unknown[] {
  return columns.map((column) => {
    if (!column || typeof column !== 'object') return column;
    const { null_percentage: nullPercentage, ...rest } = column as Record<string, unknown>;
    return nullPercentage !== undefined && rest.percentBlank === undefined ? { ...rest, percentBlank: nullPercentage } : rest;
  });
}

export function interpretSchema(json: unknown, source: string): SchemaFile {
  // Deeper JSON would overflow the stack in the schema compiler; no schema needs it.
  if (pathDeeperThan(json) !== null) throw new UsageError(`${source} nests more than ${MAX_JSON_DEPTH} levels deep; flatten it`);
  if (Array.isArray(json)) return { fields: json, count: null };
  if (json && typeof json === 'object') {
    const object = json as Record<string, unknown>;
    const count = object.count ?? object.num_rows;
    if (count !== undefined && (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)) {
      throw new UsageError(`${source}: "count" must be a whole number, got ${JSON.stringify(count)}`);
    }
    if (Array.isArray(object.fields)) return { fields: object.fields, count: (count as number | undefined) ?? null };
    if (Array.isArray(object.columns)) return { fields: exportedColumns(object.columns), count: (count as number | undefined) ?? null };
  }
  throw new UsageError(`${source}: expected a JSON array of fields, or an object with "fields": [...]`);
}

export async function readSchemaFile(path: string): Promise<SchemaFile> {
  const source = path === '-' ? 'standard input' : path;
  let text: string;
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${source}: no such file` : `${source}: cannot read it (${code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  return interpretSchema(json, source);
}
