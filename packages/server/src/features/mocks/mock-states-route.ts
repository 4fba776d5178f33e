/**
 * A mock API's state machines through the API (docs/mock-runtime.md, "State machines"): read
 * them, and put one in a state, as a test does to start from "the order is paid". Resetting
 * them all is POST /api/mocks/:name/reset.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MockStates } from '@rowloom/contract';
import type { Tables } from '../../db/tables.js';
import { jsonBody } from '../../http/body.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_ONLY_QUERY, SECURITY } from '../../http/openapi.js';
import { describedOnly } from '../../http/validation.js';
import { ownedMock } from './owned-mock.js';
import { moveStates, stateMachinesOf, statesOf } from './mock-states-store.js';

const NAME = { name: { type: 'string', description: "The mock API's name, URL-encoded" } };
const BASE = { tags: ['mocks'], security: SECURITY, querystring: KEY_ONLY_QUERY };

const READ_STATES = {
  ...BASE,
  summary: "The mock API's state machines and their current states",
  params: { type: 'object', properties: NAME, required: ['name'] },
  response: { 200: MockStates, ...errorResponses(401, 404) },
};

const SET_STATE = {
  ...BASE,
  summary: 'Put one state machine in a state',
  params: {
    type: 'object',
    properties: { ...NAME, machine: { type: 'string', description: 'A machine the document names' } },
    required: ['name', 'machine'],
  },
  // Checked here, with messages naming the field.
  body: describedOnly({
    type: 'object',
    properties: { state: { type: 'string', minLength: 1, maxLength: 100 } },
    required: ['state'],
  }),
  response: { 200: MockStates, ...errorResponses(400, 401, 404) },
};

const CONTROL = /[\u0000-\u001f\u007f]/;

function stateOf(body: unknown): string {
  const json = jsonBody(body);
  const state = json !== null && typeof json === 'object' ? (json as { state?: unknown }).state : undefined;
  if (typeof state !== 'string' || state === '' || state.length > 100 || CONTROL.test(state))
    throw badRequest('state must be text of 1 to 100 characters without control characters, as in {"state": "paid"}');
  return state;
}

export async function mockStatesFeature(app: FastifyInstance, options: { db: Kysely<Tables> }): Promise<void> {
  const { db } = options;
  app.addHook('preHandler', app.authenticate);
  app.get('/api/mocks/:name/states', { schema: READ_STATES }, async (request) => {
    const { stored } = await ownedMock(db, request);
    return { states: await statesOf(db, stored.id, stateMachinesOf(stored.document)) };
  });
  app.put('/api/mocks/:name/states/:machine', { schema: SET_STATE }, async (request) => {
    const { stored } = await ownedMock(db, request);
    const machine = (request.params as { machine: string }).machine;
    const machines = stateMachinesOf(stored.document);
    if (!machines.includes(machine))
      throw notFound(
        `mock API "${stored.document.name}" has no state machine "${machine.slice(0, 100)}"; its machines (named by rules with target "state" and by setState) are ${machines.join(', ') || 'none'}`,
      );
    await moveStates(db, stored.id, { [machine]: stateOf(request.body) });
    return { states: await statesOf(db, stored.id, machines) };
  });
}
