/**
 * POST /api/projects/:name/import: SQL DDL (CREATE TABLE statements, pg_dump or mysqldump
 * output) becomes the project's tables, replacing those it had: parsed on a short-lived thread
 * with a time and memory limit, then stored like a PUT of the model. Live databases are
 * imported from the command line (`rowloom import URL`): a server never connects to an address
 * a user gives it.
 */
import type { FastifyInstance } from 'fastify';
import { DdlImportInput, ProjectModelView } from '@rowloom/contract';
import Type from 'typebox';
import { Limiter } from '../../concurrency/limiter.js';
import { answerInTurn } from '../../concurrency/one-off-thread.js';
import { userOf } from '../../http/auth-hook.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { jsonBodySchema } from '../../http/validation.js';
import type { DdlInput, DdlReply } from './ddl-import-worker.js';
import { storedModelView } from './model-route.js';
import type { ProjectStores } from './project-context.js';
import { PROJECT_PARAMS } from './project-params.js';
import { saveProjectDocument } from './project-tables-store.js';

const IMPORT_TIME_LIMIT_MS = 20_000;
const IMPORT_MEMORY_MB = 512;
const imports = new Limiter({ running: 1, queued: 4, waitMs: 15_000, what: 'schema imports' });

const SCHEMA = {
  summary: "Import SQL DDL as a project's tables",
  description:
    "PostgreSQL or MySQL/MariaDB CREATE TABLE statements (pg_dump and mysqldump output work); replaces the project's tables. Answers the model with `import_warnings`.",
  tags: ['projects'],
  security: SECURITY,
  params: PROJECT_PARAMS,
  querystring: { type: 'object', properties: KEY_QUERY },
  body: jsonBodySchema(DdlImportInput),
  response: {
    200: Type.Intersect([ProjectModelView, Type.Object({ import_warnings: Type.Array(Type.String()) })]),
    ...errorResponses(400, 401, 413, 503),
  },
};

async function parseOffThread(input: DdlInput) {
  const reply = await answerInTurn<DdlReply>(imports, {
    script: new URL('./ddl-import-worker.js', import.meta.url),
    input,
    timeLimitMs: IMPORT_TIME_LIMIT_MS,
    memoryMb: IMPORT_MEMORY_MB,
    timedOut: () =>
      badRequest(`the DDL took more than ${IMPORT_TIME_LIMIT_MS / 1000} s to read; send fewer statements`),
    crashed: (error) => new HttpError(413, `the DDL could not be read (${error.message.slice(0, 200)}); send less`),
  });
  if (reply.ok) return reply;
  if (reply.ours) throw new Error(`import failed: ${reply.message}`);
  throw badRequest(`ddl: ${reply.message}`);
}

export function importRoute(app: FastifyInstance, stores: ProjectStores): void {
  app.post<{ Params: { name: string }; Body: DdlImportInput }>(
    '/api/projects/:name/import',
    { schema: SCHEMA },
    async (request) => {
      const { name } = request.params;
      const { project, warnings } = await parseOffThread({
        ddl: request.body.ddl,
        dialect: request.body.dialect,
        name,
      });
      await saveProjectDocument(stores.db, userOf(request).id, { ...project, name });
      return { ...(await storedModelView(request, name, stores)), import_warnings: warnings };
    },
  );
}
