/**
 * GET /api/projects/:name/script?dialect=postgres: the project's rows as one SQL script for
 * PostgreSQL, MySQL/MariaDB, SQLite or SQL Server, inserting parents first in one transaction
 * (create=true adds CREATE TABLE, truncate=true deletes first). Written on a short-lived thread
 * to a private temporary file, streamed, then removed; charged like the ZIP.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SQL_DIALECTS, type SqlDialect } from '@rowloom/core/relations/sql';
import { Limiter } from '../../concurrency/limiter.js';
import { answerInTurn } from '../../concurrency/one-off-thread.js';
import { HttpError } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { chargeOrRefuse } from '../generation/generation-admission.js';
import { slugName } from '../downloads/file-name.js';
import { checkProjectSize, rowsInput, type OutputOptions } from './output-routes.js';
import { readyProject } from './project-context.js';
import { PROJECT_PARAMS } from './project-params.js';
import type { ScriptInput, ScriptReply } from './script-worker.js';

const SCRIPT_TIME_LIMIT_MS = 120_000;
const SCRIPT_MEMORY_MB = 512;
const scripts = new Limiter({ running: 1, queued: 4, waitMs: 15_000, what: 'SQL scripts' });

interface ScriptRoute {
  Params: { name: string };
  Querystring: { dialect: SqlDialect; create?: boolean; truncate?: boolean };
}

const SCHEMA = {
  summary: 'A project as one SQL script, parents first',
  tags: ['projects'],
  security: SECURITY,
  params: PROJECT_PARAMS,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      dialect: { type: 'string', enum: [...SQL_DIALECTS] },
      create: { type: 'boolean', description: 'CREATE TABLE first (default false)' },
      truncate: { type: 'boolean', description: "Delete the tables' rows first (default false)" },
    },
    required: ['dialect'],
  },
  response: { 200: { type: 'string', description: 'application/sql' }, ...errorResponses(400, 401, 404, 429, 503) },
};

async function writeOffThread(input: ScriptInput): Promise<void> {
  const reply = await answerInTurn<ScriptReply>(scripts, {
    script: new URL('./script-worker.js', import.meta.url),
    input,
    timeLimitMs: SCRIPT_TIME_LIMIT_MS,
    memoryMb: SCRIPT_MEMORY_MB,
    timedOut: () =>
      new HttpError(
        503,
        `the script took more than ${SCRIPT_TIME_LIMIT_MS / 1000} s; load a project this large with rowloom seed`,
      ),
    crashed: (error) => new HttpError(413, `the script could not be made (${error.message.slice(0, 200)})`),
  });
  if (!reply.ok) throw new Error(`script failed: ${reply.message}`);
}

export function scriptRoute(app: FastifyInstance, options: OutputOptions): void {
  const stores = { db: options.db, datasetTexts: options.sharing.datasetTexts };
  app.get<ScriptRoute>('/api/projects/:name/script', { schema: SCHEMA }, async (request, reply) => {
    const project = await readyProject(request, request.params.name, stores);
    const limits = checkProjectSize(project, options.plans);
    const { dialect, create = false, truncate = false } = request.query;
    const file = join(tmpdir(), `rowloom-script-${randomUUID()}.sql`);
    try {
      await writeOffThread({ ...rowsInput(project, null), dialect, create, truncate, file });
      await chargeOrRefuse(
        options.db,
        project.user.id,
        limits,
        Object.values(project.counts).reduce((a, b) => a + b, 0),
      );
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    const stream = createReadStream(file);
    stream.on('close', () => void rm(file, { force: true }));
    return reply
      .header('content-type', 'application/sql; charset=utf-8')
      .header('content-disposition', `attachment; filename="${slugName(project.document.name)}-${dialect}.sql"`)
      .send(stream);
  });
}
