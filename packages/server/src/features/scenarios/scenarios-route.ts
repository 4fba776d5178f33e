/**
 * Scenarios: GET /api/scenarios lists them; GET, PUT (or POST) and DELETE /api/scenarios/:name
 * show, save (create or replace) and remove one. The body is
 * `{"points": [{"x": 0..1, "y": number}...], "interpolation": "linear"|"step"|"smooth", "noise": sd, "project"?: name}`,
 * its shape checked by Fastify against the contract's ScenarioInput, then by core's readScenario
 * (each x once...) with every problem named by its position.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readScenario } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_ONLY_QUERY, KEY_QUERY, SECURITY, restOfPathName } from '../../http/openapi.js';
import { jsonBodySchema } from '../../http/validation.js';
import { deleteScenario, findScenario, listScenarios, saveScenario } from './scenarios-store.js';
import { pathName, type NamedRoute } from '../../http/path-name.js';
import { projectIdFor } from '../projects/project-param.js';
import { ScenarioDocument, ScenarioInput, ScenarioList, ScenarioSaved } from '@rowloom/contract';

const NAME_PARAM = restOfPathName('scenario');
const KEY_ONLY = KEY_ONLY_QUERY;
const LIST_SCHEMA = {
  summary: 'List your scenarios',
  tags: ['scenarios'],
  security: SECURITY,
  querystring: KEY_ONLY,
  response: {
    200: ScenarioList,
    ...errorResponses(401),
  },
};
const GET_SCHEMA = {
  summary: 'A scenario: its points, interpolation and noise',
  tags: ['scenarios'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 200: ScenarioDocument, ...errorResponses(401, 404) },
};
const SAVE_SCHEMA = {
  summary: 'Save (create or replace) a scenario',
  description:
    'A Rowloom design (the established product never documented its scenarios): see docs/scenarios.md. A Scenario field reads it: {"name": "load", "type": "Scenario", "scenario": "NAME"}.',
  tags: ['scenarios'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      project: { type: 'string', description: 'The project to put it in (or "project" in the body)' },
    },
  },
  body: jsonBodySchema(ScenarioInput),
  response: {
    200: ScenarioSaved,
    ...errorResponses(400, 401, 404, 413),
  },
};
const DELETE_SCHEMA = {
  summary: 'Delete a scenario',
  tags: ['scenarios'],
  security: SECURITY,
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses(401, 404) },
};

interface SaveRoute extends NamedRoute {
  Body: ScenarioInput;
  Querystring: { name?: string; project?: string };
}

const missing = (name: string) => notFound(`no scenario named "${name}"; GET /api/scenarios lists yours`);

/** The scenarios feature as a Fastify plugin. */
export async function scenariosFeature(app: FastifyInstance, { db }: { db: Kysely<Tables> }): Promise<void> {
  // Before validation: a caller without a key learns nothing from a 400.
  app.addHook('preValidation', app.authenticate);
  const list = async (request: FastifyRequest) => {
    const user = userOf(request);
    return { scenarios: await listScenarios(db, user.id) };
  };
  app.get('/api/scenarios', { schema: LIST_SCHEMA }, list);

  app.get<NamedRoute>('/api/scenarios/*', { schema: GET_SCHEMA }, async (request) => {
    if ((request.params['*'] ?? '') === '') return list(request);
    const user = userOf(request);
    const name = pathName(request, 'scenario', 'scenarios');
    const scenario = await findScenario(db, user.id, name);
    if (!scenario) throw missing(name);
    return {
      name: scenario.name,
      points: scenario.points,
      interpolation: scenario.interpolation,
      noise: scenario.noise,
      project: scenario.project,
      updated_at: scenario.updatedAt,
    };
  });

  const save = async (request: FastifyRequest<SaveRoute>) => {
    const user = userOf(request);
    const name = pathName(request, 'scenario', 'scenarios');
    const result = readScenario(request.body);
    if (result.problems) {
      const shown = result.problems
        .slice(0, 5)
        .map((p) => p.message)
        .join('; ');
      throw badRequest(
        result.problems.length > 5 ? `${shown}; and ${result.problems.length - 5} more problems (see details)` : shown,
        { details: result.problems },
      );
    }
    const fromBody = request.body.project;
    const projectId = await projectIdFor(
      db,
      user.id,
      fromBody !== undefined ? fromBody : request.query.project,
      '"project"',
    );
    const updatedAt = await saveScenario(db, user.id, name, result.curve, projectId);
    const saved = await findScenario(db, user.id, name);
    return { success: true, name, ...result.curve, project: saved?.project ?? null, updated_at: updatedAt };
  };
  app.put<SaveRoute>('/api/scenarios/*', { schema: SAVE_SCHEMA }, save);
  app.post<SaveRoute>('/api/scenarios/*', { schema: SAVE_SCHEMA }, save);

  app.delete<NamedRoute>('/api/scenarios/*', { schema: DELETE_SCHEMA }, async (request) => {
    const user = userOf(request);
    const name = pathName(request, 'scenario', 'scenarios');
    if (!(await deleteScenario(db, user.id, name))) throw missing(name);
    return { success: true };
  });
}
