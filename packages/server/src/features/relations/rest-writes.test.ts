/**
 * Writes to a project's REST mock through real HTTP on both databases: round trips, lists and
 * children lists after writes (paging, X-Total), who may write, bad bodies, the overlay limit,
 * concurrent writes, CORS.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { fetchAnswer, type Answer } from '../../testing/http-calls.js';
import { OVERLAY_LIMIT } from './rest-writes.js';

type Row = Record<string, unknown>;

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`writes to a project's REST mock (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const call = (path: string, init?: RequestInit, key = suite.key): Promise<Answer> =>
      fetchAnswer(`${suite.server.url}/api/projects/${path}${path.includes('?') ? '&' : '?'}key=${key}`, init);
    const project = async (name: string) => {
      const put = await call(`${name}/model`, json('PUT', { ...shopProject(), name }));
      assert.equal(put.status, 200, put.text);
    };
    /** Every row of a list, read page by page. */
    const wholeList = async (path: string, perPage: number) => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const answer = await call(`${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=${perPage}`);
        assert.equal(answer.status, 200, answer.text);
        rows.push(...(answer.json as Row[]));
        if (answer.json.length < perPage) return { rows, total: Number(answer.headers.get('x-total')) };
      }
    };

    test('create, replace, patch and delete round trip, and a reset forgets them', async () => {
      await project('rt');
      const original = (await call('rt/rest/customers/5')).json as Row;
      const created = await call('rt/rest/customers', json('POST', { first_name: 'Ada', email: 'ada@example.com' }));
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.json, { id: 41, first_name: 'Ada', email: 'ada@example.com' });
      assert.equal(created.headers.get('location'), '/api/projects/rt/rest/customers/41');
      assert.equal((await call('rt/rest/customers', json('POST', {}))).json.id, 42, 'keys follow each other');
      assert.deepEqual((await call('rt/rest/customers/41')).json, created.json);

      const put = await call('rt/rest/customers/5', json('PUT', { id: 99, first_name: 'Grace', tags: ['a'] }));
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.json, { id: 5, first_name: 'Grace', tags: ['a'] }, "the key stays the row's");
      const patched = await call('rt/rest/customers/5', json('PATCH', { tags: null, city: 'Oslo' }));
      assert.deepEqual(patched.json, { id: 5, first_name: 'Grace', city: 'Oslo' });
      assert.deepEqual((await call('rt/rest/customers/5')).json, patched.json);
      const generated = await call('rt/rest/customers/6', json('PATCH', { first_name: 'Lin' }));
      const six = (await call('rt/rest/customers?page=1&per_page=10')).json[5] as Row;
      assert.equal(generated.json.first_name, 'Lin');
      assert.deepEqual(six, generated.json, 'a PATCH of a generated row merges into it');
      assert.ok(Object.keys(six).includes('email'));

      const deleted = await call('rt/rest/customers/7', { method: 'DELETE' });
      assert.equal(deleted.status, 204);
      const again = await call('rt/rest/customers/7');
      assert.equal(again.status, 404);
      assert.match(again.json.error, /table customers has no row with key 7 \(it was deleted/);
      assert.equal((await call('rt/rest/customers/7', { method: 'DELETE' })).status, 404);
      assert.equal((await call('rt/rest/customers/7', json('PUT', {}))).status, 404, 'PUT does not bring it back');
      assert.equal((await call('rt/rest/customers/42', { method: 'DELETE' })).status, 204);

      const list = await wholeList('rt/rest/customers', 100);
      assert.equal(list.total, 40 + 2 - 2);
      assert.deepEqual(
        list.rows.map((r) => r.id),
        [...Array.from({ length: 40 }, (_, i) => i + 1).filter((id) => id !== 7), 41],
      );
      assert.deepEqual(list.rows[4], patched.json);
      for (const perPage of [1, 3, 7, 39])
        assert.deepEqual(await wholeList('rt/rest/customers', perPage), list, `pages of ${perPage}`);

      const reset = await call('rt/rest', { method: 'DELETE' });
      assert.equal(reset.status, 204, reset.text);
      assert.deepEqual((await call('rt/rest/customers/5')).json, original);
      assert.equal((await call('rt/rest/customers/41')).status, 404);
      assert.equal((await call('rt/rest/customers')).headers.get('x-total'), '40');
      assert.equal((await call('rt/rest/customers', json('POST', {}))).json.id, 41, 'the keys start again');
    });

    test("children lists follow the writes: created, moved and deleted children, a created parent's", async () => {
      await project('kids');
      const before = await wholeList('kids/rest/customers/1/orders', 100);
      assert.ok(before.rows.length >= 2, 'customer 1 has orders to move and delete');
      const [moved, removed] = before.rows as { id: number }[];
      const orders = Number((await call('kids/rest/orders')).headers.get('x-total'));
      const created = await call('kids/rest/orders', json('POST', { customer_id: 1, status: 'new' }));
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json.id, orders + 1);
      assert.equal((await call(`kids/rest/orders/${moved.id}`, json('PATCH', { customer_id: 2 }))).status, 200);
      assert.equal((await call(`kids/rest/orders/${removed.id}`, { method: 'DELETE' })).status, 204);

      const after = await wholeList('kids/rest/customers/1/orders', 100);
      const expected = [...before.rows.slice(2), created.json];
      assert.deepEqual(after.rows, expected);
      assert.equal(after.total, expected.length);
      assert.deepEqual(await wholeList('kids/rest/orders?customer_id=1', 1), after, 'the filter is the same list');
      const second = await wholeList('kids/rest/customers/2/orders', 100);
      assert.ok(
        second.rows.some((o) => o.id === moved.id && o.customer_id === 2),
        "a moved child is in its new parent's list",
      );
      const ids = second.rows.map((o) => o.id as number);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'in key order',
      );

      const parent = await call('kids/rest/customers', json('POST', { first_name: 'New' }));
      const child = await call('kids/rest/orders', json('POST', { customer_id: String(parent.json.id) }));
      const theirs = await call(`kids/rest/customers/${parent.json.id}/orders`);
      assert.equal(theirs.status, 200, theirs.text);
      assert.deepEqual(theirs.json, [child.json], 'a key as text names the same parent');
      assert.equal(theirs.headers.get('x-total'), '1');
      assert.equal((await call(`kids/rest/customers/${parent.json.id}/products`)).status, 400);
      await call('kids/rest/customers/3', { method: 'DELETE' });
      assert.equal((await call('kids/rest/customers/3/orders')).status, 404, "a deleted parent's children");
      const whole = await wholeList('kids/rest/orders', 100);
      assert.equal(whole.total, orders + 2 - 1);
    });

    test('a reference with children that reads another column of the parent: a written child joins the parent whose column it names', async () => {
      const document = {
        rowloom_project: 1,
        name: 'byemail',
        seed: 'by-email',
        tables: [
          {
            name: 'people',
            count: 5,
            primary_key: ['id'],
            fields: [
              { name: 'id', type: 'Row Number' },
              { name: 'email', type: 'Email Address' },
            ],
          },
          {
            name: 'notes',
            primary_key: ['id'],
            fields: [
              { name: 'id', type: 'Row Number' },
              {
                name: 'author',
                type: 'Reference',
                table: 'people',
                column: 'email',
                children: 'uniform',
                children_min: 1,
                children_max: 2,
              },
            ],
          },
        ],
      };
      const put = await call('byemail/model', json('PUT', document));
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.json.problems, []);
      const person = (await call('byemail/rest/people/2')).json as Row;
      const before = await wholeList('byemail/rest/people/2/notes', 100);
      assert.ok(before.rows.every((n) => n.author === person.email));
      const note = await call('byemail/rest/notes', json('POST', { author: person.email, text: 'hi' }));
      assert.equal(note.status, 201, note.text);
      const after = await wholeList('byemail/rest/people/2/notes', 100);
      assert.deepEqual(after.rows, [...before.rows, note.json]);
      assert.equal(after.total, before.total + 1);
      assert.equal(
        (await wholeList('byemail/rest/people/3/notes', 100)).rows.some((n) => n.id === note.json.id),
        false,
      );
    });

    test('bad writes get a 4xx naming the problem and change nothing', async () => {
      await project('bad');
      const expect = async (path: string, init: RequestInit, status: number, pattern: RegExp) => {
        const answer = await call(path, init);
        assert.equal(answer.status, status, `${init.method} ${path}: ${answer.text}`);
        assert.match(answer.json.error, pattern);
      };
      await expect('bad/rest/customers', json('POST', { id: 7 }), 400, /"id" is given by the mock/);
      await expect('bad/rest/customers', json('POST', [1, 2]), 400, /body/);
      await expect('bad/rest/customers', json('POST', '{"a":'), 400, /JSON|body/i);
      await expect('bad/rest/customers/1', json('PUT', 'null'), 400, /body/);
      await expect('bad/rest/orders', json('POST', { customer_id: { id: 1 } }), 400, /"customer_id" references/);
      await expect('bad/rest/orders/1', json('PATCH', { customer_id: 'a\u0000b' }), 400, /"customer_id" .* NUL/);
      await expect('bad/rest/orders/1', json('PUT', { customer_id: '' }), 400, /"customer_id" .* is empty/);
      await expect('bad/rest/order_lines/1', json('PUT', {}), 400, /not keyed by a Row Number/);
      await expect('bad/rest/order_lines/1', { method: 'GET' }, 400, /not keyed by a Row Number/);
      await expect('bad/rest/nope', json('POST', {}), 400, /the project has no table nope/);
      await expect('bad/rest/customers/9999', json('PATCH', {}), 404, /no row with key 9999/);
      await expect('bad/rest/customers/abc', { method: 'DELETE' }, 404, /no row with key abc/);
      await expect('bad/rest/customers', json('POST', { big: 'x'.repeat(70_000) }), 413, /at most 65536 bytes/);
      await expect('bad/rest/customers', json('POST', { big: 'x'.repeat(200_000) }), 413, /larger than/);
      let deep: unknown = 1;
      for (let i = 0; i < 150; i++) deep = { deep };
      await expect('bad/rest/customers/2', json('PUT', deep), 400, /nests more than/);
      const text = await call('bad/rest/customers', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hi',
      });
      assert.ok(text.status === 400 || text.status === 415, text.text);
      assert.equal((await call('bad/rest/customers')).headers.get('x-total'), '40', 'nothing was written');
      assert.equal((await call('nope/rest/customers', json('POST', {}))).status, 404);
    });

    test('another user gets 404, an anonymous caller 401, and another site cannot ride the session', async () => {
      await project('owned');
      const other = await suite.server.userKey('unlimited');
      const writes: [string, RequestInit][] = [
        ['owned/rest/customers', json('POST', {})],
        ['owned/rest/customers/1', json('PUT', {})],
        ['owned/rest/customers/1', json('PATCH', {})],
        ['owned/rest/customers/1', { method: 'DELETE' }],
        ['owned/rest', { method: 'DELETE' }],
      ];
      for (const [path, init] of writes) {
        const theirs = await call(path, init, other);
        assert.equal(theirs.status, 404, `${init.method} ${path}: ${theirs.text}`);
        assert.match(theirs.json.error, /no project named "owned"/);
        const anonymous = await fetchAnswer(`${suite.server.url}/api/projects/${path}`, init);
        assert.equal(anonymous.status, 401, `${init.method} ${path}`);
      }

      const user = await suite.server.signUp();
      const own = { cookie: user.cookie, 'x-csrf-token': user.csrfToken };
      const url = (path: string) => `${suite.server.url}/api/projects/${path}`;
      const made = await fetchAnswer(url('site/model'), json('PUT', { ...shopProject(), name: 'site' }, own));
      assert.equal(made.status, 200, made.text);
      const page = await fetchAnswer(
        url('site/rest/customers'),
        json('POST', { first_name: 'Own' }, { ...own, 'sec-fetch-site': 'same-origin' }),
      );
      assert.equal(page.status, 201, "Rowloom's own page writes with its session");
      const foreign = await fetchAnswer(
        url('site/rest/customers'),
        json(
          'POST',
          { first_name: 'Evil' },
          { ...own, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        ),
      );
      assert.equal(foreign.status, 403, foreign.text);
      const noToken = await fetchAnswer(url('site/rest/customers/1'), {
        method: 'DELETE',
        headers: { cookie: user.cookie },
      });
      assert.equal(noToken.status, 403, 'a cookie write needs the CSRF token');
      const list = await fetchAnswer(url('site/rest/customers?page=3&per_page=20'), {
        headers: { cookie: user.cookie },
      });
      assert.deepEqual(list.json.map((r: Row) => r.first_name).slice(-1), ['Own'], 'only the own page wrote');
      assert.equal(list.headers.get('x-total'), '41');
    });

    test('a front end on another origin may write with its key: the preflight allows it, without credentials', async () => {
      await project('cors');
      const preflight = await fetchAnswer(`${suite.server.url}/api/projects/cors/rest/customers/1?key=${suite.key}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'content-type',
        },
      });
      assert.equal(preflight.status, 204, preflight.text);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PATCH/);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/i);
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null);
      const bare = await fetchAnswer(`${suite.server.url}/api/projects/cors/rest`, { method: 'OPTIONS' });
      assert.equal(bare.status, 204, 'a preflight needs no key');
      const written = await call(
        'cors/rest/customers/1',
        json('PATCH', { first_name: 'Cross' }, { origin: 'http://localhost:5173', 'sec-fetch-site': 'cross-site' }),
      );
      assert.equal(written.status, 200, written.text);
      assert.equal(written.headers.get('access-control-allow-origin'), '*');
      const created = await call('cors/rest/customers', json('POST', {}));
      assert.match(created.headers.get('access-control-expose-headers') ?? '', /Location/);
    });

    test(`a project keeps at most ${OVERLAY_LIMIT} written rows: beyond, a 409 until a reset`, async () => {
      await project('full');
      const db = suite.server.store.db;
      const { id } = await db.selectFrom('projects').select('id').where('name', '=', 'full').executeTakeFirstOrThrow();
      // Tombstones of rows past the table's end: as many written rows as the limit less one.
      const rows = Array.from({ length: OVERLAY_LIMIT - 1 }, (_, i) => ({
        project_id: id,
        table_name: 'employees',
        record_key: String(1000 + i),
        position: 999 + i,
        parent_key: null,
        data: null,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('project_rest_rows')
          .values(rows.slice(i, i + 500))
          .execute();
      const last = await call('full/rest/customers/3', json('PATCH', { first_name: 'Last' }));
      assert.equal(last.status, 200, last.text);
      const refused = await call('full/rest/customers', json('POST', {}));
      assert.equal(refused.status, 409, refused.text);
      assert.match(
        refused.json.error,
        /holds 10000 written rows, the most its REST mock keeps; DELETE \/api\/projects\/full\/rest/,
      );
      assert.equal((await call('full/rest/customers/4', { method: 'DELETE' })).status, 409);
      const again = await call('full/rest/customers/3', json('PATCH', { first_name: 'Again' }));
      assert.equal(again.status, 200, 'a written row may still change');
      assert.equal((await call('full/rest/employees')).headers.get('x-total'), '30', 'the tombstones cost no rows');
      assert.equal((await call('full/rest', { method: 'DELETE' })).status, 204);
      assert.equal((await call('full/rest/customers', json('POST', {}))).status, 201);
    });

    test('the OpenAPI document describes every write, under projects', async () => {
      const doc = (await fetchAnswer(`${suite.server.url}/api/openapi.json`)).json;
      const base = '/api/projects/{name}/rest';
      const writes = [
        [`${base}/{table}`, 'post'],
        [`${base}/{table}/{key}`, 'put'],
        [`${base}/{table}/{key}`, 'patch'],
        [`${base}/{table}/{key}`, 'delete'],
        [base, 'delete'],
      ];
      for (const [path, method] of writes) {
        const operation = doc.paths[path]?.[method];
        assert.deepEqual(operation?.tags, ['projects'], `${method} ${path}`);
        assert.ok(operation.summary, `${method} ${path} has a summary`);
      }
      assert.ok(doc.paths[`${base}/{table}`].post.requestBody, 'the POST body is described');
    });

    test('20 concurrent PATCHes of one row lose nothing; 20 concurrent POSTs get 20 keys', async () => {
      await project('busy');
      assert.equal((await call('busy/rest/customers/3', json('PATCH', { n0: 0 }))).status, 200);
      const patches = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call('busy/rest/customers/3', json('PATCH', { [`n${i + 1}`]: i + 1 }))),
      );
      for (const answer of patches) assert.equal(answer.status, 200, answer.text);
      const row = (await call('busy/rest/customers/3')).json as Row;
      for (let i = 0; i <= 20; i++) assert.equal(row[`n${i}`], i, `n${i}`);
      const posts = await Promise.all(Array.from({ length: 20 }, () => call('busy/rest/customers', json('POST', {}))));
      assert.deepEqual(
        posts.map((p) => p.json.id as number).sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => 41 + i),
      );
      assert.equal((await call('busy/rest/customers')).headers.get('x-total'), '60');
    });
  });
}
