/**
 * What a mock request writes to the database, on both databases over real HTTP: the log's
 * entries of a burst written together and all there once read; a route's request counter only
 * where something reads the number; a public mock's daily budget only where it has limits; and
 * one entry the database refuses (its API deleted meanwhile) does not take the others with it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoggedRequest } from '@rowloom/contract';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest } from '../../../testing/http-calls.js';
import { LOG_BATCH_ROWS, RequestLog, type LogEntry } from './request-log.js';

const BURST = LOG_BATCH_ROWS + 15;

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`what a mock request writes (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server?.close());

    async function createMock(key: string, name: string, routes: unknown[]): Promise<string> {
      const created = await call(`${server.url}/api/mocks?key=${key}`, jsonRequest({ name, public: true, routes }));
      assert.equal(created.status, 201, created.text);
      return String(created.json.slug);
    }

    const idOf = async (slug: string) =>
      (await server.store.db.selectFrom('mock_apis').select('id').where('slug', '=', slug).executeTakeFirstOrThrow())
        .id;

    const rowsOf = async (table: 'mock_counters' | 'mock_usage', mockApiId: string) =>
      server.store.db.selectFrom(table).selectAll().where('mock_api_id', '=', mockApiId).execute();

    test('a burst is logged in full, read at once; a plain route counts nothing and an unlimited budget is not written', async () => {
      const key = await server.userKey('unlimited');
      const slug = await createMock(key, 'Burst', [
        { method: 'GET', path: '/plain', responses: [{ body: { type: 'json', value: { ok: true } } }] },
      ]);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => call(`${server.url}/mock/${slug}/plain?n=${i}`)),
      );
      assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
      // No waiting: reading the log waits for this instance's writes (RequestLog.settled).
      const log = await call(`${server.url}/api/mocks/Burst/requests?key=${key}&limit=500`);
      assert.equal(log.status, 200, log.text);
      const numbers = (log.json.requests as LoggedRequest[])
        .map((entry) => Number(entry.query.n))
        .sort((a, b) => a - b);
      assert.deepEqual(
        numbers,
        Array.from({ length: BURST }, (_, i) => i),
      );
      const id = await idOf(slug);
      assert.deepEqual(await rowsOf('mock_counters', id), []);
      assert.deepEqual(await rowsOf('mock_usage', id), []);
    });

    test('a sequential route counts every request; a free plan’s public mock spends its budget', async () => {
      const key = await server.userKey('free');
      const slug = await createMock(key, 'Turns', [
        {
          method: 'GET',
          path: '/turn',
          mode: 'sequential',
          responses: [{ body: { type: 'json', value: 'a' } }, { body: { type: 'json', value: 'b' } }],
        },
      ]);
      const bodies: unknown[] = [];
      for (let i = 0; i < 5; i++) bodies.push((await call(`${server.url}/mock/${slug}/turn`)).json);
      assert.deepEqual(bodies, ['a', 'b', 'a', 'b', 'a']);
      const id = await idOf(slug);
      assert.deepEqual(
        (await rowsOf('mock_counters', id)).map((row) => Number(row.requests)),
        [5],
      );
      assert.deepEqual(
        (await rowsOf('mock_usage', id)).map((row) => Number(row.requests)),
        [5],
      );
    });

    test('an entry for a deleted API is dropped alone; the rest of its batch is written', async () => {
      const key = await server.userKey('unlimited');
      const slug = await createMock(key, 'Kept', [
        { method: 'GET', path: '/x', responses: [{ body: { type: 'json', value: 1 } }] },
      ]);
      const id = await idOf(slug);
      const warnings: unknown[] = [];
      const log = new RequestLog(server.store.db, {
        warn: (details: unknown) => warnings.push(details),
      } as unknown as ConstructorParameters<typeof RequestLog>[1]);
      const entry = (mockApiId: string, path: string): LogEntry => ({
        mockApiId,
        method: 'GET',
        path,
        query: {},
        headers: {},
        bodyText: null,
        status: 200,
        routeId: null,
        responseId: null,
        fault: null,
        durationMs: 1,
      });
      log.write(entry(id, '/first'));
      log.write(entry('no-such-api', '/lost'));
      log.write(entry(id, '/second'));
      await log.settled();
      const paths = (
        await server.store.db.selectFrom('mock_requests').select('path').where('mock_api_id', '=', id).execute()
      ).map((row) => row.path);
      assert.deepEqual(paths.sort(), ['/first', '/second']);
      assert.equal(warnings.length, 1, 'the refused entry is reported once');
    });
  });
}
