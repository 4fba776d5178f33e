/**
 * What the mock configuration costs on the thread that answers requests: validating a document
 * near the limits (good and bad), importing the Petstore document, a large YAML document and a
 * document whose examples exhaust the import's budget. Run: node packages/server/dist/bench/mock-config-bench.js
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkHandler, handlerSchemaNames } from '@rowloom/core';
import { readMockApi } from '../features/mocks/mock-validation.js';
import { importOpenApi } from '../features/mocks/openapi-import.js';

function timed(what: string, run: () => string): void {
  run(); // warm the JIT
  const started = performance.now();
  const note = run();
  console.log(`${what}: ${(performance.now() - started).toFixed(1)} ms (${note})`);
}

const routes = Array.from({ length: 200 }, (_, i) => ({
  method: 'GET',
  path: `/r${i}/:id`,
  responses: Array.from({ length: 20 }, (_, j) => ({
    status: 200 + j,
    headers: { 'X-A': 'b' },
    rules: [
      { target: 'param', name: 'id', operator: 'regex', value: '^[0-9]+$' },
      { target: 'query', name: 'q', operator: 'in', value: 'a,b' },
    ],
  })),
}));
timed(`validate ${JSON.stringify({ name: 'big', routes }).length} bytes, 200 routes x 20 responses`, () =>
  JSON.stringify(readMockApi({ name: 'big', routes }).problems?.[0]?.message ?? 'valid').slice(0, 80),
);
const bad = routes.map((route) => ({
  ...route,
  responses: route.responses.map((response) => ({ ...response, status: 9999 })),
}));
timed('validate 4000 bad statuses', () => {
  const result = readMockApi({ name: 'bad', routes: bad });
  return `${result.problems?.length} described, ${result.problems ? result.more : 0} more`;
});

// Handlers: 4000 distinct small programs (the most a 512 KiB document holds), each compiled to check it.
const check = (source: string) => ({ problems: checkHandler(source, {}), schemaNames: handlerSchemaNames(source) });
const handlers = Array.from({ length: 200 }, (_, i) => ({
  path: `/h${i}`,
  responses: Array.from({ length: 20 }, (_, j) => ({
    body: { type: 'handler', source: `rows = generate ${1 + j}, schema: 'people'\nheader 'X-Route', ${i}\nrows` },
  })),
}));
timed('check 4000 distinct handlers', () =>
  JSON.stringify(
    readMockApi({ name: 'h', routes: handlers }, { checkHandler: check, schemaNames: ['people'] }).problems?.[0]
      ?.message ?? 'valid',
  ).slice(0, 60),
);

const petstore = readFileSync(
  fileURLToPath(new URL('../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url)),
  'utf8',
);
timed('import the Petstore YAML', () => `${(importOpenApi(petstore, {}).document.routes as unknown[]).length} routes`);

const lines = ['openapi: 3.0.0', 'info: {title: big}', 'paths:'];
for (let i = 0; i < 4000; i++) {
  lines.push(
    `  /p${i}/{id}:`,
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema: {type: object, properties: {a: {type: string}, b: {type: integer}}}',
  );
}
const yaml = lines.join('\n');
timed(
  `import ${yaml.length} bytes of YAML`,
  () => `${(importOpenApi(yaml, {}).document.routes as unknown[]).length} routes`,
);

const wide = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [
      `p${i}`,
      { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
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
const json = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Wide' },
  paths,
  components: { schemas: { Wide: wide } },
});
timed(
  `import ${json.length} bytes of JSON, 4000 responses with wide schemas`,
  () => `${importOpenApi(json, {}).warnings.length} warnings`,
);
