/**
 * A recorded JSON body turned into generated rows over real HTTP on both databases: the schema
 * is inferred from the body's names and values and saved, the response answers as many rows of
 * it (nested names nested again), and bodies that cannot become rows are refused with the path.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest as json } from '../../testing/http-calls.js';

const RECORDED = [
  { id: 1, name: 'Ada Lovelace', customer: { email: 'ada@example.com' }, total: 12.5, tags: ['a'] },
  { id: 2, name: 'Bob Stone', customer: { email: 'bob@example.org' }, total: 3.25, tags: [] },
  { id: 3, name: 'Cleo Park', customer: { email: 'cleo@example.net' }, total: 40, tags: ['b'] },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `a JSON body turned into a schema body (${dialect})`,
    { skip: await skipUnlessAvailable(dialect) },
    async () => {
      let server: TestServer;
      let key: string;
      let routeId: string;

      before(async () => {
        server = await startTestServer(newTestDatabase(dialect));
        key = await server.userKey('unlimited');
        const created = await call(
          `${server.url}/api/mocks?key=${key}`,
          json({
            name: 'Shop',
            public: true,
            routes: [
              { path: '/orders', responses: [{ body: { type: 'json', value: RECORDED } }] },
              { path: '/ping', responses: [{ body: { type: 'text', text: 'pong' } }] },
            ],
          }),
        );
        assert.equal(created.status, 201, created.text);
        routeId = created.json.routes[0].id;
      });
      after(() => server.close());

      test('the schema is inferred and saved, and the route answers as many generated rows of it', async () => {
        const turned = await call(`${server.url}/api/mocks/Shop/routes/${routeId}/schema-body?key=${key}`, json({}));
        assert.equal(turned.status, 200, turned.text);
        assert.deepEqual(turned.json.routes[0].responses[0].body, {
          type: 'schema',
          schema: 'shop-orders',
          count: 3,
          array: true,
          format: 'json',
          options: {},
        });
        assert.deepEqual(turned.json.warnings, ['tags is an array (or nested too deep) and has no field: left out']);
        const saved = await call(`${server.url}/api/schemas/shop-orders?key=${key}`);
        assert.equal(saved.status, 200);
        const types = Object.fromEntries(
          saved.json.fields.map((field: { name: string; type: string }) => [field.name, field.type]),
        );
        assert.deepEqual(types, {
          id: 'Row Number',
          name: 'Full Name',
          'customer.email': 'Email Address',
          total: 'Number',
        });
        const rows = (await call(`${server.url}/mock/shop/orders`)).json as Record<string, unknown>[];
        assert.equal(rows.length, 3);
        for (const row of rows) {
          assert.deepEqual(Object.keys(row).sort(), ['customer', 'id', 'name', 'total']);
          assert.match((row.customer as { email: string }).email, /@/);
        }
        assert.notDeepEqual(
          rows.map((row) => row.name),
          RECORDED.map((row) => row.name),
          'generated, not the recorded bytes',
        );
      });

      test('bodies that cannot become rows, unknown routes and bad options are refused with the path', async () => {
        const routes = (await call(`${server.url}/api/mocks/Shop?key=${key}`)).json.routes as { id: string }[];
        const text = await call(`${server.url}/api/mocks/Shop/routes/${routes[1].id}/schema-body?key=${key}`, json({}));
        assert.equal(text.status, 400);
        assert.match(
          text.json.error,
          /routes\[1\]\.responses\[0\]\.body is a text body; only a json body can become a schema/,
        );
        const unknown = await call(`${server.url}/api/mocks/Shop/routes/nope/schema-body?key=${key}`, json({}));
        assert.equal(unknown.status, 404);
        const bad = await call(
          `${server.url}/api/mocks/Shop/routes/${routes[0].id}/schema-body?key=${key}`,
          json({ schema: 'a/b' }),
        );
        assert.equal(bad.status, 400);
        assert.match(bad.json.error, /schema must be a name/);
        const stranger = await server.userKey('free');
        assert.equal(
          (await call(`${server.url}/api/mocks/Shop/routes/${routes[0].id}/schema-body?key=${stranger}`, json({})))
            .status,
          404,
        );
      });
    },
  );
}
