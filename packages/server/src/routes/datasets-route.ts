/**
 * Datasets (spec 4.2, 4.3): POST /api/datasets/:name uploads (creates or replaces),
 * DELETE removes, GET lists them or shows one with its first rows. The name may contain
 * spaces and slashes: callers URL-encode it, but the Python client leaves `/` as it is, so the
 * route takes the whole rest of the path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { deleteDataset, findDataset, listDatasets, parseTable, saveDataset } from '../datasets.js';
import type { Tables } from '../db/tables.js';
import { authenticate } from '../http/authenticate.js';
import { TAKES_FILES } from '../http/body.js';
import { badRequest, HttpError, notFound } from '../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../http/openapi.js';
import { queryText, storableText, type Query } from '../http/query.js';
import { findProject } from '../projects.js';
import type { Plans } from '../plans.js';

const PREVIEW_ROWS = 10;

const NAME_PARAM = { type: 'object', properties: { '*': { type: 'string', description: 'The dataset name, URL-encoded (may contain spaces and slashes)' } } };
const SUMMARY = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    rows: { type: 'integer' },
    columns: { type: 'array', items: { type: 'string' } },
    project: { type: ['string', 'null'] },
    filename: { type: ['string', 'null'] },
    updated_at: { type: 'string' },
  },
};
const SUCCESS = { type: 'object', properties: { success: { type: 'boolean' } } };
const LIST_SCHEMA = {
  summary: 'List your datasets',
  tags: ['datasets'],
  security: SECURITY,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: { type: 'object', properties: { datasets: { type: 'array', items: SUMMARY } } }, ...errorResponses(401) },
};
const GET_SCHEMA = {
  summary: 'A dataset: its columns and first rows',
  description: `The summary plus \`preview\`: the first ${PREVIEW_ROWS} rows as objects keyed by column name.`,
  tags: ['datasets'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: { type: 'object', properties: { ...SUMMARY.properties, preview: { type: 'array', items: { type: 'object' } } } }, ...errorResponses(401, 404) },
};
const UPLOAD_SCHEMA = {
  summary: 'Upload (create or replace) a dataset',
  description:
    'The body is the table: CSV, or tab-separated text (a .txt filename, or a first line with tabs and no commas); the first row names the columns. ' +
    'The whole upload is checked before anything is stored: a rejected upload leaves the previous version in place. ' +
    'Past the plan\'s dataset count or storage limit the answer is 403 with `limit` and `allowed`.',
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
    200: { type: 'object', properties: { success: { type: 'boolean' }, name: { type: 'string' }, rows: { type: 'integer' }, columns: { type: 'array', items: { type: 'string' } } } },
    ...errorResponses(400, 401, 403, 404, 413, 415),
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
const MAX_NAME_LENGTH = 200;
const UPLOAD_TYPES = ['text/csv', 'text/plain'];

/**
 * The name a wildcard route was called with (already percent-decoded once by the router), or
 * the `name` query parameter when the path has none.
 */
export function pathName(request: FastifyRequest, what: string, collection: string): string {
  const fromPath = (request.params as { '*'?: string })['*'] ?? '';
  const name = fromPath !== '' ? fromPath : (queryText(request.query as Query, 'name') ?? '');
  if (name.trim() === '') throw badRequest(`the ${what} name is missing; use /api/${collection}/<name> with the name URL-encoded`);
  if (name.length > MAX_NAME_LENGTH) throw badRequest(`the ${what} name is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest(`the ${what} name must not contain control characters (line breaks, tabs...)`);
  return name;
}

function uploadFilename(query: Query): string | null {
  const filename = queryText(query, 'filename');
  if (filename === undefined || filename === '') return null;
  storableText(filename, 'parameter "filename"');
  if (!/\.(csv|txt)$/i.test(filename)) throw badRequest(`parameter "filename" must end in .csv or .txt, got "${filename}"; leave it out if the file has another name`);
  return filename;
}

function checkContentType(request: FastifyRequest): void {
  const header = request.headers['content-type'] ?? '';
  const mediaType = header.split(';')[0].trim().toLowerCase();
  if (!UPLOAD_TYPES.includes(mediaType)) {
    throw new HttpError(415, `Content-Type must be text/csv or text/plain, got ${header === '' ? 'none' : `"${header}"`}; send the table as CSV or tab-separated text`);
  }
}

export function datasetsRoutes(app: FastifyInstance, db: Kysely<Tables>, plans: Plans): void {
  const list = async (request: FastifyRequest) => {
    const user = await authenticate(db, request);
    return { datasets: await listDatasets(db, user.id) };
  };
  app.get('/api/datasets', { schema: LIST_SCHEMA }, list);

  app.get('/api/datasets/*', { schema: GET_SCHEMA }, async (request) => {
    if (((request.params as { '*'?: string })['*'] ?? '') === '') return list(request);
    const user = await authenticate(db, request);
    const name = pathName(request, 'dataset', 'datasets');
    const dataset = await findDataset(db, user.id, name, PREVIEW_ROWS);
    if (!dataset) throw notFound(`no dataset named "${name}"; GET /api/datasets lists yours`);
    const { preview, ...summary } = dataset;
    // Rows as objects keyed by column name; fromEntries keeps a column called "__proto__".
    return { ...summary, preview: preview.map((row) => Object.fromEntries(summary.columns.map((column, i) => [column, row[i] ?? '']))) };
  });

  const upload = async (request: FastifyRequest) => {
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
      if (!project) throw notFound(`no project named "${projectName}"; create it first with POST /api/projects, or leave out "project"`);
      projectId = project.id;
    }
    // Parsed and checked whole before anything is stored: a bad upload changes nothing.
    const table = parseTable(typeof request.body === 'string' ? request.body : '', filename);
    const limits = plans[user.plan] ?? plans.free;
    await saveDataset(db, user.id, name, table, { projectId, filename, limits: { ...limits, plan: user.plan } });
    return { success: true, name, rows: table.rows.length, columns: table.columns };
  };
  // POST /api/datasets?name=... is the form one reference line shows (spec 4.3).
  app.post('/api/datasets', { schema: { ...UPLOAD_SCHEMA, hide: true }, config: TAKES_FILES }, upload);
  app.post('/api/datasets/*', { schema: UPLOAD_SCHEMA, config: TAKES_FILES }, upload);

  const remove = async (request: FastifyRequest) => {
    const user = await authenticate(db, request);
    const name = pathName(request, 'dataset', 'datasets');
    if (!(await deleteDataset(db, user.id, name))) throw notFound(`no dataset named "${name}"; GET /api/datasets lists yours`);
    return { success: true };
  };
  app.delete('/api/datasets', { schema: { ...DELETE_SCHEMA, hide: true } }, remove);
  app.delete('/api/datasets/*', { schema: DELETE_SCHEMA }, remove);
}
