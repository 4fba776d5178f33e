/**
 * Reads a schema file in any shape core's readSchemaDocument accepts: a JSON array of field
 * specifications, `{ "fields": [...], "count": N }`, or the established product's schema export
 * `{ "columns": [...], "num_rows": N, "file_format": "csv", ... }`.
 */
import { readFile } from 'node:fs/promises';
import { readSchemaDocument, type SchemaDocument } from '../schema/schema-document.js';
import { MAX_JSON_DEPTH, pathDeeperThan } from '../schema/json-depth.js';
import { UsageError } from './args.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function interpretSchema(json: unknown, source: string): SchemaDocument {
  // Deeper JSON would overflow the stack in the schema compiler; no schema needs it.
  if (pathDeeperThan(json) !== null)
    throw new UsageError(`${source} nests more than ${MAX_JSON_DEPTH} levels deep; flatten it`);
  const result = readSchemaDocument(json);
  if (result.problem !== undefined) throw new UsageError(`${source}: ${result.problem}`);
  return result.document;
}

export async function readSchemaFile(path: string): Promise<SchemaDocument> {
  return interpretSchema(await readJsonFile(path), path === '-' ? 'standard input' : path);
}

/** The parsed JSON of a file (or of standard input for "-"), with one clear line when it cannot be read. */
export async function readJsonFile(path: string): Promise<unknown> {
  const source = path === '-' ? 'standard input' : path;
  let text: string;
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `${source}: no such file` : `${source}: cannot read it (${code ?? (error as Error).message})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}
