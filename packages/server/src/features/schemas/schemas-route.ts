/**
 * Saved schemas: POST or PUT /api/schemas/:name stores a field list, its default row count, file
 * settings (format and options) and project (creating or replacing it), validated exactly as a
 * generate request would be; GET lists them or shows one; GET /api/schemas/:name/export gives it
 * as a schema export (backup) that PUT takes back; DELETE removes one. `generate?schema=NAME` uses them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  canonicalFields,
  checkOnThreads,
  compileSchema,
  readSchemaDocument,
  SCHEMA_DOCUMENT_SHAPES,
} from '@rowloom/core';
import type { Kysely } from 'kysely';
import { sourcesForFields } from '../generation/field-sources.js';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { jsonBody } from '../../http/body.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_ONLY_QUERY, KEY_QUERY, SECURITY, restOfPathName } from '../../http/openapi.js';
import { deleteSchema, findSchema, listSchemas, saveSchema, type SavedSchema } from './schemas-store.js';
import { exportKeys, readSchemaSettings, type SchemaSettings } from './schema-settings.js';
import { pathName, type NamedRoute } from '../../http/path-name.js';
import type { GenerationSharing } from '../generation/generation-admission.js';
import { projectIdFor } from '../projects/project-param.js';
import {
  FieldList,
  SavedSchema as SavedSchemaAnswer,
  SchemaExport,
  SchemaInput,
  SchemaList,
  SchemaSaved,
} from '@rowloom/contract';

/** Mockaroo's own default row count for a schema. */
export const DEFAULT_SCHEMA_COUNT = 1000;

const FIELDS_EXAMPLE = '{"fields": [{"name": "id", "type": "Row Number"}], "count": 100}';

const NAME_PARAM = restOfPathName('schema');
const KEY_ONLY = KEY_ONLY_QUERY;
const LIST_SCHEMA = {
  summary: 'List your saved schemas',
  tags: ['schemas'],
  security: SECURITY,
  querystring: KEY_ONLY,
  response: {
    200: SchemaList,
    ...errorResponses(401),
  },
};
const GET_SCHEMA = {
  summary:
    'A saved schema: its fields, default row count, file settings and project; /export appended to the path gives it as a schema export (backup)',
  tags: ['schemas'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: {
    200: SavedSchemaAnswer,
    ...errorResponses(401, 404),
  },
};
const SAVE_SCHEMA = {
  summary: 'Save (create or replace) a schema',
  description: `Validated exactly like a generate request. count is the default row count of generate?schema=NAME (default ${DEFAULT_SCHEMA_COUNT}).`,
  tags: ['schemas'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      count: { type: 'integer', minimum: 1, description: 'Default row count, when the body does not give one' },
      project: { type: 'string', description: 'The project to put it in (or "project" in the body)' },
    },
  },
  body: {
    oneOf: [SchemaInput, SchemaExport, FieldList],
  },
  response: {
    200: SchemaSaved,
    ...errorResponses(400, 401, 404, 413),
  },
};
const DELETE_SCHEMA = {
  summary: 'Delete a saved schema',
  tags: ['schemas'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses(401, 404) },
};

/** The save route's query, as its schema checked it. */
interface SaveRoute extends NamedRoute {
  Querystring: { name?: string; count?: number; project?: string };
}

function schemaCount(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw badRequest(
      `${where} must be a whole number of 1 or more (the schema's default row count), got ${JSON.stringify(value)}`,
    );
  return n;
}

/**
 * `{ "fields": [...], "count": N }`, a bare array, or a schema export (restoring a backup:
 * `{ "columns": [...], "num_rows": N }`); the count may also come as ?count=.
 */
function schemaBody(request: FastifyRequest<SaveRoute>): {
  fields: unknown[];
  count: number;
  settings: SchemaSettings;
  project: unknown;
} {
  const json = jsonBody(request.body);
  // ?count= is a whole number of 1 or more: the route's query schema checked it.
  const fromQuery = request.query.count;
  const result = readSchemaDocument(json);
  if (result.problem !== undefined) {
    const shaped = json !== null && typeof json === 'object' && ('fields' in json || 'columns' in json);
    throw badRequest(
      shaped
        ? `the body: ${result.problem}`
        : `the body must be the schema as JSON: ${FIELDS_EXAMPLE} (or ${SCHEMA_DOCUMENT_SHAPES})`,
    );
  }
  const { fields, count } = result.document;
  const countKey =
    json !== null && typeof json === 'object' && !Array.isArray(json) && 'count' in json ? '"count"' : '"num_rows"';
  const project =
    json !== null && typeof json === 'object' && !Array.isArray(json) && 'project' in json
      ? (json as { project: unknown }).project
      : request.query.project;
  return {
    fields,
    count: schemaCount(count, countKey) ?? fromQuery ?? DEFAULT_SCHEMA_COUNT,
    settings: readSchemaSettings(json),
    project,
  };
}

/** A field as a schema export's column: name, type, null_percentage and formula first, then its parameters. */
function exportColumn(field: unknown): unknown {
  if (!field || typeof field !== 'object' || Array.isArray(field)) return field;
  const {
    name,
    type,
    percentBlank,
    null_percentage: nullPercentage,
    formula,
    ...params
  } = field as Record<string, unknown>;
  return { name, type, null_percentage: nullPercentage ?? percentBlank ?? 0, formula: formula ?? null, ...params };
}

/** The schema export (the established product's backup file), which PUT /api/schemas/NAME takes back. */
export function schemaExport(schema: SavedSchema): Record<string, unknown> {
  return { name: schema.name, num_rows: schema.count, ...exportKeys(schema), columns: schema.fields.map(exportColumn) };
}

const EXPORT_SUFFIX = '/export';

/** The saved schemas feature as a Fastify plugin. `sharing`: the generation threads, where a schema's datasets are parsed to check it, and the datasets as text. */
export async function schemasFeature(
  app: FastifyInstance,
  { db, sharing }: { db: Kysely<Tables>; sharing: Pick<GenerationSharing, 'pool' | 'datasetTexts'> },
): Promise<void> {
  // Before validation: a caller without a key learns nothing from a 400.
  app.addHook('preValidation', app.authenticate);
  const list = async (request: FastifyRequest) => {
    const user = userOf(request);
    return { schemas: await listSchemas(db, user.id) };
  };
  app.get('/api/schemas', { schema: LIST_SCHEMA }, list);

  app.get<NamedRoute>('/api/schemas/*', { schema: GET_SCHEMA }, async (request) => {
    if ((request.params['*'] ?? '') === '') return list(request);
    const user = userOf(request);
    const name = pathName(request, 'schema', 'schemas');
    const schema = await findSchema(db, user.id, name);
    if (schema)
      return {
        name: schema.name,
        fields: schema.fields,
        count: schema.count,
        format: schema.format,
        options: schema.options,
        seed: schema.seed,
        project: schema.project,
        updated_at: schema.updatedAt,
      };
    // NAME/export, unless a schema is called that (then NAME/export/export exports it).
    const exported = name.endsWith(EXPORT_SUFFIX)
      ? await findSchema(db, user.id, name.slice(0, -EXPORT_SUFFIX.length))
      : undefined;
    if (exported) return schemaExport(exported);
    throw notFound(
      `no saved schema named "${name.endsWith(EXPORT_SUFFIX) ? name.slice(0, -EXPORT_SUFFIX.length) : name}"; GET /api/schemas lists yours`,
    );
  });

  const save = async (request: FastifyRequest<SaveRoute>) => {
    const user = userOf(request);
    const name = pathName(request, 'schema', 'schemas');
    const body = schemaBody(request);
    const { count, settings, project } = body;
    // Stored as the catalogue spells fixed-set values ("Random" -> "random"), so it reads back as described.
    const fields = canonicalFields(body.fields);
    // Validated exactly as generate would: a SchemaError becomes a 400 listing every problem.
    // Datasets come as text: what only their rows show is checked on a generation thread, which
    // parses them; this thread's compile then sees their columns and row counts.
    const sources = await sourcesForFields(db, user.id, fields, sharing.datasetTexts);
    await checkOnThreads({ fields, ...sources, count, writer: { format: 'json' }, pool: sharing.pool });
    compileSchema(fields, sources);
    const projectId = await projectIdFor(db, user.id, project, '"project"');
    const updatedAt = await saveSchema(db, user.id, name, fields, count, { ...settings, projectId });
    const saved = await findSchema(db, user.id, name);
    return {
      success: true,
      name,
      count,
      fields: fields.length,
      format: settings.format,
      options: settings.options,
      seed: settings.seed ?? null,
      project: saved?.project ?? null,
      updated_at: updatedAt,
    };
  };
  app.post<SaveRoute>('/api/schemas/*', { schema: SAVE_SCHEMA }, save);
  app.put<SaveRoute>('/api/schemas/*', { schema: SAVE_SCHEMA }, save);

  app.delete<NamedRoute>('/api/schemas/*', { schema: DELETE_SCHEMA }, async (request) => {
    const user = userOf(request);
    const name = pathName(request, 'schema', 'schemas');
    if (!(await deleteSchema(db, user.id, name)))
      throw notFound(`no saved schema named "${name}"; GET /api/schemas lists yours`);
    return { success: true };
  });
}
