/**
 * Every error answer carries a stable `code` beside its `error` text (the contract's
 * ERROR_CODES), so a program can tell a plan's limit from too many attempts, or a broken schema
 * from a broken parameter, without reading the text. Over HTTP, against a real server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ERROR_CODES } from '@rowloom/contract';
import { DEFAULT_PLANS, type Plans } from '../users/plans.js';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';

const PLANS: Plans = { ...DEFAULT_PLANS, tiny: { recordsPerRequest: 5000, requestsPerDay: 1, recordsPerDay: null } };
const FIELDS = JSON.stringify([{ name: 'id', type: 'Row Number' }]);

describe('error answers carry a stable code', () => {
  let server: TestServer;
  let key = '';
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'), { plans: PLANS, bodyLimitBytes: 4096 });
    key = await server.userKey();
  });
  after(() => server.close());

  const answer = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, init);
    return {
      status: response.status,
      body: (await response.json()) as { error: string; code: string; details?: unknown[] },
    };
  };
  const post = (path: string, body: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

  test('each kind of error: its status, its code, and a code the catalogue explains', async () => {
    const cases: [string, { status: number; body: { code: string; error: string } }, number, string][] = [
      ['a bad key', await answer('/api/types?key=nope'), 401, 'unauthorized'],
      ['no such endpoint', await answer('/api/nothing-here'), 404, 'not_found'],
      [
        'a bad parameter',
        await answer(`/api/generate.json?key=${key}&count=abc`, post('/', FIELDS)),
        400,
        'invalid_request',
      ],
      [
        'a body over the limit',
        await answer(`/api/generate.json?key=${key}`, post('/', 'x'.repeat(10_000))),
        413,
        'payload_too_large',
      ],
      ['a schema that does not exist', await answer(`/api/schemas/none?key=${key}`), 404, 'not_found'],
    ];
    for (const [what, got, status, code] of cases) {
      assert.equal(got.status, status, `${what}: ${JSON.stringify(got.body)}`);
      assert.equal(got.body.code, code, what);
      assert.ok(got.body.error.length > 0, what);
      assert.ok(Object.hasOwn(ERROR_CODES, got.body.code), what);
    }
  });

  test('a broken schema is invalid_schema, with every problem in details', async () => {
    const { status, body } = await answer(
      `/api/generate.json?key=${key}`,
      post('/', JSON.stringify([{ name: 'a', type: 'No Such Type' }])),
    );
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_schema');
    assert.equal(body.details?.length, 1);
  });

  test("a plan's limit is limit_reached (with limit and Retry-After), not rate_limited", async () => {
    const tiny = await server.userKey('tiny');
    assert.equal((await answer(`/api/generate.json?key=${tiny}&count=1`, post('/', FIELDS))).status, 200);
    const response = await fetch(`${server.url}/api/generate.json?key=${tiny}&count=1`, post('/', FIELDS));
    const body = (await response.json()) as { code: string; limit: string };
    assert.equal(response.status, 429);
    assert.equal(body.code, 'limit_reached');
    assert.equal(body.limit, 'requestsPerDay');
    assert.ok(Number(response.headers.get('retry-after')) > 0);
  });

  test('the Mockaroo clients still read the same error text: Invalid API Key', async () => {
    const { body } = await answer('/api/generate.json?key=nope&count=1', post('/', FIELDS));
    assert.equal(body.error, 'Invalid API Key');
  });
});
