/**
 * The OpenAPI description of /api/downloads and /api/admin/downloads; the bodies are the
 * contract's. Descriptive only (openapi.ts): the routes validate their own input with messages
 * naming the parameter.
 */
import { OUTPUT_FORMATS } from '@rowloom/core';
import {
  AdminDownloadList,
  DownloadIdParams,
  DownloadList,
  DownloadStatus,
  FieldList,
  KeyQuery,
  ListLimitQuery,
} from '@rowloom/contract';
import { errorResponses, SECURITY } from '../../http/openapi.js';
import { GENERATE_QUERY } from '../generate/generate-route.js';
import { describedOnly } from '../../http/validation.js';

const ID_PARAM = DownloadIdParams;

export const SUBMIT_SCHEMA = {
  summary: 'Start a background job',
  description:
    'The inputs of /api/generate (fields in the body or the `fields` parameter, or `schema`; `count`; every file option; `seed`; `now`) as a job that runs in the background, ' +
    "sharded over the workers, without the plan's records per request (its records per job and per day apply; all the rows are charged now and what a failed or cancelled job " +
    "did not make is given back). The format is the extension (/api/downloads.csv) or the `format` parameter (default: the saved schema's, else json). Answers 202 at once.",
  tags: ['downloads'],
  security: SECURITY,
  // Checked by the route, like generate's (the same parameters, the same messages).
  querystring: describedOnly({
    type: 'object',
    properties: {
      ...GENERATE_QUERY,
      format: {
        type: 'string',
        description: `The file format when the URL has no extension: ${OUTPUT_FORMATS.join(', ')} (also excel, ndjson, dbunit.xml)`,
      },
      name: {
        type: 'string',
        description:
          "What the file's name starts with (at most 200 characters; made safe: accents dropped, other characters become -). Default: the saved schema's name, else rowloom",
      },
    },
  }),
  body: FieldList,
  response: {
    202: { ...DownloadStatus, description: 'Accepted: the job is queued (Location: its status URL)' },
    ...errorResponses(400, 401, 404, 413, 429, 503),
  },
};

export const LIST_SCHEMA = {
  summary: 'Your background jobs',
  description:
    'Newest first, with their status; finished files stay for ROWLOOM_DOWNLOAD_RETENTION_HOURS (default 24) and then show as expired.',
  tags: ['downloads'],
  security: SECURITY,
  querystring: ListLimitQuery(500),
  response: { 200: DownloadList, ...errorResponses(400, 401) },
};

export const STATUS_SCHEMA = {
  summary: "A background job's status",
  tags: ['downloads'],
  security: SECURITY,
  params: ID_PARAM,
  querystring: KeyQuery,
  response: { 200: DownloadStatus, ...errorResponses(401, 404) },
};

export const FILE_SCHEMA = {
  summary: "A finished job's file",
  description:
    'Streams the file with its content type and a Content-Disposition file name. Range requests (one range) resume a download: 206 with Content-Range; 416 when the range starts past the end.',
  tags: ['downloads'],
  security: SECURITY,
  params: ID_PARAM,
  querystring: KeyQuery,
  response: {
    200: {
      description: 'The whole file',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    206: {
      description: 'The requested byte range',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errorResponses(401, 404, 409, 410, 416),
  },
};

export const DELETE_SCHEMA = {
  summary: 'Cancel or remove a background job',
  description:
    'A queued or running job is cancelled (200: its status, now cancelled; the rows it did not make go back to your plan); a finished one is removed with its file (204).',
  tags: ['downloads'],
  security: SECURITY,
  params: ID_PARAM,
  querystring: KeyQuery,
  response: { 200: DownloadStatus, 204: { type: 'null', description: 'Removed' }, ...errorResponses(401, 403, 404) },
};

export const ADMIN_LIST_SCHEMA = {
  summary: "Every user's queued and running jobs (admins)",
  tags: ['downloads'],
  security: SECURITY,
  querystring: ListLimitQuery(1000),
  response: { 200: AdminDownloadList, ...errorResponses(400, 401, 403) },
};

export const ADMIN_DELETE_SCHEMA = { ...DELETE_SCHEMA, summary: "Cancel or remove any user's job (admins)" };
