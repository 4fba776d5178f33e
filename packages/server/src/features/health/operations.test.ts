/** What operators rely on: /health, keys kept out of the log, an OpenAPI document generators accept. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { redactKey } from '../../http/log-redaction.js';

const FIELDS = JSON.stringify([{ name: 'id', type: 'Row Number' }]);

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`GET /health (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server.close());

    test('200 {"status": "ok"} without a key while the database answers, 503 with an error once it does not', async () => {
      const ok = await fetch(`${server.url}/health`);
      assert.equal(ok.status, 200);
      // Without Redis, jobs run in-process: the queue is this server.
      assert.deepEqual(await ok.json(), { status: 'ok', queue: { kind: 'in-process', reachable: true, workers: 1 } });
      await server.store.close();
      const down = await fetch(`${server.url}/health`);
      assert.equal(down.status, 503);
      const body = (await down.json()) as { status: string; error: string };
      assert.equal(body.status, 'unavailable');
      assert.match(body.error, /database/);
    });
  });
}

describe('the log', () => {
  const lines: string[] = [];
  let server: TestServer;
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'), {
      logLevel: 'info',
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  after(() => server.close());

  test('requests are logged at info without their API key, however the parameter is spelt', async () => {
    const key = await server.userKey();
    for (const name of ['key', '%6Bey', 'KEY']) {
      await fetch(`${server.url}/api/generate.csv?count=2&${name}=${key}&seed=1`, { method: 'POST', body: FIELDS });
    }
    await fetch(`${server.url}/api/types?key=${key}`);
    const log = lines.join('');
    assert.match(log, /\/api\/generate\.csv\?count=2&key=\[redacted\]&seed=1/, 'the request is logged');
    assert.match(log, /%6Bey=\[redacted\]/);
    assert.ok(!log.includes(key), 'the key never appears');
  });

  test('redactKey leaves other parameters and keyless URLs as they were', () => {
    assert.equal(redactKey('/api/types'), '/api/types');
    assert.equal(redactKey('/a?monkey=1&key=s3cr3t&keys=2&key'), '/a?monkey=1&key=[redacted]&keys=2&key=[redacted]');
  });
});

describe('the OpenAPI document', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'));
  });
  after(() => server.close());

  test('every path parameter is named and declared; names with slashes still reach the handlers', async () => {
    const text = await (await fetch(`${server.url}/api/openapi.json`)).text();
    assert.ok(!text.includes('{*}'));
    const doc = JSON.parse(text) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    };
    assert.ok(doc.paths['/api/schemas/{name}'].put);
    assert.ok(doc.paths['/api/datasets/{name}'].post);
    assert.ok(doc.paths['/health'].get);
    for (const [path, operations] of Object.entries(doc.paths)) {
      const named = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
      for (const name of named) assert.match(name, /^[A-Za-z_][A-Za-z0-9_]*$/, path);
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
        assert.deepEqual(declared.map((p) => p.name).sort(), [...named].sort(), `${method} ${path}`);
        assert.ok(
          declared.every((p) => p.required === true),
          `${method} ${path}`,
        );
      }
    }
    const key = await server.userKey();
    const saved = await fetch(`${server.url}/api/schemas/team/people?key=${key}`, { method: 'PUT', body: FIELDS });
    assert.equal(saved.status, 200);
    assert.equal(
      ((await (await fetch(`${server.url}/api/schemas/team%2Fpeople?key=${key}`)).json()) as { name: string }).name,
      'team/people',
    );
  });
});
