/**
 * What `rowloom mock serve FILE` serves, read from disk: a mock API document as /api/mocks
 * takes and exports it (JSON), or an OpenAPI 3 document (JSON or YAML: a top-level `openapi`
 * or `swagger` key, or a .yaml/.yml name), plus the saved schemas its routes name, each from a
 * file beside it: `<name>.json` or `schemas/<name>.json` (a Rowloom or Mockaroo schema file, or
 * a fields array, as PUT /api/schemas/:name takes).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

export class MockSourceError extends Error {}

export interface SchemaFile {
  name: string;
  path: string;
  text: string;
}

export type MockSource =
  | { kind: 'mock'; path: string; document: Record<string, unknown>; schemas: SchemaFile[] }
  | { kind: 'openapi'; path: string; text: string; schemas: SchemaFile[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The saved schemas a document's routes name, with where each is named (for the error). */
export function schemaNames(document: Record<string, unknown>): Map<string, string> {
  const names = new Map<string, string>();
  const routes = Array.isArray(document.routes) ? document.routes : [];
  routes.forEach((route: unknown, i) => {
    if (!isObject(route)) return;
    if (isObject(route.crud) && typeof route.crud.schema === 'string')
      names.set(route.crud.schema, names.get(route.crud.schema) ?? `routes[${i}].crud.schema`);
    const responses = Array.isArray(route.responses) ? route.responses : [];
    responses.forEach((response: unknown, j) => {
      const body = isObject(response) && isObject(response.body) ? response.body : null;
      if (body?.type === 'schema' && typeof body.schema === 'string')
        names.set(body.schema, names.get(body.schema) ?? `routes[${i}].responses[${j}].body.schema`);
    });
  });
  return names;
}

/** Where a schema's file may be, beside the document; a name that could leave the folder has none. */
export function schemaPaths(documentPath: string, name: string): string[] {
  if (!/^[\w .-]{1,100}$/.test(name) || name.startsWith('.')) return [];
  const folder = dirname(documentPath);
  return [join(folder, `${name}.json`), join(folder, 'schemas', `${name}.json`)];
}

async function schemaFiles(documentPath: string, document: Record<string, unknown>): Promise<SchemaFile[]> {
  const files: SchemaFile[] = [];
  for (const [name, where] of schemaNames(document)) {
    const paths = schemaPaths(documentPath, name);
    const path = paths.find((candidate) => existsSync(candidate));
    if (!path) {
      const tried = paths.length
        ? paths.map((candidate) => candidate).join(' or ')
        : 'no file: the name has characters a file name cannot';
      throw new MockSourceError(`${where} names the schema "${name}", but there is no ${tried}`);
    }
    files.push({ name, path, text: await readFile(path, 'utf8') });
  }
  return files;
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MockSourceError(`${basename(path)} is not JSON: ${(error as Error).message}`);
  }
}

export async function readMockSource(path: string): Promise<MockSource> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new MockSourceError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (['.yaml', '.yml'].includes(extname(path).toLowerCase())) return { kind: 'openapi', path, text, schemas: [] };
  const json = parseJson(path, text);
  if (!isObject(json))
    throw new MockSourceError(`${basename(path)} must hold a JSON object: a mock API document or an OpenAPI document`);
  if ('openapi' in json || 'swagger' in json) return { kind: 'openapi', path, text, schemas: [] };
  return { kind: 'mock', path, document: json, schemas: await schemaFiles(path, json) };
}
