import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { DEFAULT_SCHEMA_COUNT } from './schemas-route.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
];

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown> & unknown[],
  };
}

const send = (method: string, body: unknown, contentType = 'application/json'): RequestInit => ({
  method,
  headers: { 'content-type': contentType },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`saved schemas (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key = '';
    let other = '';
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      key = await server.userKey('unlimited');
      other = await server.userKey('unlimited');
    });
    after(() => server.close());

    const path = (name: string) => `/api/schemas/${encodeURIComponent(name)}`;

    test('save, read, list, replace with PUT, delete', async () => {
      const saved = await call(
        server,
        `${path('people list')}?key=${key}`,
        send('POST', { fields: FIELDS, count: 12 }),
      );
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json().success, true);
      assert.equal(saved.json().name, 'people list');
      assert.equal(saved.json().count, 12);
      assert.equal(saved.json().fields, 2);

      const one = await call(server, `${path('people list')}?key=${key}`);
      assert.equal(one.status, 200);
      assert.deepEqual(
        { name: one.json().name, fields: one.json().fields, count: one.json().count },
        { name: 'people list', fields: FIELDS, count: 12 },
      );

      const replaced = await call(
        server,
        `${path('people list')}?key=${key}`,
        send('PUT', { fields: [FIELDS[0]], count: 3 }),
      );
      assert.equal(replaced.status, 200, replaced.text);
      const list = await call(server, `/api/schemas?key=${key}`);
      assert.equal(list.status, 200);
      const listed = (
        list.json().schemas as { name: string; count: number; fields: number; updated_at: string }[]
      ).find((s) => s.name === 'people list');
      assert.ok(listed);
      assert.equal(listed.count, 3);
      assert.equal(listed.fields, 1);
      assert.ok(!Number.isNaN(Date.parse(listed.updated_at)));

      const deleted = await call(server, `${path('people list')}?key=${key}`, { method: 'DELETE' });
      assert.equal(deleted.status, 200);
      assert.deepEqual(deleted.json(), { success: true });
      const again = await call(server, `${path('people list')}?key=${key}`, { method: 'DELETE' });
      assert.equal(again.status, 404);
      assert.match(String(again.json().error), /no saved schema named "people list"/);
      assert.equal((await call(server, `${path('people list')}?key=${key}`)).status, 404);
    });

    test(`a bare array is accepted; the count defaults to ${DEFAULT_SCHEMA_COUNT} or comes from ?count=`, async () => {
      await call(server, `${path('bare')}?key=${key}`, send('POST', FIELDS, 'text/plain'));
      assert.equal((await call(server, `${path('bare')}?key=${key}`)).json().count, DEFAULT_SCHEMA_COUNT);
      await call(server, `${path('bare')}?key=${key}&count=40`, send('PUT', FIELDS));
      assert.equal((await call(server, `${path('bare')}?key=${key}`)).json().count, 40);
    });

    test('generate?schema=NAME: the stored count by default, an explicit count wins, the body may be empty, GET works too', async () => {
      await call(server, `${path('my schema')}?key=${key}`, send('POST', { fields: FIELDS, count: 7 }));
      // As the mockaroo npm client sends it: a form content type and no body.
      const stored = await call(server, `/api/generate.json?key=${key}&schema=my%20schema`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(stored.status, 200, stored.text);
      const rows = stored.json() as unknown as { id: number; name: string }[];
      assert.equal(rows.length, 7);
      assert.deepEqual(
        rows.map((r) => r.id),
        [1, 2, 3, 4, 5, 6, 7],
      );
      assert.deepEqual(Object.keys(rows[0]), ['id', 'name']);

      const explicit = await call(
        server,
        `/api/generate.json?key=${key}&schema=${encodeURIComponent('my schema')}&count=2`,
        { method: 'POST' },
      );
      assert.equal((explicit.json() as unknown[]).length, 2);

      const byGet = await call(server, `/api/generate.csv?key=${key}&schema=my+schema`);
      assert.equal(byGet.status, 200, byGet.text);
      assert.equal(byGet.text.trim().split('\n').length, 1 + 7);
    });

    test('a fixed seed is saved, read back and used by generate?schema=NAME unless the request gives its own', async () => {
      const saved = await call(
        server,
        `${path('seeded')}?key=${key}`,
        send('PUT', { fields: FIELDS, count: 5, seed: '20261128' }),
      );
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json().seed, '20261128');
      assert.equal((await call(server, `${path('seeded')}?key=${key}`)).json().seed, '20261128');

      const stored = await call(server, `/api/generate.csv?key=${key}&schema=seeded`);
      assert.equal(stored.headers.get('x-rowloom-seed'), '20261128');
      const explicit = await call(server, `/api/generate.csv?key=${key}&schema=seeded&seed=20261128`);
      assert.equal(stored.text, explicit.text, 'the saved seed gives the rows that seed gives');
      const own = await call(server, `/api/generate.csv?key=${key}&schema=seeded&seed=7`);
      assert.equal(own.headers.get('x-rowloom-seed'), '7', "the request's own seed wins");

      // A whole number is kept as its digits; null, "" or no seed at all saves none.
      await call(server, `${path('seeded')}?key=${key}`, send('PUT', { fields: FIELDS, seed: 42 }));
      assert.equal((await call(server, `${path('seeded')}?key=${key}`)).json().seed, '42');
      for (const body of [{ fields: FIELDS, seed: null }, { fields: FIELDS, seed: '' }, { fields: FIELDS }]) {
        await call(server, `${path('seeded')}?key=${key}`, send('PUT', body));
        assert.equal((await call(server, `${path('seeded')}?key=${key}`)).json().seed, null, JSON.stringify(body));
      }
      // A backup carries the fixed seed, and restoring it keeps the seed.
      await call(server, `${path('seeded')}?key=${key}`, send('PUT', { fields: FIELDS, seed: 'kept' }));
      const backup = await call(server, `${path('seeded')}/export?key=${key}`);
      assert.equal(backup.json().seed, 'kept');
      assert.equal((await call(server, `${path('restored')}?key=${key}`, send('PUT', backup.text))).status, 200);
      assert.equal((await call(server, `${path('restored')}?key=${key}`)).json().seed, 'kept');
      await call(server, `${path('seeded')}?key=${key}`, send('PUT', { fields: FIELDS }));
      assert.equal('seed' in (await call(server, `${path('seeded')}/export?key=${key}`)).json(), false);
      const drawn = await call(server, `/api/generate.csv?key=${key}&schema=seeded`);
      assert.notEqual(drawn.headers.get('x-rowloom-seed'), null, 'a seed is drawn when none is saved');
    });

    test('a bad seed is a 400 that names it, and nothing is stored', async () => {
      for (const [seed, message] of [
        ['x'.repeat(1001), /seed/],
        [1.5, /seed/],
        [{ a: 1 }, /seed/],
        [true, /seed/],
      ] as const) {
        const answer = await call(server, `${path('bad seed')}?key=${key}`, send('PUT', { fields: FIELDS, seed }));
        assert.equal(answer.status, 400, `${JSON.stringify(seed).slice(0, 20)}: ${answer.text.slice(0, 200)}`);
        assert.match(String(answer.json().error), message);
        assert.equal(typeof answer.json().code, 'string');
      }
      assert.equal((await call(server, `${path('bad seed')}?key=${key}`)).status, 404);
    });

    test('a schema is validated like a generate request: every problem at once, nothing stored', async () => {
      const bad = await call(
        server,
        `${path('broken')}?key=${key}`,
        send('POST', {
          fields: [
            { name: 'a', type: 'Nope' },
            { name: 'b', type: 'Number', min: 10, max: 1 },
          ],
          count: 5,
        }),
      );
      assert.equal(bad.status, 400);
      const details = bad.json().details as { field: string; param: string }[];
      assert.deepEqual(details.map((d) => d.field).sort(), ['a', 'b']);
      assert.match(String(bad.json().error), /2 problems/);
      assert.equal((await call(server, `${path('broken')}?key=${key}`)).status, 404);

      const noFields = await call(server, `${path('broken')}?key=${key}`, send('POST', { count: 5 }));
      assert.equal(noFields.status, 400);
      assert.match(String(noFields.json().error), /fields/);
      const badCount = await call(server, `${path('broken')}?key=${key}`, send('POST', { fields: FIELDS, count: -3 }));
      assert.equal(badCount.status, 400);
      assert.match(String(badCount.json().error), /"count" must be a whole number/);
      const notJson = await call(server, `${path('broken')}?key=${key}`, send('POST', '[{"name":'));
      assert.equal(notJson.status, 400);
      const empty = await call(server, `${path('broken')}?key=${key}`, { method: 'POST' });
      assert.equal(empty.status, 400);
      assert.equal((await call(server, `${path('broken')}?key=${key}`)).status, 404);
    });

    test("one user cannot see, use, replace or delete another's schema", async () => {
      await call(server, `${path('private')}?key=${key}`, send('POST', { fields: FIELDS, count: 2 }));
      assert.equal((await call(server, `${path('private')}?key=${other}`)).status, 404);
      assert.deepEqual((await call(server, `/api/schemas?key=${other}`)).json().schemas, []);
      const use = await call(server, `/api/generate.json?key=${other}&schema=private`, { method: 'POST' });
      assert.equal(use.status, 404);
      assert.match(String(use.json().error), /no saved schema named "private"/);
      assert.equal((await call(server, `${path('private')}?key=${other}`, { method: 'DELETE' })).status, 404);
      // The same name is the other user's own, separate schema.
      assert.equal(
        (await call(server, `${path('private')}?key=${other}`, send('PUT', { fields: [FIELDS[0]], count: 1 }))).status,
        200,
      );
      assert.deepEqual((await call(server, `${path('private')}?key=${key}`)).json().fields, FIELDS);
      assert.equal(
        ((await call(server, `/api/generate.json?key=${key}&schema=private`, { method: 'POST' })).json() as unknown[])
          .length,
        2,
      );
    });

    test('every schema endpoint needs a valid key', async () => {
      for (const [url, init] of [
        ['/api/schemas', {}],
        [path('x'), {}],
        [path('x'), send('POST', FIELDS)],
        [path('x'), { method: 'DELETE' }],
      ] as const) {
        const response = await call(server, `${url}?key=wrong`, init);
        assert.equal(response.status, 401);
        assert.deepEqual(response.json(), { error: 'Invalid API Key', code: 'unauthorized' });
      }
    });
  });
}
