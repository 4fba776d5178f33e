/**
 * Datasets (Mockaroo's dataset API, docs/api.md): POST /api/datasets/:name uploads (creates or replaces),
 * DELETE removes, GET lists them or shows one with its first rows. The name may contain
 * spaces and slashes: callers URL-encode it, but the Python client leaves `/` as it is, so the
 * route takes the whole rest of the path.
 *
 * An upload is checked for everything cheap (key, name, filename, content type, project, the
 * plan's dataset count) before its body is read; the body is then read as a stream, on a thread
 * of its own (dataset-parser.ts), and reading stops at the first problem, at the body limit or at
 * the plan's storage left (uploadAllowance).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DATASET_PREVIEW_ROWS,
  MAX_DATASET_COLUMN_NAME_BYTES,
  MAX_DATASET_COLUMNS,
  MAX_DATASET_VALUE_BYTES,
} from '@rowloom/core';
import { deleteDataset, findDataset, listDatasets, saveDataset } from './datasets-store.js';
import { uploadAllowance } from './dataset-storage.js';
import { bodyTooLarge, type DatasetParser } from './dataset-parser.js';
import type { Tables } from '../../db/tables.js';
import { authenticate } from '../../http/authenticate.js';
import { TAKES_FILES } from '../../http/body.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { queryText, storableText, type Query } from '../../http/query.js';
import { pathName, type NamedRoute } from '../../http/path-name.js';
import { userOf } from '../../http/auth-hook.js';
import { findProject } from '../projects/projects-store.js';
import type { Plans } from '../../users/plans.js';
import { DatasetDetail, DatasetList, DatasetUploaded } from '@rowloom/contract';

/** How uploads are read: the threads that read them, and the server's body limit. */
export interface DatasetUploads {
  parser: DatasetParser;
  bodyLimitBytes: number;
}

const NAME_PARAM = {
  type: 'object',
  properties: {
    '*': { type: 'string', description: 'The dataset name, URL-encoded (may contain spaces and slashes)' },
  },
};
const SUCCESS = { type: 'object', properties: { success: { type: 'boolean' } } };
const LIST_SCHEMA = {
  summary: 'List your datasets',
  tags: ['datasets'],
  security: SECURITY,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: DatasetList, ...errorResponses(401) },
};
const GET_SCHEMA = {
  summary: 'A dataset: its columns and first rows',
  description: `The summary plus \`preview\`: the first ${DATASET_PREVIEW_ROWS} rows as objects keyed by column name (kept apart when the dataset is stored, so showing them reads no other row).`,
  tags: ['datasets'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: DatasetDetail, ...errorResponses(401, 404) },
};
const UPLOAD_SCHEMA = {
  summary: 'Upload (create or replace) a dataset',
  description:
    'The body is the table: CSV, or tab-separated text (a .txt filename, or a first line with tabs and no commas); the first row names the columns. ' +
    `A table has at most ${MAX_DATASET_COLUMNS} columns, column names of at most ${MAX_DATASET_COLUMN_NAME_BYTES} bytes and values of at most ${MAX_DATASET_VALUE_BYTES} bytes (UTF-8); ` +
    'past one of these the answer is 400 naming the line, the column and the cap in `limit` and `allowed`. ' +
    'The whole upload is checked before anything is stored: a rejected upload leaves the previous version in place. ' +
    "The plan's dataset count is checked before the body is read, its storage while the body is read: past either the answer is 403 with `limit` and `allowed`, " +
    "as soon as the table is known not to fit (the rest of the body is not read). A body over the server's limit (BODY_LIMIT_BYTES) is a 413; " +
    'when all the threads that read uploads are busy, a 503 with Retry-After.',
  tags: ['datasets'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      filename: { type: 'string', description: 'Original file name; must end in .csv or .txt' },
      project: { type: 'string', description: 'Name of one of your projects to add the dataset to' },
    },
  },
  body: { type: 'string', description: 'The table, with Content-Type text/csv or text/plain' },
  response: {
    200: DatasetUploaded,
    ...errorResponses(400, 401, 403, 404, 413, 415, 503),
  },
};
const DELETE_SCHEMA = {
  summary: 'Delete a dataset',
  tags: ['datasets'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: SUCCESS, ...errorResponses(401, 404) },
};
const UPLOAD_TYPES = ['text/csv', 'text/plain'];

function uploadFilename(query: Query): string | null {
  const filename = queryText(query, 'filename');
  if (filename === undefined || filename === '') return null;
  storableText(filename, 'parameter "filename"');
  if (!/\.(csv|txt)$/i.test(filename))
    throw badRequest(
      `parameter "filename" must end in .csv or .txt, got "${filename}"; leave it out if the file has another name`,
    );
  return filename;
}

function checkContentType(request: FastifyRequest): void {
  const header = request.headers['content-type'] ?? '';
  const mediaType = header.split(';')[0].trim().toLowerCase();
  if (!UPLOAD_TYPES.includes(mediaType)) {
    throw new HttpError(
      415,
      `Content-Type must be text/csv or text/plain, got ${header === '' ? 'none' : `"${header}"`}; send the table as CSV or tab-separated text`,
    );
  }
}

/**
 * The upload routes' scope: a body is not read before the handler asks for it (the handler reads
 * request.raw), whatever its content type, so nothing of it is taken before the cheap checks.
 */
function bodiesLeftUnread(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

/** A refused upload whose body is not all read closes its connection, so the rest of the body is never read. */
async function closingWhenUnread<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!request.raw.complete) reply.header('connection', 'close');
    throw error;
  }
}

function contentLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  const length = header === undefined ? NaN : Number(header);
  return Number.isSafeInteger(length) ? length : null;
}

export interface DatasetsFeatureOptions {
  db: Kysely<Tables>;
  plans: Plans;
  uploads: DatasetUploads;
}

/** The datasets feature as a Fastify plugin: list, read, upload and delete a user's datasets. */
export async function datasetsFeature(
  app: FastifyInstance,
  { db, plans, uploads }: DatasetsFeatureOptions,
): Promise<void> {
  const list = async (request: FastifyRequest) => {
    const user = userOf(request);
    return { datasets: await listDatasets(db, user.id) };
  };
  app.get('/api/datasets', { schema: LIST_SCHEMA, preHandler: app.authenticate }, list);

  app.get<NamedRoute>('/api/datasets/*', { schema: GET_SCHEMA, preHandler: app.authenticate }, async (request) => {
    if (((request.params as { '*'?: string })['*'] ?? '') === '') return list(request);
    const user = userOf(request);
    const name = pathName(request, 'dataset', 'datasets');
    const dataset = await findDataset(db, user.id, name);
    if (!dataset) throw notFound(`no dataset named "${name}"; GET /api/datasets lists yours`);
    const { preview, ...summary } = dataset;
    // Rows as objects keyed by column name; fromEntries keeps a column called "__proto__".
    return {
      ...summary,
      preview: preview.map((row) => Object.fromEntries(summary.columns.map((column, i) => [column, row[i] ?? '']))),
    };
  });

  // Authenticated here, not by the hook: the body is read by the handler (closingWhenUnread), and a
  // refusal must close the connection of a body left unread, which only the handler's wrapper does.
  const upload = async (request: FastifyRequest<NamedRoute>) => {
    const user = await authenticate(db, request);
    const query = request.query as Query;
    const name = pathName(request, 'dataset', 'datasets');
    const filename = uploadFilename(query);
    checkContentType(request);
    const projectName = queryText(query, 'project');
    if (projectName !== undefined) storableText(projectName, 'parameter "project"');
    let projectId: string | null = null;
    if (projectName !== undefined && projectName !== '') {
      const project = await findProject(db, user.id, projectName);
      if (!project)
        throw notFound(
          `no project named "${projectName}"; create it first with POST /api/projects, or leave out "project"`,
        );
      projectId = project.id;
    }
    const limits = { ...(plans[user.plan] ?? plans.free), plan: user.plan };
    const allowance = await uploadAllowance(db, user.id, name, limits);
    const length = contentLength(request);
    if (length !== null && length > uploads.bodyLimitBytes) throw bodyTooLarge(uploads.bodyLimitBytes);
    const release = await uploads.parser.admit(user.id);
    let table;
    try {
      table = await uploads.parser.read(request.raw, {
        filename,
        allowedBytes: allowance.bytes,
        bodyLimitBytes: uploads.bodyLimitBytes,
        tooLarge: allowance.tooLarge,
      });
    } finally {
      release();
    }
    // Read and checked whole before anything is stored: a bad upload changes nothing.
    await saveDataset(db, user.id, name, table, { projectId, filename, limits });
    return { success: true, name, rows: table.rowCount, columns: table.columns };
  };
  app.register(async (scope) => {
    bodiesLeftUnread(scope);
    const handler = (request: FastifyRequest<NamedRoute>, reply: FastifyReply) =>
      closingWhenUnread(request, reply, () => upload(request));
    // POST /api/datasets?name=...: one line of Mockaroo's API reference shows this form.
    scope.post<NamedRoute>('/api/datasets', { schema: { ...UPLOAD_SCHEMA, hide: true }, config: TAKES_FILES }, handler);
    scope.post<NamedRoute>('/api/datasets/*', { schema: UPLOAD_SCHEMA, config: TAKES_FILES }, handler);
  });

  const remove = async (request: FastifyRequest<NamedRoute>) => {
    const user = userOf(request);
    const name = pathName(request, 'dataset', 'datasets');
    if (!(await deleteDataset(db, user.id, name)))
      throw notFound(`no dataset named "${name}"; GET /api/datasets lists yours`);
    return { success: true };
  };
  app.delete<NamedRoute>(
    '/api/datasets',
    { schema: { ...DELETE_SCHEMA, hide: true }, preHandler: app.authenticate },
    remove,
  );
  app.delete<NamedRoute>('/api/datasets/*', { schema: DELETE_SCHEMA, preHandler: app.authenticate }, remove);
}
