/**
 * CRUD across two server instances on one PostgreSQL, through real HTTP: the mock API is
 * created through server A's /api/mocks, records are written and read through either server's
 * /mock/<slug>/users, and a reset through the configuration API brings the seeded records back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import {
  newTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../../testing/server-fixture.js';

const PEOPLE = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'age', type: 'Number', min: 18, max: 90, decimals: 0 },
];

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === '' ? null : (JSON.parse(text) as unknown),
  };
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type Person = { id: number; first_name: string; age?: number; [field: string]: unknown };

describe('CRUD across two server instances on one PostgreSQL', { skip: await skipUnlessAvailable('postgres') }, () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let key: string;
  before(async () => {
    database = newTestDatabase('postgres');
    a = await startTestServer(database, { ownsDatabase: false });
    b = await startTestServer(database, { ownsDatabase: false });
    key = await a.userKey('unlimited');
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  test('create through A, read and PATCH through B, list through A, reset: the seeded records are back', async () => {
    assert.equal(
      (await call(`${a.url}/api/schemas/people?key=${key}`, json('PUT', { fields: PEOPLE, count: 10 }))).status,
      200,
    );
    const created = await call(
      `${a.url}/api/mocks?key=${key}`,
      json('POST', { name: 'shop', routes: [{ path: '/users', kind: 'crud', crud: { schema: 'people', count: 5 } }] }),
    );
    assert.equal(created.status, 201, created.text);
    const slug = (created.json as { slug: string }).slug;
    const users = (server: TestServer, rest = '', query = '') =>
      `${server.url}/mock/${slug}/users${rest}?key=${key}${query}`;

    const seeded = await call(users(b));
    assert.equal(seeded.status, 200, seeded.text);
    assert.deepEqual(
      (seeded.json as Person[]).map((p) => p.id),
      [1, 2, 3, 4, 5],
    );
    assert.equal(seeded.headers.get('x-total-count'), '5');

    const posted = await call(users(a), json('POST', { first_name: 'Ada', age: 36 }));
    assert.equal(posted.status, 201, posted.text);
    assert.deepEqual(posted.json, { id: 6, first_name: 'Ada', age: 36 });
    assert.equal(posted.headers.get('location'), `/mock/${slug}/users/6`);

    const read = await call(users(b, '/6'));
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.json, posted.json);

    const patched = await call(users(b, '/6'), json('PATCH', { age: 37, nickname: 'Countess' }));
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.json, { id: 6, first_name: 'Ada', age: 37, nickname: 'Countess' });

    const listed = await call(users(a, '', '&nickname=Countess'));
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.json, [patched.json]);
    const paged = await call(users(a, '', '&page=2&per_page=4'));
    assert.deepEqual(
      (paged.json as Person[]).map((p) => p.id),
      [5, 6],
    );
    assert.equal(paged.headers.get('x-total-count'), '6');
    // The key is not repeated in the links (they get logged and shared): X-API-Key follows them.
    assert.ok(
      (paged.headers.get('link') ?? '').includes(`</mock/${slug}/users?page=1&per_page=4>; rel="prev"`),
      paged.headers.get('link') ?? 'no Link',
    );
    const prev = await call(`${b.url}/mock/${slug}/users?page=1&per_page=4`, { headers: { 'x-api-key': key } });
    assert.deepEqual(
      (prev.json as Person[]).map((p) => p.id),
      [1, 2, 3, 4],
    );
    assert.match(
      paged.headers.get('access-control-expose-headers') ?? '',
      /X-Total-Count, Link/,
      'browsers may read the paging headers',
    );

    assert.equal((await call(users(a, '/6'), { method: 'DELETE' })).status, 204);
    const gone = await call(users(b, '/6'));
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.json, { error: 'no record with id 6 in /users' });
    assert.equal(
      (
        await call(users(b, '/2'), {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{"first_name": "Grace"}',
        })
      ).status,
      200,
    );

    const reset = await call(`${b.url}/api/mocks/shop/reset?key=${key}`, { method: 'POST' });
    assert.equal(reset.status, 200, reset.text);
    const again = await call(users(a));
    assert.deepEqual(again.json, seeded.json, 'the seeded records are back, the same');
  });

  test('errors come through HTTP as JSON with their status', async () => {
    const created = await call(
      `${a.url}/api/mocks?key=${key}`,
      json('POST', {
        name: 'errors',
        routes: [{ path: '/things', kind: 'crud', crud: { schema: 'people', count: 2 } }],
      }),
    );
    assert.equal(created.status, 201, created.text);
    const slug = (created.json as { slug: string }).slug;
    const things = `${a.url}/mock/${slug}/things`;
    const notObject = await call(`${things}?key=${key}`, json('POST', [1]));
    assert.equal(notObject.status, 400);
    assert.match((notObject.json as { error: string }).error, /must be a JSON object/);
    const taken = await call(`${things}?key=${key}`, json('POST', { id: 1 }));
    assert.equal(taken.status, 409);
    const badPage = await call(`${things}?key=${key}&per_page=0`);
    assert.equal(badPage.status, 400);
    assert.match((badPage.json as { error: string }).error, /per_page/);
    const wrong = await call(`${things}/1?key=${key}`, { method: 'POST' });
    assert.equal(wrong.status, 405);
    assert.match(wrong.headers.get('allow') ?? '', /PATCH/);
    const head = await fetch(`${things}/1?key=${key}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });
});
