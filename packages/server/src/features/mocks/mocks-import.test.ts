/** POST /api/mocks/import and GET /api/mocks/:name/openapi through real HTTP on both databases. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { MOCK_LIMITS } from '@rowloom/contract';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';
import { fetchAnswer } from '../../testing/http-calls.js';

const PETSTORE = readFileSync(
  fileURLToPath(new URL('../../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url)),
  'utf8',
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks documents of any shape
type Json = Record<string, any>;

/** A request to the suite's server; the body read as text and, when it parses, as JSON. */
const call = (server: TestServer, path: string, init: RequestInit = {}) => fetchAnswer(server.url + path, init);

const post = (body: string, type = 'application/yaml'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});
const statuses = (document: Json) =>
  (document.routes as Json[])
    .map((r) => `${r.method} ${r.path} ${(r.responses as Json[]).map((x) => x.status).join(',')}`)
    .sort();

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock API OpenAPI import and export (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const url = (path: string, key = suite.key) => `${path}${path.includes('?') ? '&' : '?'}key=${key}`;

    test('the Petstore document imports as YAML, is stored, and replaces only when asked', async () => {
      const imported = await call(suite.server, url('/api/mocks/import?name=Petstore'), post(PETSTORE));
      assert.equal(imported.status, 201, imported.text);
      assert.equal(imported.json.slug, 'petstore');
      assert.equal(imported.json.url, `${suite.server.url}/mock/petstore`);
      const getPet = (imported.json.routes as Json[]).find((r) => r.method === 'GET' && r.path === '/pet/:petId')!;
      assert.deepEqual(
        getPet.responses.map((r: Json) => r.status),
        [200, 400, 404],
      );
      assert.equal(getPet.responses[0].body.value.name, 'doggie');
      assert.equal(imported.json.routes.length, 19);
      assert.ok((imported.json.warnings as string[]).some((w) => /security schemes/.test(w)));
      const stored = await call(suite.server, url('/api/mocks/Petstore'));
      assert.equal(stored.status, 200);
      assert.equal(stored.json.warnings, undefined);
      assert.deepEqual(statuses(stored.json), statuses(imported.json));

      const again = await call(suite.server, url('/api/mocks/import?name=Petstore'), post(PETSTORE));
      assert.equal(again.status, 409);
      assert.match(again.json.error, /already have a mock API named "Petstore"/);
      const small = JSON.stringify({
        openapi: '3.0.0',
        info: { title: 't' },
        paths: { '/pet/{petId}': { get: { responses: { '200': { description: 'ok' } } } } },
      });
      const replaced = await call(
        suite.server,
        url('/api/mocks/import?name=Petstore&replace=true'),
        post(small, 'application/json'),
      );
      assert.equal(replaced.status, 200, replaced.text);
      assert.deepEqual(statuses(replaced.json), ['GET /pet/:petId 200']);
      assert.equal(replaced.json.routes[0].id, getPet.id, 'the route of the same method and path keeps its id');
    });

    test('a large YAML import is read off the request thread: other requests are answered meanwhile', async () => {
      // About 900 KiB of YAML: half a second or more of parsing, which used to hold every other request.
      const paths = Array.from(
        { length: 12000 },
        (_, i) => `  /items${i}/{id}:\n    get:\n      responses:\n        '200': {description: ok}`,
      ).join('\n');
      const text = `openapi: 3.0.0\ninfo: {title: Large}\npaths:\n${paths}\n`;
      assert.ok(text.length > 600_000 && text.length < 1024 * 1024);
      const finished: string[] = [];
      const importing = call(suite.server, url('/api/mocks/import?name=Large%20YAML'), post(text)).then(
        (answer) => (finished.push('import'), answer),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const types = await call(suite.server, url('/api/types'));
      finished.push('types');
      assert.equal(types.status, 200);
      const imported = await importing;
      assert.ok(imported.status === 201 || imported.status === 400, imported.text);
      assert.deepEqual(finished, ['types', 'import'], 'the types request was answered while the YAML was being read');
    });

    test('a YAML alias bomb, garbage and an oversized body are refused; nothing is stored', async () => {
      const bomb = [
        'openapi: 3.0.0',
        'info: {title: bomb}',
        'paths: {}',
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ];
      for (const level of 'bcdefghi')
        bomb.push(
          `${level}: &${level} [${Array(9)
            .fill(`*${String.fromCharCode(level.charCodeAt(0) - 1)}`)
            .join(',')}]`,
        );
      const exploded = await call(suite.server, url('/api/mocks/import?name=Bomb'), post(bomb.join('\n')));
      assert.equal(exploded.status, 400);
      assert.match(exploded.json.error, /alias/i);
      for (const garbage of ['%%%\n\t: [', '\u0000\u0001binary', '{"swagger": "2.0"}', '- just\n- a list']) {
        const answer = await call(suite.server, url('/api/mocks/import?name=Garbage'), post(garbage));
        assert.equal(answer.status, 400, garbage);
        assert.equal(typeof answer.json.error, 'string');
      }
      const huge = await call(
        suite.server,
        url('/api/mocks/import?name=Huge'),
        post(`openapi: 3.0.0\npaths: {}\nx: "${'a'.repeat(10 * 1024 * 1024)}"\n`),
      );
      assert.equal(huge.status, 413);
      assert.match(huge.json.error, /larger than the \d+ bytes allowed/);
      const yaml = await call(
        suite.server,
        url('/api/mocks/import?name=Huge'),
        post(`openapi: 3.0.0\npaths: {}\nx: "${'a'.repeat(1024 * 1024)}"\n`),
      );
      assert.equal(yaml.status, 413);
      assert.match(yaml.json.error, /YAML is read up to 1048576 bytes \(send larger documents as JSON/);
      const json = await call(
        suite.server,
        url('/api/mocks/import?name=Large%20JSON'),
        post(
          JSON.stringify({
            openapi: '3.0.0',
            info: { description: 'a'.repeat(2 * 1024 * 1024) },
            paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
          }),
          'application/json',
        ),
      );
      assert.equal(json.status, 201, 'JSON is read up to the body limit');
      const names = ((await call(suite.server, url('/api/mocks'))).json.mocks as Json[]).map((m) => m.name);
      assert.ok(!names.some((n) => ['Bomb', 'Garbage', 'Huge'].includes(n)));
      const badReplace = await call(suite.server, url('/api/mocks/import?name=X&replace=maybe'), post('{}'));
      assert.equal(badReplace.status, 400);
      assert.match(badReplace.json.error, /parameter "replace"/);
    });

    test('export is OpenAPI 3.0 JSON (with an example row of a schema body) that imports back to the same routes', async () => {
      const schema = await call(suite.server, url('/api/schemas/people'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fields: [
            { name: 'id', type: 'Row Number' },
            { name: 'first', type: 'First Name' },
          ],
        }),
      });
      assert.equal(schema.status, 200, schema.text);
      const document = {
        name: 'Shop',
        routes: [
          {
            method: 'GET',
            path: '/users/:id',
            responses: [
              { status: 200, body: { type: 'schema', schema: 'people' } },
              { status: 404, body: { type: 'json', value: { error: 'no' } } },
            ],
          },
          { method: 'ANY', path: '/health', responses: [{ status: 204 }] },
          { kind: 'crud', path: '/orders', crud: { schema: 'people' } },
        ],
      };
      const created = await call(suite.server, url('/api/mocks'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(document),
      });
      assert.equal(created.status, 201, created.text);
      const exported = await call(suite.server, url('/api/mocks/Shop/openapi'));
      assert.equal(exported.status, 200);
      assert.match(exported.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(exported.json.openapi, '3.0.3');
      assert.deepEqual(exported.json.servers, [{ url: `${suite.server.url}/mock/shop` }]);
      assert.deepEqual(exported.json.paths['/users/{id}'].get.responses['200'].content['application/json'].example, {
        id: 1,
        first: exported.json.paths['/users/{id}'].get.responses['200'].content['application/json'].example.first,
      });
      assert.equal(
        typeof exported.json.paths['/users/{id}'].get.responses['200'].content['application/json'].example.first,
        'string',
      );
      assert.deepEqual(Object.keys(exported.json.paths['/orders/{id}']).sort(), ['delete', 'get', 'patch', 'put']);

      const back = await call(
        suite.server,
        url('/api/mocks/import?name=Shop%20again&slug=shop-again'),
        post(exported.text, 'application/json'),
      );
      assert.equal(back.status, 201, back.text);
      const routes = statuses(back.json);
      for (const expected of ['GET /users/:id 200,404', 'ANY /health 204'])
        assert.ok(routes.includes(expected), `${expected} in ${routes.join('; ')}`);
      // The YAML parser reads the JSON export the same way.
      assert.deepEqual(parse(exported.text), exported.json);
    });

    test('Petstore import -> export -> import over HTTP keeps operationIds, tags, parameters, request bodies and default', async () => {
      const documented = (document: Json) =>
        Object.fromEntries(
          (document.routes as Json[]).map((r) => [
            `${r.method} ${r.path}`,
            [
              r.description,
              r.operationId,
              r.tags,
              r.request,
              (r.responses as Json[]).map((x) => [x.status, x.openapiStatus]),
            ],
          ]),
        );
      const first = await call(suite.server, url('/api/mocks/import?name=Pets%20one'), post(PETSTORE));
      assert.equal(first.status, 201, first.text);
      const exported = await call(suite.server, url('/api/mocks/Pets%20one/openapi'));
      assert.equal(exported.status, 200);
      assert.deepEqual(Object.keys(exported.json.paths['/user'].post.responses), ['default']);
      assert.deepEqual(exported.json.paths['/pet/findByStatus'].get.parameters[0].schema.enum, [
        'available',
        'pending',
        'sold',
      ]);
      const second = await call(
        suite.server,
        url('/api/mocks/import?name=Pets%20two&slug=pets-two'),
        post(exported.text, 'application/json'),
      );
      assert.equal(second.status, 201, second.text);
      const stored = await call(suite.server, url('/api/mocks/Pets%20two'));
      assert.deepEqual(documented(stored.json), documented(first.json));
      const addPet = (stored.json.routes as Json[]).find((r) => r.operationId === 'addPet')!;
      assert.equal(addPet.request.body.schema.properties.category.properties.id.type, 'integer');
      // A `default` response alone is the success answer.
      const created = await call(suite.server, url('/mock/pets-two/user'), { method: 'POST' });
      assert.equal(created.status, 200);
    });

    test("a route's documented request counts toward the limits: a 400 naming routes[i].request, and the document's names its largest route", async () => {
      const save = (document: unknown) =>
        call(suite.server, url('/api/mocks'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(document),
        });
      const schema = { type: 'string', description: 'x'.repeat(70_000) };
      const big = await save({
        name: 'Big request',
        routes: [
          { path: '/a', responses: [{}] },
          {
            method: 'POST',
            path: '/b',
            responses: [{}],
            request: { body: { contentType: 'application/json', schema } },
          },
        ],
      });
      assert.equal(big.status, 400, big.text);
      assert.match(big.json.error, /^routes\[1\]\.request is \d+ bytes as JSON; at most 65536 are allowed/);
      assert.equal(big.json.details[0].path, 'routes[1].request');
      // Just under the limit as sent (so it is read), over it once the defaults are filled.
      const routes = Array.from({ length: 10 }, (_, i) => ({
        method: 'POST',
        path: `/r${i}`,
        responses: [{}],
        request: {
          body: { contentType: 'application/json', schema: { type: 'string', description: 'x'.repeat(52_000) } },
        },
      }));
      const document = { name: 'Many requests', routes };
      const room = MOCK_LIMITS.documentBytes - 100 - JSON.stringify(document).length;
      routes[4].request.body.schema.description += 'x'.repeat(room);
      const many = await save(document);
      assert.equal(many.status, 400, many.text);
      assert.match(
        many.json.error,
        /^the document is \d+ bytes with its defaults filled; at most 524288 are allowed; the largest route is routes\[4\] \(POST \/r4: \d+ bytes, of which \d+ its request\)/,
      );
    });

    test('another user cannot export or replace by import', async () => {
      const stranger = await suite.server.userKey();
      assert.equal((await call(suite.server, url('/api/mocks/Petstore/openapi', stranger))).status, 404);
      const own = await call(
        suite.server,
        url('/api/mocks/import?name=Petstore&slug=stranger-petstore&replace=true', stranger),
        post(PETSTORE),
      );
      assert.equal(own.status, 201, "replace=true with no API of that name creates the stranger's own");
      assert.equal(
        (await call(suite.server, url('/api/mocks/Petstore'))).json.routes.length,
        1,
        "the owner's is untouched",
      );
    });
  });
}
