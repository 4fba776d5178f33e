/**
 * Request validation over real HTTP on both databases, with the Swagger Petstore imported as a
 * user would (validate=true): path, query and body against their documented schemas, every
 * problem named with where it is; without validate nothing is checked; a huge body is refused
 * rather than checked on the request thread.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { fetchAnswer as call } from '../../../testing/http-calls.js';
import { asJsonSchema } from './request-schemas.js';

const PETSTORE = readFileSync(
  fileURLToPath(new URL('../../../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url)),
  'utf8',
);

const post = (body: string, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

test("OpenAPI 3.0's nullable and boolean exclusive bounds read as JSON Schema's", () => {
  assert.deepEqual(asJsonSchema({ type: 'string', nullable: true, enum: ['a'] }), {
    type: ['string', 'null'],
    enum: ['a', null],
  });
  assert.deepEqual(asJsonSchema({ type: 'integer', minimum: 3, exclusiveMinimum: true }), {
    type: 'integer',
    exclusiveMinimum: 3,
  });
  assert.deepEqual(asJsonSchema({ maximum: 3, exclusiveMaximum: false }), { maximum: 3 });
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock request validation (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let mock: string;

    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      key = await server.userKey('unlimited');
      for (const [name, validate] of [
        ['Checked', 'true'],
        ['Unchecked', 'false'],
      ]) {
        const imported = await call(`${server.url}/api/mocks/import?key=${key}&name=${name}&validate=${validate}`, {
          method: 'POST',
          headers: { 'content-type': 'application/yaml' },
          body: PETSTORE,
        });
        assert.equal(imported.status, 201, imported.text);
        assert.equal(imported.json.validateRequests, validate === 'true' ? true : undefined);
      }
      mock = `${server.url}/mock/checked`;
    });
    after(() => server.close());

    test('path and query values are read as their types and checked against their schemas', async () => {
      assert.equal((await call(`${mock}/pet/12?key=${key}`)).status, 200);
      const notNumber = await call(`${mock}/pet/twelve?key=${key}`);
      assert.equal(notNumber.status, 400, notNumber.text);
      assert.match(notNumber.json.error, /routes\[\d+\] \(GET \/pet\/:petId\) documents: path\.petId: .*integer/);
      assert.deepEqual(
        notNumber.json.details.map((detail: { path: string }) => detail.path),
        ['path.petId'],
      );
      assert.equal((await call(`${mock}/pet/findByStatus?key=${key}&status=sold`)).status, 200);
      const badStatus = await call(`${mock}/pet/findByStatus?key=${key}&status=lost`);
      assert.equal(badStatus.status, 400);
      assert.match(badStatus.json.error, /query\.status: /);
    });

    test('a body is checked against its schema, every problem named; a missing required body is said', async () => {
      const good = await call(`${mock}/pet?key=${key}`, post(JSON.stringify({ name: 'Rex', photoUrls: ['a.png'] })));
      assert.equal(good.status, 200, good.text);
      const bad = await call(`${mock}/pet?key=${key}`, post(JSON.stringify({ id: 'seven', photoUrls: 'a.png' })));
      assert.equal(bad.status, 400, bad.text);
      const paths = bad.json.details.map((detail: { path: string }) => detail.path).sort();
      assert.deepEqual(paths, ['body', 'body.id', 'body.photoUrls'], bad.text);
      assert.match(bad.json.error, /"name"/);
      const missing = await call(`${mock}/pet?key=${key}`, { method: 'POST' });
      assert.equal(missing.status, 400);
      assert.match(missing.json.error, /body: is required \(application\/json\)/);
      const notJson = await call(`${mock}/pet?key=${key}`, post('{"name": '));
      assert.equal(notJson.status, 400);
      assert.match(notJson.json.error, /body: is not JSON/);
      const xml = await call(`${mock}/pet?key=${key}`, post('<pet/>', 'application/xml'));
      assert.equal(xml.status, 200, 'a body in another of the documented media types is not checked');
      const huge = await call(
        `${mock}/pet?key=${key}`,
        post(JSON.stringify({ name: 'x', photoUrls: Array(200_000).fill('a.png') })),
      );
      assert.equal(huge.status, 413, 'a JSON body over the JSON body limit never reaches the checks');
      const log = await call(`${server.url}/api/mocks/Checked/requests?key=${key}&limit=1`);
      assert.equal(log.json.requests[0].path, '/pet');
    });

    test('without validateRequests nothing is checked', async () => {
      assert.equal((await call(`${server.url}/mock/unchecked/pet/twelve?key=${key}`)).status, 200);
      assert.equal((await call(`${server.url}/mock/unchecked/pet?key=${key}`, post('{}'))).status, 200);
    });
  });
}
