/**
 * /api/downloads: generate's inputs as a background job (202 with its status), the user's jobs,
 * one job's status, its file (with Range for resuming), and cancel/remove. Another user's id is
 * a 404: a job's existence is not revealed. /api/admin/downloads: every user's running jobs.
 */
import type { DownloadIdParams } from '@rowloom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { OUTPUT_FORMATS, outputFormatNamed } from '@rowloom/core';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { byteRange } from '../../http/byte-range.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { queryCount, queryText, type Query } from '../../http/query.js';
import type { Downloads } from './downloads-service.js';
import { isActive, listActiveDownloads, listDownloads, type DownloadSummary } from './downloads-table.js';
import { freezeJob, type FreezeSources } from './freeze-job.js';
import { checkJobSize } from './job-quota.js';
import type { Plans } from '../../users/plans.js';
import { withSavedOptions } from '../schemas/schema-settings.js';
import { isAdmin } from '../../users/users-store.js';
import {
  ADMIN_DELETE_SCHEMA,
  ADMIN_LIST_SCHEMA,
  DELETE_SCHEMA,
  FILE_SCHEMA,
  LIST_SCHEMA,
  STATUS_SCHEMA,
  SUBMIT_SCHEMA,
} from './downloads-route-schemas.js';
import { resolveFields } from '../generate/generate-fields.js';
import { publicUrlOf } from '../generation/public-url.js';
import { checkRowCount, outputFormat, seedParameter, writerOptions } from '../generation/generate-request.js';
import type { SubmitDownload } from '../generate/generate-route.js';

export interface DownloadsRouteOptions extends FreezeSources {
  db: Kysely<Tables>;
  plans: Plans;
  downloads: Downloads;
  publicUrl: string | null;
  /** ROWLOOM_MAX_JOB_RECORDS: the most rows one job may ask for on any plan. */
  maxJobRecords: number;
  /** Rows per shard (FrozenJob.shardRows). */
  shardRows?: number;
}

/** The format: the URL's extension, else `format=`, else the saved schema's, else json; extension and parameter must agree. */
function formatOf(extension: string | undefined, query: Query, saved: string | null | undefined) {
  const parameter = queryText(query, 'format');
  if (parameter && outputFormatNamed(parameter) === null)
    throw badRequest(`parameter "format" must be one of ${OUTPUT_FORMATS.join(', ')}, got "${parameter.slice(0, 60)}"`);
  // Names of one format agree (.xlsx with format=excel).
  if (extension !== undefined && parameter && outputFormatNamed(parameter) !== outputFormatNamed(extension)) {
    throw badRequest(
      `the URL's extension (.${extension}) and parameter "format" (${parameter}) disagree; give one of them`,
    );
  }
  const given = extension ?? (parameter || undefined);
  return given === undefined && saved ? outputFormat(saved) : outputFormat(given);
}

/** The list routes' query, checked by their schema (a whole number within the route's bounds). */
interface ListRoute {
  Querystring: { limit?: number };
}
const DEFAULT_LIST_LIMIT = 50;

/** Where clients reach this server, for status URLs (relative when the Host header is not usable). */
function baseOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrlOf(request, publicUrl) ?? '';
}

/** Starts a job from a generate-shaped request; answers `status` (202 here, 200 for generate?background=true). */
export function submitDownload(options: DownloadsRouteOptions): SubmitDownload {
  const { db, plans, downloads } = options;
  return async (request, reply, status, caller) => {
    const user = caller;
    const query = request.query as Query;
    const extension = (request.params as { format?: string }).format;
    // The request's own parameters first, before any lookup.
    writerOptions(formatOf(extension, query, null), query);
    if (queryText(query, 'callback'))
      throw badRequest(
        'parameter "callback" (JSONP) does not apply to background jobs: their file is fetched from GET /api/downloads/{id}/file',
      );
    const source = await resolveFields(db, user, query, request.body);
    const format = formatOf(extension, query, source.settings?.format);
    const writer = writerOptions(format, source.settings ? withSavedOptions(query, source.settings.options) : query);
    const count = queryCount(query, 'count') ?? source.count ?? 1;
    checkRowCount(writer, count);
    const limits = plans[user.plan] ?? plans.free;
    checkJobSize(count, user.plan, limits, options.maxJobRecords);
    const publicUrl = publicUrlOf(request, options.publicUrl);
    const request_ = {
      userId: user.id,
      fields: source.fields,
      count,
      format,
      writer,
      seed: seedParameter(query) ?? source.settings?.seed ?? null,
      now: queryText(query, 'now') || null,
      publicUrl,
    };
    const { job, file } = await freezeJob(options, request_, fileBaseName(query), options.shardRows);
    await downloads.submit(job, file, limits);
    const row = await downloads.find(job.id, user.id);
    const base = baseOf(request, options.publicUrl);
    return reply
      .code(status)
      .header('location', `${base}/api/downloads/${job.id}`)
      .send(await downloads.status(row!, base));
  };
}

const MAX_NAME_LENGTH = 200;

/** The file's name: the `name` parameter (the page sends its schema's), else the saved schema's, else rowloom. */
function fileBaseName(query: Query): string {
  const name = queryText(query, 'name');
  if (name !== undefined && name.length > MAX_NAME_LENGTH)
    throw badRequest(`parameter "name" is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  return name?.trim() || queryText(query, 'schema') || 'rowloom';
}

/** Ids are what freezeJob makes (UUIDs); anything else (a NUL PostgreSQL cannot hold, 10 kB of text) is looked up as nothing. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

function findById(
  options: DownloadsRouteOptions,
  id: string,
  userId: string | null,
): Promise<DownloadSummary | undefined> {
  return ID.test(id) ? options.downloads.find(id, userId) : Promise.resolve(undefined);
}

/** The routes of one download (`/api/downloads/:id...`): the id as the contract's params schema has it. */
interface OneDownloadRoute {
  Params: DownloadIdParams;
}

async function ownDownload(
  options: DownloadsRouteOptions,
  request: FastifyRequest<OneDownloadRoute>,
): Promise<DownloadSummary> {
  const user = userOf(request);
  const { id } = request.params;
  const row = await findById(options, id, user.id);
  if (!row) throw notFound(`no download with the id "${id.slice(0, 200)}"; GET /api/downloads lists yours`);
  return row;
}

/** Cancels an unfinished job (200, its status) or removes a finished one and its file (204). */
async function cancelOrRemove(
  options: DownloadsRouteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  row: DownloadSummary,
): Promise<FastifyReply> {
  if (isActive(row.status)) {
    await options.downloads.cancel(row);
    const after = await options.downloads.find(row.id, null);
    return reply.code(200).send(await options.downloads.status(after ?? row, baseOf(request, options.publicUrl)));
  }
  await options.downloads.remove(row.id);
  return reply.code(204).send();
}

async function sendFile(
  options: DownloadsRouteOptions,
  request: FastifyRequest<OneDownloadRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const row = await ownDownload(options, request);
  if (row.status === 'expired')
    throw new HttpError(
      410,
      `download ${row.id} has expired: files are kept ${retentionText(row)}; start the job again`,
    );
  if (row.status !== 'done')
    throw new HttpError(
      409,
      `download ${row.id} is ${row.status}; its file is there once its status is done (GET /api/downloads/${row.id})`,
    );
  const size = await options.downloads.options.store.fileSize(row.id);
  if (size === null)
    throw new HttpError(410, `the file of download ${row.id} is gone from the store; start the job again`);
  const etag = `"${row.id}-${size}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('content-type', row.content_type)
    .header('content-disposition', `attachment; filename="${row.filename}"`);
  // If-Range: a range is only served while the file is the one the client started with.
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange !== undefined && ifRange !== etag ? undefined : request.headers.range;
  const range = byteRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    throw new HttpError(
      416,
      `the range "${rangeHeader}" starts past the end of the file (${size} bytes)`,
      {},
      { 'content-range': `bytes */${size}` },
    );
  }
  if (range.kind === 'whole') {
    const stream = await options.downloads.options.store.readFile(row.id);
    return reply.code(200).header('content-length', size).send(stream);
  }
  const stream = await options.downloads.options.store.readFile(row.id, { start: range.start, end: range.end });
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(stream);
}

function retentionText(row: DownloadSummary): string {
  return row.finished_at && row.expires_at
    ? `${Math.round((Date.parse(row.expires_at) - Date.parse(row.finished_at)) / 3_600_000)} hours after they are made`
    : 'for a limited time';
}

async function requireAdmin(db: Kysely<Tables>, request: FastifyRequest): Promise<void> {
  const user = userOf(request);
  if (!(await isAdmin(db, user.id)))
    throw new HttpError(
      403,
      "only an admin may see or cancel other users' jobs; `rowloom users add <email> --admin` makes one",
    );
}

/** The downloads feature as a Fastify plugin: background jobs submitted, followed, fetched and cancelled (and an admin's view of all). */
export async function downloadsFeature(app: FastifyInstance, options: DownloadsRouteOptions): Promise<void> {
  const { db } = options;
  const submit = submitDownload(options);
  // Before validation: a caller without a key learns nothing from a 400.
  app.addHook('preValidation', app.authenticate);
  app.post('/api/downloads', { schema: SUBMIT_SCHEMA }, (request, reply) =>
    submit(request, reply, 202, userOf(request)),
  );
  app.post('/api/downloads.:format', { schema: SUBMIT_SCHEMA }, (request, reply) =>
    submit(request, reply, 202, userOf(request)),
  );
  app.get<ListRoute>('/api/downloads', { schema: LIST_SCHEMA }, async (request) => {
    const user = userOf(request);
    const rows = await listDownloads(db, user.id, request.query.limit ?? DEFAULT_LIST_LIMIT);
    const base = baseOf(request, options.publicUrl);
    return { downloads: await Promise.all(rows.map((row) => options.downloads.status(row, base))) };
  });
  app.get<OneDownloadRoute>('/api/downloads/:id', { schema: STATUS_SCHEMA }, async (request) =>
    options.downloads.status(await ownDownload(options, request), baseOf(request, options.publicUrl)),
  );
  // Files go out as stored: their sizes, byte ranges and resumed transfers stay the file's own.
  app.get<OneDownloadRoute>(
    '/api/downloads/:id/file',
    { schema: FILE_SCHEMA, config: { compress: false } },
    (request, reply) => sendFile(options, request, reply),
  );
  app.delete<OneDownloadRoute>('/api/downloads/:id', { schema: DELETE_SCHEMA }, async (request, reply) =>
    cancelOrRemove(options, request, reply, await ownDownload(options, request)),
  );
  app.get<ListRoute>('/api/admin/downloads', { schema: ADMIN_LIST_SCHEMA }, async (request) => {
    await requireAdmin(db, request);
    const rows = await listActiveDownloads(db, request.query.limit ?? DEFAULT_LIST_LIMIT);
    const base = baseOf(request, options.publicUrl);
    return {
      downloads: await Promise.all(
        rows.map(async (row) => ({
          ...(await options.downloads.status(row, base)),
          userId: row.user_id,
          email: row.email,
        })),
      ),
    };
  });
  app.delete<OneDownloadRoute>('/api/admin/downloads/:id', { schema: ADMIN_DELETE_SCHEMA }, async (request, reply) => {
    await requireAdmin(db, request);
    const { id } = request.params;
    const row = await findById(options, id, null);
    if (!row)
      throw notFound(`no download with the id "${id.slice(0, 200)}"; GET /api/admin/downloads lists the running ones`);
    return cancelOrRemove(options, request, reply, row);
  });
}
