/**
 * GET /api/projects lists the user's projects with what each holds; POST /api/projects creates one
 * (datasets, saved schemas and scenarios name them); DELETE /api/projects/:name removes one, its
 * contents staying, in no project.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { createProject, deleteProject, listProjects } from './projects-store.js';
import { pathName, type NamedRoute } from '../../http/path-name.js';
import { jsonBodySchema } from '../../http/validation.js';
import { MAX_NAME_LENGTH, ProjectCreated, ProjectInput, ProjectList } from '@rowloom/contract';

interface CreateRoute {
  Body: ProjectInput;
  Querystring: { name?: string };
}

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
    properties: {
      ...KEY_QUERY,
      name: {
        type: 'string',
        maxLength: MAX_NAME_LENGTH,
        description: 'The project name (or send it in the body)',
      },
    },
  },
  body: jsonBodySchema(ProjectInput),
  response: {
    200: ProjectCreated,
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

/** From the JSON body `{"name": "..."}`, else the `name` query parameter (both typed and bounded by the schema). */
function projectName(request: FastifyRequest<CreateRoute>): string {
  const name = request.body.name ?? request.query.name;
  if (name === undefined || name.trim() === '')
    throw badRequest('the project needs a name: send {"name": "Sales"} or ?name=Sales');
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw badRequest('the project name must not contain control characters (line breaks, tabs...)');
  return name;
}

/** The projects feature as a Fastify plugin. */
export async function projectsFeature(app: FastifyInstance, { db }: { db: Kysely<Tables> }): Promise<void> {
  // Before validation: a caller without a key learns nothing from a 400.
  app.addHook('preValidation', app.authenticate);
  for (const url of ['/api/projects', '/api/projects/']) {
    app.get(url, { schema: { ...LIST_SCHEMA, hide: url !== '/api/projects' } }, async (request) => {
      const user = userOf(request);
      return { projects: await listProjects(db, user.id) };
    });
    app.post<CreateRoute>(url, { schema: { ...CREATE_SCHEMA, hide: url !== '/api/projects' } }, async (request) => {
      const user = userOf(request);
      const name = projectName(request);
      const project = await createProject(db, user.id, name);
      if (!project)
        throw new HttpError(409, `a project named "${name}" already exists; choose another name, or use it as it is`);
      return { success: true, name: project.name, created_at: project.createdAt };
    });
  }
  app.delete<NamedRoute>('/api/projects/*', { schema: DELETE_SCHEMA }, async (request) => {
    const user = userOf(request);
    const name = pathName(request, 'project', 'projects');
    if (!(await deleteProject(db, user.id, name)))
      throw notFound(`no project named "${name}"; GET /api/projects lists yours`);
    return { success: true };
  });
}
