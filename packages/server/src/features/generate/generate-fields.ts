/**
 * Where a generate request's fields come from (the body, the `fields` parameter or a saved
 * schema) and where its client reached this server: shared by /api/generate and
 * /api/downloads, which take the same inputs.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { checkJsonDepth, jsonBody } from '../../http/body.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { queryText, storableText, type Query } from '../../http/query.js';
import { findSchema } from '../schemas/schemas-store.js';
import type { SchemaSettings } from '../schemas/schema-settings.js';
import type { User } from '../../users/users-store.js';
import { fieldsFrom, type FieldSource } from '../generation/generate-request.js';

/**
 * Where the fields came from, with a named saved schema's file settings (defaults for the
 * request's), and the body's text when the fields were read from it (it keys their checked plan).
 */
export type ResolvedFields = FieldSource & { settings: SchemaSettings | null; fieldsText?: string };

/** Fields come from the body, else the `fields` parameter; a saved schema gives fields, count and file settings. */
export async function resolveFields(
  db: Kysely<Tables>,
  user: User,
  query: Query,
  body: unknown,
): Promise<ResolvedFields> {
  const fromBody = fieldsFrom(jsonBody(body), 'the request body');
  const fieldsParam = queryText(query, 'fields');
  let fromParam: FieldSource | null = null;
  if (fieldsParam !== undefined && fieldsParam.trim() !== '') {
    try {
      fromParam = fieldsFrom(checkJsonDepth(JSON.parse(fieldsParam), 'parameter "fields"'), 'parameter "fields"');
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badRequest(`parameter "fields" is not valid JSON (${(error as Error).message})`);
    }
  }
  const schemaName = queryText(query, 'schema');
  if (schemaName !== undefined) storableText(schemaName, 'parameter "schema"');
  const saved = schemaName ? await findSchema(db, user.id, schemaName) : undefined;
  if (schemaName && !saved) throw notFound(`no saved schema named "${schemaName}"; GET /api/schemas lists yours`);
  const explicit = fromBody ?? fromParam;
  const settings = saved ? { format: saved.format, options: saved.options, seed: saved.seed } : null;
  // jsonBody read fields from the body only when it is text.
  const fieldsText = fromBody ? (body as string) : undefined;
  if (explicit) return { fields: explicit.fields, count: explicit.count ?? saved?.count ?? null, settings, fieldsText };
  if (saved) return { fields: saved.fields, count: saved.count, settings };
  throw badRequest(
    'no fields: send them as a JSON array in the request body or the "fields" parameter, or name a saved schema with "schema"',
  );
}
