/**
 * POST /api/infer: the body is a sample CSV (or tab-separated text), a header line alone or with
 * rows of data; the answer is the fields of a schema that makes data like it, each with the
 * reason for its type (core's inferSchema, run on a worker thread: infer-thread.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MAX_SAMPLE_CHARS, MAX_SAMPLE_COLUMNS, MAX_SAMPLE_ROWS } from '@rowloom/core';
import { InferResult } from '@rowloom/contract';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { inferOffThread } from './infer-thread.js';

const SCHEMA = {
  summary: 'Infer fields from a sample CSV',
  description:
    'The body is a sample table: a CSV header line (id,first_name,email), or a header with rows of data, as text/csv or text/plain ' +
    '(tab-separated when its first line has tabs and no commas, semicolon-separated when it has semicolons and neither). Each column gets a registry type from its name ' +
    '(a curated table of names: email, zip, created_at, price...) and, when rows are given, from its values (emails, UUIDs, ' +
    'dates with their format and range, numbers with their range and decimals, a few repeated values as a weighted Custom List, ' +
    "names, cities and countries from Rowloom's own tables...); clear values beat the name. " +
    `At most ${MAX_SAMPLE_ROWS} rows and the first ${MAX_SAMPLE_CHARS / 1024} KiB of text are read (fewer rows for a wide table), ` +
    `at most ${MAX_SAMPLE_COLUMNS} columns are allowed. An empty or malformed sample is a 400 naming the problem; ` +
    'a body over the JSON body limit (JSON_BODY_LIMIT_BYTES) a 413.',
  tags: ['schemas'],
  security: SECURITY,
  querystring: { type: 'object', properties: KEY_QUERY },
  body: {
    type: 'string',
    description: 'The sample: a CSV header line, or a header with rows of data (text/csv or text/plain)',
  },
  response: { 200: InferResult, ...errorResponses(400, 401, 413, 503) },
};

/** The inference feature as a Fastify plugin. */
export async function inferFeature(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  app.post('/api/infer', { schema: SCHEMA }, async (request) => {
    const text = typeof request.body === 'string' ? request.body : '';
    const { fields, reasons, rowsRead, truncated } = await inferOffThread(text);
    return { fields, reasons, rows_read: rowsRead, truncated };
  });
}
