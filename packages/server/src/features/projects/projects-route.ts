/**
 * GET /api/projects lists the user's projects with what each holds; POST /api/projects creates one
 * (datasets, saved schemas and scenarios name them); DELETE /api/projects/:name removes one, its
 * contents staying, in no project.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { jsonBody } from '../../http/body.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { queryText, type Query } from '../../http/query.js';
import { createProject, deleteProject, listProjects } from './projects-store.js';
import { pathName } from '../../http/path-name.js';
import { ProjectList } from '@rowloom/contract';

const MAX_NAME_LENGTH = 200;

const LIST_SCHEMA = {
  summary: 'List your projects',
  tags: ['projects'],
  security: SECURITY,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: {
    200: ProjectList,
    ...errorResponses(401),
  },
};
const CREATE_SCHEMA = {
  summary: 'Create a project',
  description: 'Datasets can then be uploaded into it with ?project=NAME.',
  tags: ['projects'],
  security: SECURITY,
  querystring: {
    type: 'object',
    properties: { ...KEY_QUERY, name: { type: 'string', description: 'The project name (or send it in the body)' } },
  },
  body: { type: 'object', properties: { name: { type: 'string' } } },
  response: {
    200: {
      type: 'object',
      properties: { success: { type: 'boolean' }, name: { type: 'string' }, created_at: { type: 'string' } },
    },
    ...errorResponses(400, 401, 409),
  },
};

const DELETE_SCHEMA = {
  summary: 'Delete a project',
  description: 'Its datasets, saved schemas and scenarios stay, in no project.',
  tags: ['projects'],
  security: SECURITY,
  params: { type: 'object', properties: { '*': { type: 'string', description: 'The project name, URL-encoded' } } },
  querystring: { type: 'object', properties: KEY_QUERY },
  response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses(400, 401, 404) },
};

/** From the JSON body `{"name": "..."}`, else the `name` query parameter. */
function projectName(request: FastifyRequest): string {
  const json = jsonBody(request.body);
  let name: unknown = queryText(request.query as Query, 'name');
  if (json !== undefined) {
    if (!json || typeof json !== 'object' || Array.isArray(json))
      throw badRequest('the body must be a JSON object such as {"name": "Sales"}');
    if ((json as { name?: unknown }).name !== undefined) name = (json as { name: unknown }).name;
  }
  if (typeof name !== 'string' || name.trim() === '')
    throw badRequest('the project needs a name: send {"name": "Sales"} or ?name=Sales');
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(`the project name is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw badRequest('the project name must not contain control characters (line breaks, tabs...)');
  return name;
}

/** The projects feature as a Fastify plugin. */
export async function projectsFeature(app: FastifyInstance, { db }: { db: Kysely<Tables> }): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  for (const url of ['/api/projects', '/api/projects/']) {
    app.get(url, { schema: { ...LIST_SCHEMA, hide: url !== '/api/projects' } }, async (request) => {
      const user = userOf(request);
      return { projects: await listProjects(db, user.id) };
    });
    app.post(url, { schema: { ...CREATE_SCHEMA, hide: url !== '/api/projects' } }, async (request) => {
      const user = userOf(request);
      const name = projectName(request);
      const project = await createProject(db, user.id, name);
      if (!project)
        throw new HttpError(409, `a project named "${name}" already exists; choose another name, or use it as it is`);
      return { success: true, name: project.name, created_at: project.createdAt };
    });
  }
  app.delete('/api/projects/*', { schema: DELETE_SCHEMA }, async (request) => {
    const user = userOf(request);
    const name = pathName(request, 'project', 'projects');
    if (!(await deleteProject(db, user.id, name)))
      throw notFound(`no project named "${name}"; GET /api/projects lists yours`);
    return { success: true };
  });
}
