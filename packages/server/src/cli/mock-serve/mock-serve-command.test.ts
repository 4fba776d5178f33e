/**
 * `rowloom mock serve` run as a team's CI runs it: a committed mock file (and the schema
 * beside it) started with one command on a free port, driven over HTTP, verified through
 * /__rowloom/, reloaded on change with --watch, and stopped with SIGTERM leaving nothing
 * behind; an OpenAPI file served directly; and mistakes that stop it with the path that is wrong.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FoundRequests } from '@rowloom/contract';
import { rawRequest } from '../../testing/http-calls.js';

const BIN = fileURLToPath(new URL('../../../bin/rowloom.js', import.meta.url));
const PETSTORE = fileURLToPath(new URL('../../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'rowloom-mock-file-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Starts the mock as CI would and waits for the line that says where it serves. */
function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'mock', 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: dir },
  });
  let text = '';
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const found = /serving at (http:\/\/[^/\s]+)\//.exec(text);
      if (found)
        resolve({
          child,
          url: found[1],
          output: () => text,
          stop: () => {
            child.kill('SIGTERM');
            return closed;
          },
        });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void closed.then((status) => reject(new Error(`exited ${status} before serving: ${text}`)));
  });
}

function run(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'mock', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

const shop = {
  name: 'Shop',
  routes: [
    {
      method: 'GET',
      path: '/users/:id',
      responses: [
        { status: 200, body: { type: 'schema', schema: 'people' } },
        {
          status: 404,
          rules: [{ target: 'param', name: 'id', operator: 'equals', value: '0' }],
          body: { type: 'json', value: { error: 'no such user' } },
        },
      ],
    },
    { method: 'POST', path: '/orders', responses: [{ status: 201, body: { type: 'json', value: { ok: true } } }] },
  ],
};

function writeShop(folder: string, document: unknown = shop): string {
  mkdirSync(join(folder, 'schemas'), { recursive: true });
  writeFileSync(
    join(folder, 'schemas', 'people.json'),
    JSON.stringify([
      { name: 'id', type: 'Row Number' },
      { name: 'email', type: 'Email Address' },
    ]),
  );
  const file = join(folder, 'api.json');
  writeFileSync(file, JSON.stringify(document));
  return file;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('rowloom mock serve', () => {
  test('serves a committed file with the schema beside it, no key; verifies and resets through /__rowloom/; stops clean', async () => {
    const folder = join(dir, 'shop');
    const served = await serve([writeShop(folder), '--port', '0']);
    try {
      const user = await fetch(`${served.url}/users/3`);
      assert.equal(user.status, 200);
      const row = (await user.json()) as { id: number; email: string };
      assert.equal(row.id, 1);
      assert.match(row.email, /@/);
      assert.equal((await fetch(`${served.url}/users/0`)).status, 404);
      assert.equal((await post(`${served.url}/orders`, { sku: 'A-1', qty: 2 })).status, 201);

      const found = (await (
        await post(`${served.url}/__rowloom/requests/find`, { method: 'POST', jsonPath: { '$.sku': 'A-1' } })
      ).json()) as FoundRequests;
      assert.equal(found.count, 1);
      const missed = (await (
        await post(`${served.url}/__rowloom/requests/find`, { method: 'POST', path: '/order' })
      ).json()) as FoundRequests;
      assert.equal(missed.count, 0);
      assert.deepEqual(missed.nearMisses[0].differences, ['path: expected equals "/order", got "/orders"']);

      const unknown = await fetch(`${served.url}/api/schemas`);
      assert.equal(unknown.status, 404, "the server's own API is not reachable: every path is the mock's");
      assert.match(
        ((await unknown.json()) as { error: string }).error,
        /no route of mock API 'Shop' matches GET \/api\/schemas/,
      );

      assert.equal((await fetch(`${served.url}/__rowloom/requests`, { method: 'DELETE' })).status, 204);
      const log = (await (await fetch(`${served.url}/__rowloom/requests`)).json()) as { requests: unknown[] };
      assert.deepEqual(log.requests, []);
      assert.equal((await fetch(`${served.url}/__rowloom/reset`, { method: 'POST' })).status, 200);

      // A page of another site may send a simple POST to 127.0.0.1, and a rebound name may read.
      const crossSite = await rawRequest(served.url, '/__rowloom/reset', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(crossSite.status, 403, crossSite.body);
      assert.match(crossSite.body, /does not answer pages of another origin/);
      const rebound = await rawRequest(served.url, '/__rowloom/requests', { headers: { host: 'evil.example:4010' } });
      assert.equal(rebound.status, 403, rebound.body);
      assert.match(rebound.body, /answers on loopback names only/);
      const sameOrigin = await rawRequest(served.url, '/__rowloom/requests', {
        headers: { origin: served.url, host: new URL(served.url).host },
      });
      assert.equal(sameOrigin.status, 200, 'its own page, or a tool without an Origin, is answered');
      const mockAnswer = await rawRequest(served.url, '/users/0', { headers: { host: 'evil.example' } });
      assert.equal(mockAnswer.status, 404, 'the mock itself answers any name, as mocks do');
    } finally {
      assert.equal(await served.stop(), 0);
    }
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.startsWith('rowloom-mock-')),
      [],
      'its throw-away database is removed',
    );
  });

  test('--watch loads a saved change in place, and keeps the last good version when the change has problems', async () => {
    const folder = join(dir, 'watched');
    const file = writeShop(folder);
    const served = await serve([file, '--port', '0', '--watch']);
    try {
      const changed = structuredClone(shop);
      changed.routes[1].responses[0].body = { type: 'json', value: { ok: 'changed' } } as never;
      writeFileSync(file, JSON.stringify(changed));
      let body = '';
      for (let i = 0; i < 200 && !body.includes('changed'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        body = await (await post(`${served.url}/orders`, {})).text();
      }
      assert.equal(body, '{"ok":"changed"}', `the change was not served; the mock said: ${served.output()}`);
      writeFileSync(
        file,
        JSON.stringify({ ...shop, routes: [{ method: 'GET', path: '/x', responses: [{ status: 700 }] }] }),
      );
      for (let i = 0; i < 100 && !served.output().includes('not reloaded'); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      assert.match(
        served.output(),
        /not reloaded, the last version keeps serving: .*routes\[0\]\.responses\[0\]\.status must be an integer 100\.\.599/s,
      );
      assert.equal(await (await post(`${served.url}/orders`, {})).text(), '{"ok":"changed"}');
    } finally {
      await served.stop();
    }
  });

  test('--proxy --record captures a real API into the file, which then replays with the API gone', async () => {
    let hits = 0;
    const api = createServer((request, response) => {
      hits++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ path: request.url, served: 'by the real API' }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const folder = join(dir, 'recorded');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'api.json');
    writeFileSync(file, JSON.stringify({ name: 'Captured', routes: [] }));
    const recording = await serve([file, '--port', '0', '--proxy', base, '--record']);
    try {
      const first = await fetch(`${recording.url}/accounts/7`);
      assert.deepEqual(await first.json(), { path: '/accounts/7', served: 'by the real API' });
      await fetch(`${recording.url}/accounts/7`);
      assert.equal(hits, 1, 'the second request was answered by the recorded route');
    } finally {
      assert.equal(await recording.stop(), 0);
      await new Promise((resolve) => api.close(resolve));
    }
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      routes: { path: string }[];
      proxy?: unknown;
      public?: unknown;
    };
    assert.deepEqual(
      saved.routes.map((route) => route.path),
      ['/accounts/7'],
    );
    assert.equal(saved.proxy, undefined, "the command line's --proxy is not written into the file");
    assert.equal(saved.public, undefined);

    const offline = await serve([file, '--port', '0']);
    try {
      const replayed = await fetch(`${offline.url}/accounts/7`);
      assert.deepEqual(await replayed.json(), { path: '/accounts/7', served: 'by the real API' });
    } finally {
      await offline.stop();
    }
  });

  test('an OpenAPI file is served directly', async () => {
    const file = join(dir, 'petstore.yaml');
    copyFileSync(PETSTORE, file);
    const served = await serve([file, '--port', '0']);
    try {
      const pets = await fetch(`${served.url}/pet/findByStatus?status=sold`);
      assert.equal(pets.status, 200, await pets.clone().text());
      assert.ok(Array.isArray(await pets.json()), 'the example generated from the array schema');
      const missing = await fetch(`${served.url}/pet/12`, { headers: { prefer: 'code=404' } });
      assert.equal(missing.status, 404, 'another documented status when asked for, as Prism does');
    } finally {
      await served.stop();
    }
  });

  test('mistakes stop it before it serves, naming what is wrong', async () => {
    const folder = join(dir, 'broken');
    mkdirSync(folder, { recursive: true });
    const noSchema = join(folder, 'api.json');
    writeFileSync(noSchema, JSON.stringify(shop));
    const missing = await run(['serve', noSchema, '--port', '0']);
    assert.equal(missing.status, 1);
    assert.match(
      missing.stderr,
      /routes\[0\]\.responses\[0\]\.body\.schema names the schema "people", but there is no .*people\.json or .*schemas\/people\.json/,
    );

    const bad = writeShop(join(dir, 'bad'), {
      name: 'Bad',
      routes: [{ method: 'GET', path: '/a/:id/:id', responses: [{}] }],
    });
    const invalid = await run(['serve', bad, '--port', '0']);
    assert.equal(invalid.status, 1);
    assert.match(invalid.stderr, /api\.json has problems:\n {2}routes\[0\]\.path names the parameter :id twice/);

    writeFileSync(join(folder, 'plain.json'), JSON.stringify({ name: 'Plain', routes: [] }));
    const notJson = join(folder, 'not.json');
    writeFileSync(notJson, '{"name": ');
    const unparsable = await run(['serve', notJson]);
    assert.equal(unparsable.status, 1);
    assert.match(unparsable.stderr, /not\.json is not JSON/);

    assert.equal((await run(['serve'])).status, 2);
    const recordYaml = await run(['serve', join(folder, 'api.yaml'), '--record']);
    assert.equal(recordYaml.status, 2);
    assert.match(recordYaml.stderr, /--record writes the recorded routes into the mock document/);
    const recordNothing = await run(['serve', noSchema.replace('api.json', 'plain.json'), '--record']);
    assert.equal(recordNothing.status, 1);
    assert.match(recordNothing.stderr, /--record needs a back end to record: give --proxy URL/);
    assert.equal((await run(['serve', noSchema, '--port', 'x'])).status, 2);
    const nowhere = await run(['serve', join(folder, 'absent.json')]);
    assert.equal(nowhere.status, 1);
    assert.match(nowhere.stderr, /cannot read .*absent\.json: ENOENT/);
  });
});
