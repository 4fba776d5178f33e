/**
 * GET and POST /api/generate and /api/generate.{json,csv,txt,custom,sql,xml} (spec 4.4).
 * Everything is checked before the first byte: key, parameters, fields (all problems at
 * once), the per-request limit, then the daily quota. Output streams; a client that goes
 * away stops the generation.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generate, type GenerationPool } from '@rowloom/core';
import type { Limiter } from '../concurrency/limiter.js';
import type { Kysely } from 'kysely';
import { sourcesForFields } from '../field-sources.js';
import type { Tables } from '../db/tables.js';
import { authenticate } from '../http/authenticate.js';
import { checkJsonDepth, jsonBody } from '../http/body.js';
import { badRequest, HttpError, notFound } from '../http/http-error.js';
import { queryCount, queryText, storableText, type Query } from '../http/query.js';
import type { Plans } from '../plans.js';
import { chargeUsage } from '../quota.js';
import { findSchema } from '../saved-schemas.js';
import { withSavedOptions, type SchemaSettings } from '../schema-settings.js';
import type { User } from '../users.js';
import { fieldsFrom, jsonpCallback, outputFormat, seedHeader, seedParameter, writerOptions, type FieldSource } from './generate-request.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../http/openapi.js';

const text = (description: string) => ({ type: 'string', description });
const SCHEMA = {
  summary: 'Generate rows',
  description:
    'Rows from the fields in the body (a JSON array of field specifications, whatever the Content-Type), the `fields` parameter, or a saved schema. ' +
    'The extension picks the format (none means json). The seed used comes back in the X-Rowloom-Seed header.',
  tags: ['generate'],
  security: SECURITY,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      count: text('Rows to generate (default 1, or the saved schema\'s count); at most the plan\'s records per request'),
      schema: text("Name of a saved schema: its fields and count, and its file settings as defaults (its format when the URL has no extension; its options where the request gives none)"),
      fields: text('Field specifications as JSON (for GET and JSONP)'),
      seed: text('Any text or number: the same seed and fields give the same bytes'),
      now: text("Formulas' now() as ISO 8601 (e.g. 2025-06-01T09:00:00Z); with a seed and no now it is 2025-01-01T00:00:00Z"),
      callback: text('json only: JSONP function name'),
      array: text('json: true always returns an array'),
      include_nulls: text('json: false omits null keys'),
      include_header: text('csv, txt, custom: false drops the header row (alias: header)'),
      bom: text('csv, txt, custom: true starts with a byte order mark'),
      neutralize_formulas: text("csv, txt, custom: true prefixes text starting with = + - @ tab or CR with ' so spreadsheets do not run it as a formula; numbers are left alone"),
      delimiter: text('custom: column separator'),
      quote_char: text('custom: quote character (default ")'),
      line_ending: text('csv, txt, custom: unix or windows'),
      table: text('sql: table name (default MOCK_DATA)'),
      create_table: text('sql: true writes a create table statement first'),
      root_element: text('xml: root element (default dataset)'),
      record_element: text('xml: record element (default record)'),
    },
  },
  body: { type: 'array', description: 'Field specifications: {name, type, percentBlank?, ...type parameters}', items: { type: 'object' } },
  response: {
    200: { description: 'The rows, streamed, in the requested format', content: Object.fromEntries(['application/json', 'text/csv', 'text/tab-separated-values', 'text/plain', 'application/sql', 'application/xml'].map((type) => [type, { schema: { type: 'string' } }])) },
    ...errorResponses(400, 401, 404, 413, 429, 503),
  },
};

/** Exactly this text: the Python client compares it to recognise the limit. */
export const USAGE_LIMIT_EXCEEDED = 'Usage Limit Exceeded';

/** Where the fields came from, with a named saved schema's file settings (defaults for the request's). */
type ResolvedFields = FieldSource & { settings: SchemaSettings | null };

/** Fields come from the body, else the `fields` parameter; a saved schema gives fields, count and file settings. */
async function resolveFields(db: Kysely<Tables>, user: User, query: Query, body: unknown): Promise<ResolvedFields> {
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
  const settings = saved ? { format: saved.format, options: saved.options } : null;
  if (explicit) return { fields: explicit.fields, count: explicit.count ?? saved?.count ?? null, settings };
  if (saved) return { fields: saved.fields, count: saved.count, settings };
  throw badRequest('no fields: send them as a JSON array in the request body or the "fields" parameter, or name a saved schema with "schema"');
}

/** `callback(` + the JSON + `);` */
function jsonp(callback: string, json: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield `/**/${callback}(`;
      for await (const chunk of json) yield chunk as Buffer;
      yield ');';
    })(),
  );
}

/**
 * Where the client reached this server, for the image URLs Avatar and Dummy Image URL write:
 * the configured PUBLIC_URL, else the request's own scheme and Host (when it looks like a host).
 */
function publicUrlOf(request: FastifyRequest, configured: string | null): string | undefined {
  if (configured) return configured;
  return /^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(request.host) ? `${request.protocol}://${request.host}` : undefined;
}

/** How generate requests share the server: its threads, a cap on concurrent generations, the stall timeout. */
export interface GenerationSharing {
  pool: GenerationPool;
  limiter: Limiter;
  stallMs: number;
}

/** How often a response is checked for a client that stopped reading. */
const STALL_CHECKS_PER_TIMEOUT = 4;

/**
 * Closes the response when its client has read nothing for `stallMs` while output waits (the
 * socket's buffer stays full): a reader that stops must not hold a generation for ever.
 */
function closeWhenStalled(request: FastifyRequest, reply: FastifyReply, streams: Readable[], stallMs: number): NodeJS.Timeout {
  const response = reply.raw;
  let lastDrained = Date.now();
  response.on('drain', () => (lastDrained = Date.now()));
  const check = setInterval(() => {
    if (!response.writableNeedDrain) lastDrained = Date.now();
    else if (Date.now() - lastDrained > stallMs) {
      request.log.warn({ stallMs }, 'the client stopped reading; response aborted');
      for (const stream of streams) stream.destroy(new Error(`the client read nothing for ${stallMs / 1000} s`));
      response.destroy();
    }
  }, Math.max(10, stallMs / STALL_CHECKS_PER_TIMEOUT));
  check.unref();
  return check;
}

/**
 * Takes a place among the concurrent generations (or a 503), then charges the quota (or a 429):
 * in that order, so a refused request costs nothing. Returns what frees the place.
 */
async function admitAndCharge(db: Kysely<Tables>, limiter: Limiter, userId: string, limits: Plans[string], count: number, generation: Readable): Promise<() => void> {
  let release: () => void;
  try {
    release = await limiter.acquire(userId);
  } catch (error) {
    generation.destroy();
    throw error;
  }
  const decision = await chargeUsage(db, userId, limits, count).catch((error: unknown) => {
    release();
    throw error;
  });
  if (!decision.ok) {
    release();
    generation.destroy();
    const retryAfter = Math.max(1, Math.ceil((decision.resetsAt.getTime() - Date.now()) / 1000));
    throw new HttpError(
      429,
      USAGE_LIMIT_EXCEEDED,
      { limit: decision.limit, allowed: decision.allowed, resets_at: decision.resetsAt.toISOString() },
      { 'retry-after': String(retryAfter) },
    );
  }
  return release;
}

interface ResponseGuards {
  generation: Readable;
  body: Readable;
  timeLimitMs: number | null;
  stallMs: number;
  release: () => void;
}

/** The time limit, the stall check, and the clean-up when the response ends or the client leaves. */
function guardResponse(request: FastifyRequest, reply: FastifyReply, { generation, body, timeLimitMs, stallMs, release }: ResponseGuards): void {
  // Past the time limit the response is cut off mid-stream: the connection closes without the
  // final chunk, so every HTTP client reports an error instead of a silently short document.
  const timer = timeLimitMs === null ? null : setTimeout(() => {
    request.log.warn({ timeLimitMs }, 'generation exceeded the time limit; response aborted');
    const error = new Error(`generation exceeded the time limit of ${timeLimitMs / 1000} s`);
    generation.destroy(error);
    body.destroy(error);
  }, timeLimitMs);
  const stallCheck = closeWhenStalled(request, reply, [generation, body], stallMs);
  // A client that disconnects stops the generation (and frees its turn on the threads).
  reply.raw.on('close', () => {
    if (timer) clearTimeout(timer);
    clearInterval(stallCheck);
    release();
    if (!reply.raw.writableFinished) {
      generation.destroy();
      body.destroy();
    }
  });
}

export function generateRoutes(app: FastifyInstance, db: Kysely<Tables>, plans: Plans, timeLimitMs: number | null, publicUrl: string | null, sharing: GenerationSharing): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await authenticate(db, request);
    const extension = (request.params as { format?: string }).format;
    const query = request.query as Query;
    // The request's own parameters are checked first, before any lookup.
    writerOptions(outputFormat(extension), query);
    const source = await resolveFields(db, user, query, request.body);
    // A saved schema's settings are defaults: its format when the URL has no extension, its
    // options where the request gives none.
    const format = extension === undefined && source.settings?.format ? source.settings.format : outputFormat(extension);
    const writer = writerOptions(format, source.settings ? withSavedOptions(query, source.settings.options) : query);
    const callback = jsonpCallback(query, format);
    const count = queryCount(query, 'count') ?? source.count ?? 1;
    const limits = plans[user.plan] ?? plans.free;
    if (limits.recordsPerRequest !== null && count > limits.recordsPerRequest) {
      throw badRequest(
        `count ${count} is more than the ${limits.recordsPerRequest} records one request may ask for on the ${user.plan} plan; ask for at most ${limits.recordsPerRequest}`,
        { limit: 'recordsPerRequest', allowed: limits.recordsPerRequest },
      );
    }
    const { datasets, datasetNames, scenarios, scenarioNames } = await sourcesForFields(db, user.id, source.fields);
    // Compiling validates the fields: a bad request fails here and is not charged.
    const generation = generate({ fields: source.fields, datasets, datasetNames, scenarios, scenarioNames, count, seed: seedParameter(query), now: queryText(query, 'now') || null, writer, pool: sharing.pool, publicUrl: publicUrlOf(request, publicUrl) });
    // Everything that can fail is done before the charge: a failed request costs nothing.
    const headers = {
      'content-type': callback ? 'application/javascript; charset=utf-8' : generation.contentType,
      'x-rowloom-seed': seedHeader(generation.seed),
    };
    const release = await admitAndCharge(db, sharing.limiter, user.id, limits, count, generation.stream);
    // A client that left while this request waited for its place or its quota: nothing to send.
    if (request.raw.socket.destroyed) {
      release();
      generation.stream.destroy();
      return reply;
    }
    const body = callback ? jsonp(callback, generation.stream) : generation.stream;
    guardResponse(request, reply, { generation: generation.stream, body, timeLimitMs, stallMs: sharing.stallMs, release });
    return reply
      .code(200)
      .headers(headers)
      .send(body);
  };
  const { body: _body, ...getSchema } = SCHEMA;
  for (const url of ['/api/generate', '/api/generate.:format']) {
    app.get(url, { schema: getSchema }, handler);
    app.post(url, { schema: SCHEMA }, handler);
  }
}
