/**
 * OpenAPI import and export without a server: the Swagger Petstore document (a real public
 * OpenAPI 3.0 document, fixtures/NOTICE) read with the real YAML parser, hostile inputs, the
 * example generator's bounds, and export -> import keeping routes, methods and statuses.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { HttpError } from '../../http/http-error.js';
import { exportOpenApi } from './openapi-export.js';
import { exampleFromSchema } from './openapi-example.js';
import { importOpenApi } from './openapi-import.js';
import { readMockApi } from './mock-validation.js';
import type { MockApiDocument } from '@rowloom/contract';

/** Read from src: the build does not copy fixtures into dist. */
const PETSTORE = readFileSync(
  fileURLToPath(new URL('../../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url)),
  'utf8',
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks documents of any shape
type Json = Record<string, any>;

function valid(document: unknown): MockApiDocument {
  const result = readMockApi(document);
  assert.equal(result.problems, undefined, JSON.stringify(result.problems));
  return result.document!;
}

const signature = (document: MockApiDocument) =>
  document.routes
    .map((route) => `${route.method} ${route.path} ${route.responses.map((r) => r.status).join(',')}`)
    .sort();

function rejects(text: string, expected: RegExp): void {
  assert.throws(
    () => importOpenApi(text, { name: 'x' }),
    (error: unknown) => error instanceof HttpError && error.status === 400 && expected.test(error.message),
    text.slice(0, 80),
  );
}

test('the Petstore document: every operation a route, every status a response, bodies generated from the schemas', () => {
  const spec = parse(PETSTORE) as Json;
  const operations = Object.entries(spec.paths as Json).flatMap(([path, item]) =>
    Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  const { document, warnings } = importOpenApi(PETSTORE, {});
  const mock = valid(document);
  assert.equal(mock.name, 'Swagger Petstore - OpenAPI 3.0');
  assert.equal(mock.slug, 'swagger-petstore-openapi-3-0');
  assert.deepEqual(mock.routes.map((r) => `${r.method} ${r.path}`).sort(), operations.sort());

  const getPet = mock.routes.find((r) => r.method === 'GET' && r.path === '/pet/:petId')!;
  assert.deepEqual(
    getPet.responses.map((r) => [r.status, r.default]),
    [
      [200, true],
      [400, false],
      [404, false],
    ],
  );
  assert.equal(getPet.description, 'Find pet by ID');
  const [ok, bad] = getPet.responses;
  assert.equal(ok.label, 'successful operation (generated from schema)');
  assert.deepEqual(ok.body, {
    type: 'json',
    value: {
      id: 10,
      name: 'doggie',
      category: { id: 1, name: 'Dogs' },
      photoUrls: ['string'],
      tags: [{ id: 0, name: 'string' }],
      status: 'available',
    },
  });
  assert.deepEqual(bad.rules, [
    { target: 'header', name: 'prefer', operator: 'regex', value: '(^|[\\s,;])code=400($|[\\s,;])' },
  ]);
  assert.ok(new RegExp(bad.rules![0].value!).test('code=400') && !new RegExp(bad.rules![0].value!).test('code=4000'));
  assert.deepEqual(bad.body, { type: 'empty' });
  assert.equal(bad.label, 'Invalid ID supplied');

  const login = mock.routes.find((r) => r.path === '/user/login')!;
  assert.deepEqual(login.responses[0].headers, { 'X-Rate-Limit': '0', 'X-Expires-After': '2024-01-15T09:30:00Z' });
  assert.deepEqual(login.responses[0].body, { type: 'json', value: 'string' });
  const byStatus = mock.routes.find((r) => r.path === '/pet/findByStatus')!;
  assert.equal((byStatus.responses[0].body as { value: unknown[] }).value.length, 1);
  // `default` is the success answer when nothing else is, an error after a 2xx.
  assert.deepEqual(
    mock.routes.find((r) => r.method === 'POST' && r.path === '/user')!.responses.map((r) => r.status),
    [200],
  );
  assert.deepEqual(
    mock.routes.find((r) => r.path === '/user/createWithList')!.responses.map((r) => r.status),
    [200, 500],
  );
  assert.deepEqual(mock.routes.find((r) => r.path === '/store/inventory')!.responses[0].body, {
    type: 'json',
    value: { additionalProp1: 0 },
  });
  assert.ok(warnings.some((w) => /security schemes are not imported/.test(w)));
  assert.ok(warnings.some((w) => /base URL \(\/v3\)/.test(w)));
});

test('examples win over schemas; text media types keep their type; JSON and YAML alike', () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Ex' },
    paths: {
      '/a': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { example: { from: 'example' }, schema: { type: 'string' } } },
            },
          },
        },
      },
      '/b': {
        get: { responses: { '201': { $ref: '#/components/responses/Made' }, '4XX': { description: 'client error' } } },
      },
      '/c': {
        get: { responses: { '200': { description: 'csv', content: { 'text/csv': { example: 'a,b\n1,2\n' } } } } },
      },
      '/files/{name}.{ext}': { get: { responses: { '200': { description: 'ok' } } } },
      '/d': { trace: { responses: {} }, get: {} },
    },
    components: {
      responses: {
        Made: {
          description: 'made',
          headers: { Location: { example: '/a/1' }, 'Bad Header': { example: 'x' } },
          content: { 'application/problem+json': { examples: { first: { value: [1, 2] }, second: { value: [3] } } } },
        },
      },
    },
  };
  for (const text of [JSON.stringify(spec), JSON.stringify(spec, null, 1).replace(/^/, '# yaml comment\n')]) {
    const { document, warnings } = importOpenApi(text, { name: 'Examples', slug: 'ex' });
    const mock = valid(document);
    assert.equal(mock.slug, 'ex');
    assert.deepEqual(
      mock.routes.map((r) => r.path),
      ['/a', '/b', '/c', '/d'],
    );
    assert.deepEqual(mock.routes[0].responses[0].body, { type: 'json', value: { from: 'example' } });
    assert.equal(mock.routes[0].responses[0].label, 'ok');
    assert.deepEqual(
      mock.routes[1].responses.map((r) => [r.status, r.headers, r.body]),
      [
        [201, { Location: '/a/1' }, { type: 'json', value: [1, 2] }],
        [400, {}, { type: 'empty' }],
      ],
    );
    assert.deepEqual(mock.routes[2].responses[0].body, { type: 'text', text: 'a,b\n1,2\n', contentType: 'text/csv' });
    assert.deepEqual(
      mock.routes[3].responses.map((r) => [r.status, r.body.type]),
      [[200, 'empty']],
    );
    for (const expected of [
      /\/files\/\{name\}\.\{ext\}: left out \(a parameter must fill a whole segment\)/,
      /TRACE/,
      /header Bad Header is left out/,
      /GET \/d: no responses are documented/,
    ]) {
      assert.ok(
        warnings.some((w) => expected.test(w)),
        `${expected} in ${JSON.stringify(warnings)}`,
      );
    }
  }
});

test('hostile and wrong documents are 400s naming the problem', () => {
  const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const level of 'bcdefghi')
    bomb.push(
      `${level}: &${level} [${Array(9)
        .fill(`*${String.fromCharCode(level.charCodeAt(0) - 1)}`)
        .join(',')}]`,
    );
  rejects(`openapi: 3.0.0\ninfo: {title: x}\npaths: {}\n${bomb.join('\n')}\n`, /neither JSON nor valid YAML: .*alias/i);
  rejects('', /it is empty/);
  rejects('{"openapi": "3.0.0", "paths": [', /neither JSON nor valid YAML/);
  rejects(': : : [', /neither JSON nor valid YAML/);
  rejects('[1, 2]', /must be an OpenAPI 3\.x document/);
  rejects('just text', /must be an OpenAPI 3\.x document/);
  rejects('{"swagger": "2.0", "paths": {}}', /Swagger 2\.0; only OpenAPI 3\.0 and 3\.1/);
  rejects('{"openapi": "4.0", "paths": {}}', /must be OpenAPI 3\.0 or 3\.1/);
  rejects('{"openapi": "3.0.0", "paths": []}', /"paths" must be an object/);
  rejects('['.repeat(200_000), /neither JSON nor valid YAML|nests/);
  rejects(`{"openapi": "3.0.0", "x": ${'{"a": '.repeat(200)}1${'}'.repeat(200)}}`, /nests more than \d+ levels/);
  assert.throws(() => importOpenApi('{"openapi": "3.0.0", "paths": {}}', {}), /parameter "name" is needed/);
});

test('the example generator is bounded: cycles end, wide and deep schemas are cut', () => {
  const root = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['children'],
          properties: {
            name: { type: 'string', format: 'email' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    },
  };
  const node = exampleFromSchema({ $ref: '#/components/schemas/Node' }, root);
  assert.deepEqual(node.value, { name: 'user@example.com', children: [null] });

  const wide = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [
        `p${i}`,
        { type: 'array', minItems: 50, items: { type: 'object', properties: { a: { type: 'integer', minimum: 5 } } } },
      ]),
    ),
  };
  const cut = exampleFromSchema(wide, {});
  assert.ok(Object.keys(cut.value as object).length <= 60);
  assert.ok(JSON.stringify(cut.value).length < 100_000);

  let deep: Json = { type: 'string' };
  for (let i = 0; i < 100; i++) deep = { type: 'object', required: ['x'], properties: { x: deep } };
  assert.ok(JSON.stringify(exampleFromSchema(deep, {}).value).split('{').length <= 18);

  const typed = exampleFromSchema(
    {
      allOf: [
        { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
        {
          properties: {
            n: { type: ['null', 'number'], exclusiveMinimum: 1 },
            s: { type: 'string', minLength: 10, maxLength: 12 },
            e: { enum: [null, 'x'] },
            c: { const: 7 },
            o: { oneOf: [{ type: 'null' }, { type: 'boolean' }] },
          },
        },
      ],
    },
    {},
  );
  assert.deepEqual(typed.value, {
    id: '3f2c1e5a-8b4d-4c6e-9f1a-2b3c4d5e6f70',
    n: 2,
    s: 'stringxxxx',
    e: 'x',
    c: 7,
    o: true,
  });
  assert.deepEqual(exampleFromSchema({ $ref: 'other.yaml#/X' }, {}).notes, [
    '$ref other.yaml#/X was not followed (only references inside the document are)',
  ]);
});

test('generating examples for a whole document is bounded by one budget', () => {
  const wide = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [
        `p${i}`,
        { type: 'array', items: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } } },
      ]),
    ),
  };
  const responses = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      String(200 + i),
      { description: 'r', content: { 'application/json': { schema: { $ref: '#/components/schemas/Wide' } } } },
    ]),
  );
  const paths = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`/p${i}`, { get: { responses } }]));
  const { document, warnings } = importOpenApi(
    JSON.stringify({ openapi: '3.0.3', info: { title: 'Wide' }, paths, components: { schemas: { Wide: wide } } }),
    {},
  );
  const bodies = (document.routes as Json[]).flatMap((route) => (route.responses as Json[]).map((r) => r.body.type));
  assert.equal(bodies.length, 4000);
  const generated = bodies.filter((type) => type === 'json').length;
  assert.ok(generated > 100 && generated < 1000, `${generated} generated`);
  assert.ok(warnings.some((w) => /budget of 100000 schema values is spent/.test(w)));
  assert.equal(warnings.length, 201, 'warnings are capped');
});

test('export then import keeps the routes, methods and statuses', () => {
  const original = valid({
    name: 'Round trip',
    description: 'A shop',
    routes: [
      {
        method: 'GET',
        path: '/users/:id',
        description: 'One user',
        responses: [
          { status: 200, headers: { 'X-Total': '1' }, body: { type: 'json', value: { id: 1 } } },
          { status: 404, body: { type: 'json', value: { error: 'no' } } },
          { status: 404, label: 'gone', body: { type: 'json', value: { error: 'gone' } } },
        ],
      },
      {
        method: 'ANY',
        path: '/echo',
        responses: [
          { status: 200, body: { type: 'text', text: 'hi', contentType: 'text/plain; charset=utf-8' } },
          { status: 503 },
        ],
      },
      { method: 'POST', path: '/echo', responses: [{ status: 201, body: { type: 'handler', source: 'status 201' } }] },
      { method: 'DELETE', path: '/users/:id/sessions/:session', responses: [{ status: 204 }] },
      {
        method: 'GET',
        path: '/rows',
        responses: [{ status: 200, body: { type: 'schema', schema: 'people', count: 3 } }],
      },
    ],
  });
  const examples = new Map([['people', { fields: ['id', 'name'], row: { id: 1, name: 'Ada' } }]]);
  const exported = exportOpenApi(original, 'https://rowloom.example/mock/round-trip', examples) as Json;
  assert.equal(exported.openapi, '3.0.3');
  assert.deepEqual(exported.servers, [{ url: 'https://rowloom.example/mock/round-trip' }]);
  assert.deepEqual(Object.keys(exported.paths), ['/users/{id}', '/echo', '/users/{id}/sessions/{session}', '/rows']);
  const getUser = exported.paths['/users/{id}'].get;
  assert.deepEqual(getUser.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.deepEqual(getUser.responses['200'].headers, { 'X-Total': { schema: { type: 'string' }, example: '1' } });
  assert.deepEqual(Object.keys(getUser.responses['404'].content['application/json'].examples).length, 2);
  assert.deepEqual(Object.keys(exported.paths['/echo']).sort(), ['delete', 'get', 'patch', 'post', 'put']);
  assert.equal(exported.paths['/echo'].post['x-rowloom-method'], undefined, 'the specific POST route wins over ANY');
  assert.deepEqual(exported.paths['/rows'].get.responses['200'].content['application/json'].example, [
    { id: 1, name: 'Ada' },
  ]);
  assert.match(
    exported.paths['/rows'].get.responses['200'].description,
    /3 rows of the saved schema "people" as json \(fields: id, name\)/,
  );

  const again = valid(importOpenApi(JSON.stringify(exported), { name: 'Again' }).document);
  assert.deepEqual(
    signature(again),
    signature({
      ...original,
      routes: original.routes.map((r) => (r.path === '/users/:id' ? { ...r, responses: r.responses.slice(0, 2) } : r)),
    }),
  );
  assert.deepEqual(again.routes.find((r) => r.path === '/users/:id')!.responses[0].body, {
    type: 'json',
    value: { id: 1 },
  });
});
