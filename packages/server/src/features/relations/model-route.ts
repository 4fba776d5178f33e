/**
 * GET /api/projects/:name/model: the project of related tables with its counts, references,
 * load order and problems (what the project page draws); PUT replaces its tables with a
 * project document's (creating the project when it is new).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProjectDocument, ProjectModelView } from '@rowloom/contract';
import { sqlTypeProblem } from '@rowloom/core/relations/sql';
import { userOf } from '../../http/auth-hook.js';
import { badRequest } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { jsonBodySchema } from '../../http/validation.js';
import { modelView } from './model-view.js';
import { planOf, projectContext, type ProjectStores } from './project-context.js';
import { saveProjectDocument } from './project-tables-store.js';
import { PROJECT_PARAMS } from './project-params.js';

interface ModelRoute {
  Params: { name: string };
  Body: ProjectDocument;
}

const TAGS = ['projects'];

const GET_SCHEMA = {
  summary: "A project's tables, references, counts and load order",
  tags: TAGS,
  security: SECURITY,
  params: PROJECT_PARAMS,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: ProjectModelView, ...errorResponses(401, 404) },
};

const PUT_SCHEMA = {
  summary: "Replace a project's tables with a project document",
  description:
    'Each table becomes the saved schema "<project>/<table>"; the project\'s other schemas are deleted. Creates the project when it is new.',
  tags: TAGS,
  security: SECURITY,
  params: PROJECT_PARAMS,
  querystring: { type: 'object', properties: KEY_QUERY },
  body: jsonBodySchema(ProjectDocument),
  response: { 200: ProjectModelView, ...errorResponses(400, 401) },
};

/** Answers with the stored project as the page sees it. */
export async function storedModelView(request: FastifyRequest, name: string, stores: ProjectStores) {
  const context = await projectContext(request, name, stores);
  return modelView(context.document, context.schemas, await planOf(context));
}

/** A declared type goes into CREATE TABLE as written (a load from the server runs it): a type, nothing more. */
function checkColumnTypes(table: ProjectDocument['tables'][number]): void {
  for (const [column, facts] of Object.entries(table.columns ?? {})) {
    const problem = facts.sql_type === undefined ? null : sqlTypeProblem(facts.sql_type);
    if (problem) throw badRequest(`table ${table.name}, column ${column}: ${problem}`);
  }
}

export function modelRoutes(app: FastifyInstance, stores: ProjectStores): void {
  app.get<ModelRoute>('/api/projects/:name/model', { schema: GET_SCHEMA }, (request) =>
    storedModelView(request, request.params.name, stores),
  );
  app.put<ModelRoute>('/api/projects/:name/model', { schema: PUT_SCHEMA }, async (request) => {
    const { name } = request.params;
    const document = { ...request.body, name };
    const names = new Set<string>();
    for (const table of document.tables) {
      if (names.has(table.name)) throw badRequest(`tables: two tables are named ${table.name}`);
      names.add(table.name);
      checkColumnTypes(table);
    }
    await saveProjectDocument(stores.db, userOf(request).id, document);
    return storedModelView(request, name, stores);
  });
}
