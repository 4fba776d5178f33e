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
import { MOCK_LIMITS, type MockApiDocument } from '@rowloom/contract';

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
  assert.equal(getPet.description, 'Find pet by ID\n\nReturns a single pet', 'the summary, then the description');
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

/** Every `$ref` key anywhere in a value (an inlined schema has none). */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (key === '$ref' ? [String(item)] : refsIn(item)));
}

/** What a route documents, by method and path: what the round trip must keep. */
const documentedRoutes = (document: MockApiDocument) =>
  new Map(
    document.routes.map((route) => [
      `${route.method} ${route.path}`,
      {
        description: route.description,
        operationId: route.operationId,
        tags: route.tags,
        request: route.request,
        responses: route.responses.map((r) => [r.status, r.openapiStatus]),
      },
    ]),
  );

test('the Petstore: operationIds, tags, summaries, parameters, request bodies and default responses are kept', () => {
  const { document, warnings } = importOpenApi(PETSTORE, {});
  const mock = valid(document);
  const route = (method: string, path: string) => mock.routes.find((r) => r.method === method && r.path === path)!;
  const addPet = route('POST', '/pet');
  assert.equal(addPet.operationId, 'addPet');
  assert.deepEqual(addPet.tags, ['pet']);
  assert.equal(addPet.description, 'Add a new pet to the store', 'a description equal to the summary is not repeated');
  const body = addPet.request!.body!;
  assert.equal(body.contentType, 'application/json');
  assert.equal(body.required, true);
  assert.equal(body.description, 'Create a new pet in the store');
  const pet = body.schema as Json;
  assert.deepEqual(pet.required, ['name', 'photoUrls']);
  assert.equal(pet.properties.category.properties.name.example, 'Dogs', 'the $ref to Category is inlined');
  assert.equal(pet.properties.tags.items.properties.name.type, 'string');
  assert.deepEqual(refsIn(mock.routes.map((r) => r.request)), [], 'no $ref is left in any route');
  assert.ok(
    warnings.some((w) => /POST \/pet: the request body's application\/json schema is kept; application\/xml/.test(w)),
  );

  assert.deepEqual(route('GET', '/pet/findByStatus').request, {
    parameters: [
      {
        in: 'query',
        name: 'status',
        description: 'Status values that need to be considered for filter',
        schema: { type: 'string', enum: ['available', 'pending', 'sold'], default: 'available' },
      },
    ],
  });
  assert.deepEqual(route('DELETE', '/pet/:petId').request, {
    parameters: [
      { in: 'header', name: 'api_key', schema: { type: 'string' } },
      {
        in: 'path',
        name: 'petId',
        required: true,
        description: 'Pet id to delete',
        schema: { type: 'integer', format: 'int64' },
      },
    ],
  });
  // `default` alone answers 200, after a 2xx it answers 500: both remember they were `default`.
  assert.deepEqual(
    route('POST', '/user').responses.map((r) => [r.status, r.openapiStatus]),
    [[200, 'default']],
  );
  assert.deepEqual(
    route('POST', '/user/createWithList').responses.map((r) => [r.status, r.openapiStatus]),
    [
      [200, undefined],
      [500, 'default'],
    ],
  );

  const exported = exportOpenApi(mock, 'https://rowloom.example/mock/petstore', new Map()) as Json;
  const createUser = exported.paths['/user'].post;
  assert.deepEqual(Object.keys(createUser.responses), ['default'], 'default is exported back as default, not 200');
  assert.match(createUser.responses.default.description, /^successful operation/);
  assert.deepEqual(Object.keys(exported.paths['/user/createWithList'].post.responses), ['200', 'default']);
  const getPet = exported.paths['/pet/{petId}'].get;
  assert.equal(getPet.operationId, 'getPetById');
  assert.deepEqual(getPet.tags, ['pet']);
  assert.equal(getPet.summary, 'Find pet by ID');
  assert.equal(getPet.description, 'Returns a single pet');
  assert.deepEqual(getPet.parameters, [
    {
      name: 'petId',
      in: 'path',
      required: true,
      description: 'ID of pet to return',
      schema: { type: 'integer', format: 'int64' },
    },
  ]);
  assert.equal(
    exported.paths['/pet'].post.requestBody.content['application/json'].schema.properties.name.type,
    'string',
  );
  assert.equal(exported.paths['/pet'].post.requestBody.required, true);

  const again = valid(importOpenApi(JSON.stringify(exported), { name: 'Again' }).document);
  assert.deepEqual(
    documentedRoutes(again),
    documentedRoutes(mock),
    'import -> export -> import keeps what the routes document',
  );
  // Route ids are new on import; everything else exports the same again.
  const withoutIds = (spec: Json) => JSON.stringify(spec.paths).replace(/"x-rowloom-route-id":"[^"]*"/g, '');
  const twice = exportOpenApi(again, 'https://rowloom.example/mock/petstore', new Map()) as Json;
  assert.equal(withoutIds(twice), withoutIds(exported), 'and exports the same paths again');
});

test('request schemas: cycles end in {}, path-level parameters count, cookies and oversized schemas are left out with warnings', () => {
  const big = Object.fromEntries(
    Array.from({ length: 3000 }, (_, i) => [`field_${i}`, { type: 'string', description: 'x'.repeat(20) }]),
  );
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Trees' },
    paths: {
      '/trees/{tree-id}': {
        parameters: [{ name: 'tree-id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        put: {
          operationId: 'putTree',
          parameters: [
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'Accept', in: 'header', schema: { type: 'string' } },
          ],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
          responses: { '4XX': { description: 'bad' }, default: { description: 'fine' } },
        },
      },
      '/big': {
        post: {
          operationId: 'putTree',
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: big } } } },
          responses: { '201': { description: 'made' } },
        },
      },
    },
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    },
  };
  const { document, warnings } = importOpenApi(JSON.stringify(spec), {});
  const mock = valid(document);
  const tree = mock.routes.find((r) => r.path === '/trees/:tree_id')!;
  assert.deepEqual(tree.request!.parameters, [
    { in: 'path', name: 'tree_id', required: true, schema: { type: 'string', format: 'uuid' } },
    { in: 'header', name: 'X-Trace', required: true, schema: { type: 'string' } },
  ]);
  assert.deepEqual(tree.request!.body!.schema, {
    type: 'object',
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: {} },
    },
  });
  assert.deepEqual(
    tree.responses.map((r) => [r.status, r.openapiStatus, r.default]),
    [
      [200, 'default', true],
      [400, '4XX', false],
    ],
  );
  assert.ok(warnings.some((w) => /PUT \/trees\/:tree_id: cookie parameters are not kept/.test(w)));
  const bigRoute = mock.routes.find((r) => r.path === '/big')!;
  assert.equal(bigRoute.operationId, undefined, 'a repeated operationId is left out');
  assert.ok(warnings.some((w) => /POST \/big: operationId "putTree" is taken/.test(w)));
  assert.deepEqual(bigRoute.request, { body: { contentType: 'application/json' } });
  assert.ok(
    warnings.some((w) =>
      /POST \/big: the request's schemas are left out \(\d+ bytes as JSON; a route's request holds at most 65536\)/.test(
        w,
      ),
    ),
  );
  const exported = exportOpenApi(mock, 'https://x.example', new Map()) as Json;
  assert.deepEqual(Object.keys(exported.paths['/trees/{tree_id}'].put.responses), ['default', '4XX']);
});

test('a route request written by hand is checked: path parameters of the path, each once, no $ref, a media type, a size bound', () => {
  const problemsOf = (route: Json) => {
    const result = readMockApi({
      name: 'x',
      routes: [{ method: 'POST', path: '/users/:id', responses: [{}], ...route }],
    });
    return (result.problems ?? []).map((problem) => problem.message);
  };
  assert.deepEqual(
    problemsOf({
      operationId: 'makeUser',
      tags: ['users'],
      request: {
        parameters: [
          { in: 'path', name: 'id', schema: { type: 'integer' } },
          { in: 'query', name: 'page', required: null },
        ],
        body: { contentType: 'application/json', required: true, schema: { type: 'object' } },
      },
    }),
    [],
  );
  assert.deepEqual(
    valid({
      name: 'x',
      routes: [
        {
          method: 'POST',
          path: '/users/:id',
          responses: [{}],
          request: { parameters: [{ in: 'query', name: 'page', required: null }] },
        },
      ],
    }).routes[0].request,
    { parameters: [{ in: 'query', name: 'page' }] },
    'a null reads as absent and is not stored',
  );
  assert.deepEqual(
    problemsOf({
      request: {
        parameters: [
          { in: 'path', name: 'userId' },
          { in: 'header', name: 'X-A' },
          { in: 'header', name: 'x-a' },
          { in: 'cookie', name: 'c' },
          { in: 'query', name: 'q', schema: { properties: { a: { $ref: '#/components/schemas/A' } } } },
        ],
        body: { contentType: 'json', schema: 'object' },
      },
    }).sort(),
    [
      'routes[0].request.parameters[0].name must be a parameter of the route\'s path (:id), got "userId"',
      'routes[0].request.parameters[2] documents the header parameter "x-a" again (as [1])',
      'routes[0].request.parameters[3].in must be one of path, query, header, got "cookie"',
      'routes[0].request.parameters[4].schema.properties.a.$ref cannot be resolved here ("#/components/schemas/A"): a route\'s schema stands alone; put the referenced schema in its place',
      'routes[0].request.body.contentType must be a media type such as application/json, got "json"',
      'routes[0].request.body.schema must be a JSON Schema (an object such as {"type": "string"}), got "object"',
    ].sort(),
  );
  assert.deepEqual(problemsOf({ request: { body: 'application/json' } }), [
    'routes[0].request.body must be a request body such as {"contentType": "application/json", "required": true, "schema": {"type": "object"}}, got "application/json"',
  ]);
  const huge = { type: 'string', description: 'x'.repeat(MOCK_LIMITS.routeRequestBytes) };
  assert.deepEqual(
    problemsOf({ request: { body: { contentType: 'text/plain', schema: huge } } }).map((m) =>
      m.replace(/\d{5,}/g, 'N'),
    ),
    ['routes[0].request is N bytes as JSON; at most N are allowed (shorten its schemas or leave some out)'],
  );
  assert.deepEqual(
    readMockApi({
      name: 'x',
      routes: [
        {
          path: '/a',
          responses: [
            { status: 200, openapiStatus: '4XX' },
            { status: 404, openapiStatus: 'default' },
          ],
        },
      ],
    }).problems?.map((p) => p.message),
    ['routes[0].responses[0].openapiStatus is 4XX, so the status must be 400..499, got 200'],
  );
});

test("an import whose documented requests would not fit the document's limit leaves out the largest schemas, with warnings", () => {
  const schema = (size: number) => ({ type: 'object', description: 'x'.repeat(size) });
  const paths = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `/r${i}`,
      {
        post: {
          operationId: `r${i}`,
          requestBody: { content: { 'application/json': { schema: schema(i === 7 ? 60_000 : 50_000) } } },
          responses: { '204': { description: 'done' } },
        },
      },
    ]),
  );
  const { document, warnings } = importOpenApi(
    JSON.stringify({ openapi: '3.0.3', info: { title: 'Wide' }, paths }),
    {},
  );
  const mock = valid(document);
  const lean = mock.routes.filter((r) => r.request!.body!.schema === undefined).map((r) => r.path);
  assert.ok(lean.includes('/r7'), 'the largest first');
  assert.ok(lean.length >= 2 && lean.length <= 3, lean.join());
  assert.ok(
    warnings.some((w) =>
      /^POST \/r7: the request's schemas are left out, so the mock API fits in 524288 bytes$/.test(w),
    ),
    warnings.join('\n'),
  );
  assert.ok(JSON.stringify(mock).length <= MOCK_LIMITS.documentBytes);
});

test('inlining request schemas is bounded: references that fan out 10-fold over 8 levels are cut to {} with a warning', () => {
  const schemas: Json = {};
  for (let level = 0; level < 8; level++)
    schemas[`L${level}`] = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [
          `p${i}`,
          level === 7 ? { type: 'string' } : { $ref: `#/components/schemas/L${level + 1}` },
        ]),
      ),
    };
  const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } };
  const paths = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [
      `/r${i}`,
      { post: { requestBody: body, responses: { '204': { description: 'ok' } } } },
    ]),
  );
  const spec = { openapi: '3.0.3', info: { title: 'Fan' }, paths, components: { schemas } };
  const { document, warnings } = importOpenApi(JSON.stringify(spec), {});
  const mock = valid(document);
  assert.equal(mock.routes.length, 30);
  assert.ok(warnings.some((w) => /^POST \/r0: a request schema was cut to \{\} \(any value\)/.test(w)));
  // 10^8 leaves unbounded; the budgets keep the whole document small.
  assert.ok(JSON.stringify(mock).length < MOCK_LIMITS.documentBytes / 4, String(JSON.stringify(mock).length));
});
