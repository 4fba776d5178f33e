/**
 * The OpenAPI document against the server's real answers: every schema in it is valid JSON
 * Schema (2020-12, as OpenAPI 3.1 uses), and what the endpoints answer matches the contract's
 * schemas the document shows, so the types the web page imports describe what it gets.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';
import { fetchAnswer } from '../testing/http-calls.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks OpenAPI documents and answers of any shape
type Json = Record<string, any>;

/** Every schema object of the document: parameters, request bodies and responses. */
function schemasOf(doc: Json): [string, Json][] {
  const found: [string, Json][] = [];
  for (const [path, operations] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(operations as Json)) {
      for (const parameter of (operation.parameters ?? []) as Json[])
        if (parameter.schema) found.push([`${method} ${path} ${parameter.in} ${parameter.name}`, parameter.schema]);
      for (const [type, content] of Object.entries((operation.requestBody?.content ?? {}) as Json))
        found.push([`${method} ${path} body ${type}`, content.schema]);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
        for (const [type, content] of Object.entries((response.content ?? {}) as Json))
          if (content.schema) found.push([`${method} ${path} ${status} ${type}`, content.schema]);
      }
    }
  }
  return found;
}

describe('the OpenAPI document and the contract', () => {
  let server: TestServer;
  let key = '';
  let doc: Json;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const call = (path: string, init: RequestInit = {}) =>
    fetchAnswer(`${server.url}${path}${path.includes('?') ? '&' : '?'}key=${key}`, init);
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  /** The schema the document gives for an answer. */
  const documented = (path: string, method: string, status: number) =>
    doc.paths[path][method].responses[String(status)].content['application/json'].schema as Json;
  const assertMatches = (value: unknown, schema: Json, what: string) => {
    const validate = ajv.compile(schema);
    assert.ok(validate(value), `${what}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(value).slice(0, 400)}`);
  };

  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'));
    key = await server.userKey('unlimited');
    doc = (await fetchAnswer(`${server.url}/api/openapi.json`)).json as Json;
  });
  after(() => server.close());

  test('every schema in the document is valid JSON Schema', () => {
    const schemas = schemasOf(doc);
    assert.ok(schemas.length > 100, `${schemas.length} schemas`);
    for (const [where, schema] of schemas) assert.doesNotThrow(() => ajv.compile(schema), where);
  });

  test('the lists, the usage and a session answer as documented', async () => {
    const saved = await call(
      '/api/schemas/people',
      json('PUT', { fields: [{ name: 'id', type: 'Row Number' }], project: null }),
    );
    assert.equal(saved.status, 200, saved.text);
    const uploaded = await call('/api/datasets/shops?filename=shops.csv', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'id,city\n1,Oslo\n',
    });
    assert.equal(uploaded.status, 200, uploaded.text);
    assertMatches(uploaded.json, documented('/api/datasets/{name}', 'post', 200), 'the upload');
    const shown = await call('/api/key');
    assert.equal(shown.status, 200, shown.text);
    assertMatches(shown.json, documented('/api/key', 'get', 200), 'the key');
    for (const [path, list] of [
      ['/api/schemas', 'schemas'],
      ['/api/datasets', 'datasets'],
      ['/api/projects', 'projects'],
      ['/api/scenarios', 'scenarios'],
      ['/api/mocks', 'mocks'],
      ['/api/usage', null],
    ] as const) {
      const answer = await call(path);
      assert.equal(answer.status, 200, `${path}: ${answer.text}`);
      if (list) assert.ok(Array.isArray(answer.json[list]), path);
      assertMatches(answer.json, documented(path, 'get', 200), path);
    }
    const dataset = await call('/api/datasets/shops');
    assertMatches(dataset.json, documented('/api/datasets/{name}', 'get', 200), 'a dataset');
    const signedUp = await server.signUp();
    const session = await fetchAnswer(`${server.url}/api/session`, { headers: { cookie: signedUp.cookie } });
    assertMatches(session.json, documented('/api/session', 'get', 200), 'the session');
    const signedOut = await fetchAnswer(`${server.url}/api/session?optional=true`);
    assert.equal(signedOut.status, 200);
    assertMatches(signedOut.json, documented('/api/session', 'get', 200), 'no session (optional=true)');
  });

  test('a mock API, its list entry and an error answer as documented', async () => {
    const body = {
      name: 'Shop',
      routes: [
        {
          path: '/items/:id',
          responses: [
            {
              status: 200,
              label: 'found',
              headers: { 'X-A': '1' },
              faults: [{ kind: 'status', everyNth: 3 }],
              rules: [{ target: 'param', name: 'id', operator: 'equals', value: '1' }],
              body: { type: 'schema', schema: 'people' },
            },
          ],
        },
        { kind: 'crud', path: '/orders', crud: { schema: 'people' } },
      ],
    };
    assertMatches(
      body,
      doc.paths['/api/mocks'].post.requestBody.content['application/json'].schema,
      'the sent document',
    );
    const created = await call('/api/mocks', json('POST', body));
    assert.equal(created.status, 201, created.text);
    assertMatches(created.json, documented('/api/mocks', 'post', 201), 'the created mock API');
    assertMatches(
      created.json,
      doc.paths['/api/mocks'].post.requestBody.content['application/json'].schema,
      'the answer sent back',
    );
    assertMatches((await call('/api/mocks')).json, documented('/api/mocks', 'get', 200), 'the list');
    const bad = await call(
      '/api/mocks',
      json('POST', { name: 'Bad', routes: [{ path: '/x', responses: [{ status: 700 }] }] }),
    );
    assert.equal(bad.status, 400);
    assertMatches(bad.json, documented('/api/mocks', 'post', 400), 'the error');
  });

  test('a download status as documented', async () => {
    const started = await call('/api/downloads.csv?count=5', json('POST', [{ name: 'id', type: 'Row Number' }]));
    assert.equal(started.status, 202, started.text);
    assertMatches(started.json, documented('/api/downloads', 'post', 202), 'the accepted job');
    const status = await call(`/api/downloads/${started.json.id as string}`);
    assertMatches(status.json, documented('/api/downloads/{id}', 'get', 200), 'its status');
    assertMatches((await call('/api/downloads')).json, documented('/api/downloads', 'get', 200), 'the list');
  });
});
