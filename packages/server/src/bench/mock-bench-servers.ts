/**
 * The servers `npm run bench:mocks` compares, each serving the same 10 rows of the standard
 * schema: the shared server's mock route (the server child, configured through /api/mocks),
 * `rowloom mock serve` of a mock file, json-server (a static resource of db.json) and
 * mockoon-cli (a route with the rows as an inline JSON body). The rows are the shared server's
 * first 10 from generate.json; every other server's files are written from them.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerChild, stopServerChild } from './server-process.js';
import { freePort, spawnServer, stopServer } from './spawned-server.js';

export interface BenchRoute {
  route: string;
  path: string;
  /**
   * `generated`: 10 fresh rows of the schema per request; `rows`: exactly the 10 rows;
   * `rows, string ids`: the rows with their numeric `id` as a string (json-server 1 turns every
   * numeric id into a string when it loads db.json).
   */
  answer: 'generated' | 'rows' | 'rows, string ids';
}

export interface Started {
  url: string;
  /** The serving process (its CPU time is read around the load). */
  pid: number;
  startupMs: number;
  stop(): Promise<void>;
}

export interface Subject {
  server: string;
  routes: BenchRoute[];
  /** Starts it (with `execArgv` for Node, when it is one of ours) and resolves once its port answers. */
  start(execArgv?: string[]): Promise<Started>;
  /** Configures a started instance through its API (the shared server's mock and schema). */
  prepare?(started: Started): Promise<void>;
}

const SCHEMA_ROUTE: BenchRoute = { route: '10 rows generated (schema)', path: '/people', answer: 'generated' };
const LITERAL_ROUTE: BenchRoute = { route: '10 rows, literal JSON', path: '/literal', answer: 'rows' };

async function send(url: string, method: string, body: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

const stringId = (row: unknown) => {
  const { id } = row as { id?: unknown };
  return typeof id === 'number' ? { ...(row as object), id: String(id) } : row;
};

/** One GET answer checked: 200 and 10 rows (exactly the rows where the route serves them as they are). */
export async function checkAnswer(url: string, route: BenchRoute, rows: unknown[]): Promise<void> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as unknown[];
  if (!Array.isArray(body) || body.length !== 10)
    throw new Error(`${route.path} did not answer 10 rows: ${text.slice(0, 200)}`);
  if (route.answer === 'rows') deepStrictEqual(body, rows, `${route.path} did not answer the same 10 rows`);
  else if (route.answer === 'rows, string ids')
    deepStrictEqual(body, rows.map(stringId), `${route.path} did not answer the same 10 rows`);
  else
    deepStrictEqual(
      Object.keys(body[0] as object),
      Object.keys(rows[0] as object),
      `${route.path}'s rows have other fields`,
    );
}

/** The two routes, as /api/mocks and `rowloom mock serve` take them. */
function mockDocument(rows: unknown[]) {
  return {
    name: 'Bench',
    routes: [
      {
        method: 'GET',
        path: SCHEMA_ROUTE.path,
        responses: [{ status: 200, body: { type: 'schema', schema: 'standard', count: 10 } }],
      },
      { method: 'GET', path: LITERAL_ROUTE.path, responses: [{ status: 200, body: { type: 'json', value: rows } }] },
    ],
  };
}

/**
 * The shared server (the server child: the app as main.ts builds it, on SQLite). Preparing it
 * saves the schema, takes 10 rows of it from generate.json (the rows every server then serves)
 * and saves the mock API; `rows()` gives them once it has been prepared.
 */
export function sharedServer(schema: unknown): Subject & { rows(): unknown[] } {
  let rows: unknown[] | null = null;
  const keys = new Map<string, string>();
  return {
    server: 'shared server',
    routes: [SCHEMA_ROUTE, LITERAL_ROUTE].map((route) => ({ ...route, path: `/mock/bench${route.path}` })),
    async start(execArgv = []) {
      const started = performance.now();
      // A public mock answers 20 requests a second per instance by default (public-budget.ts): the
      // bench measures serving, not that limit, which would refuse nearly every request with a 429.
      const { child, ready } = await startServerChild({ ROWLOOM_PUBLIC_MOCK_RATE: '0' }, execArgv);
      await (await fetch(`${ready.url}/health`)).arrayBuffer();
      keys.set(ready.url, ready.key);
      return {
        url: ready.url,
        pid: child.pid!,
        startupMs: performance.now() - started,
        stop: () => stopServerChild(child),
      };
    },
    async prepare({ url }) {
      const key = keys.get(url)!;
      await send(`${url}/api/schemas/standard?key=${key}`, 'PUT', schema);
      rows ??= (await (
        await send(`${url}/api/generate.json?key=${key}&schema=standard&count=10`, 'GET', undefined)
      ).json()) as unknown[];
      await send(`${url}/api/mocks?key=${key}`, 'POST', { ...mockDocument(rows), public: true });
    },
    rows() {
      if (!rows) throw new Error('the shared server has not been prepared');
      return rows;
    },
  };
}

/** Starts a command on a fresh port and waits for `probePath`; stopped by SIGTERM. */
async function startCommand(
  script: string,
  args: (port: number) => string[],
  probePath: string,
  options: { execArgv?: string[]; env?: Record<string, string> } = {},
): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = await spawnServer(script, args(port), url, probePath, options);
  return { url, pid: spawned.child.pid!, startupMs: spawned.startupMs, stop: () => stopServer(spawned.child) };
}

const ROWLOOM = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));

/** `rowloom mock serve api.json --port N`, the document beside `schemas/standard.json`. */
export function fileMock(dir: string, rows: unknown[], schemaText: string): Subject {
  mkdirSync(join(dir, 'schemas'), { recursive: true });
  writeFileSync(join(dir, 'schemas', 'standard.json'), schemaText);
  const file = join(dir, 'api.json');
  writeFileSync(file, JSON.stringify(mockDocument(rows), null, 2));
  return {
    server: 'rowloom mock serve',
    routes: [SCHEMA_ROUTE, LITERAL_ROUTE],
    start: (execArgv) =>
      startCommand(ROWLOOM, (port) => ['mock', 'serve', file, '--port', String(port)], LITERAL_ROUTE.path, {
        execArgv,
      }),
  };
}

/** `json-server db.json --port N --host 127.0.0.1`: the rows as the resource `people`. */
export function jsonServer(script: string, version: string, dir: string, rows: unknown[]): Subject {
  const file = join(dir, 'db.json');
  writeFileSync(file, JSON.stringify({ people: rows }, null, 2));
  return {
    server: `json-server ${version}`,
    routes: [{ route: '10 rows, static resource', path: '/people', answer: 'rows, string ids' }],
    start: () => startCommand(script, (port) => [file, '--port', String(port), '--host', '127.0.0.1'], '/people'),
  };
}

/**
 * A Mockoon environment with one route answering the rows as its inline body, every key the
 * data file has written out (defaults from @mockoon/commons' environment schema, migration 33,
 * the last in 9.9.0, so the CLI neither migrates nor repairs it). Templating stays on, as the
 * desktop app leaves it.
 */
function mockoonEnvironment(rows: unknown[]) {
  const route = randomUUID();
  return {
    uuid: randomUUID(),
    lastMigration: 33,
    name: 'Rowloom bench',
    endpointPrefix: '',
    latency: 0,
    port: 3000,
    hostname: '127.0.0.1',
    folders: [],
    routes: [
      {
        uuid: route,
        type: 'http',
        documentation: '',
        method: 'get',
        endpoint: 'people',
        responses: [
          {
            uuid: randomUUID(),
            body: JSON.stringify(rows, null, 2),
            latency: 0,
            statusCode: 200,
            label: '',
            headers: [{ key: 'Content-Type', value: 'application/json' }],
            bodyType: 'INLINE',
            filePath: '',
            databucketID: '',
            sendFileAsBody: false,
            rules: [],
            rulesOperator: 'OR',
            disableTemplating: false,
            fallbackTo404: false,
            default: true,
            crudKey: 'id',
            callbacks: [],
          },
        ],
        responseMode: null,
        streamingMode: null,
        streamingInterval: 0,
      },
    ],
    rootChildren: [{ type: 'route', uuid: route }],
    proxyMode: false,
    proxyHost: '',
    proxyRemovePrefix: false,
    tlsOptions: { enabled: false, type: 'CERT', pfxPath: '', certPath: '', keyPath: '', caPath: '', passphrase: '' },
    cors: true,
    headers: [],
    proxyReqHeaders: [],
    proxyResHeaders: [],
    data: [],
    callbacks: [],
  };
}

/**
 * `mockoon-cli start --data env.json --port N`. It logs every request to its console and to
 * ~/.mockoon-cli/logs/<name>.log by default; HOME is the bench's temporary folder, so that file
 * goes with it.
 */
export function mockoonCli(script: string, version: string, dir: string, rows: unknown[]): Subject {
  const file = join(dir, 'env.json');
  writeFileSync(file, JSON.stringify(mockoonEnvironment(rows), null, 2));
  return {
    server: `mockoon-cli ${version}`,
    routes: [{ route: '10 rows, static body', path: '/people', answer: 'rows' }],
    start: () =>
      startCommand(script, (port) => ['start', '--data', file, '--port', String(port)], '/people', {
        env: { HOME: dir },
      }),
  };
}
