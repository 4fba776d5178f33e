/** CRUD collections through serveCrud on a real database and real generation threads, both dialects. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { resetCollections } from './crud-collection.js';
import { crudRoute, list, openKit, serve, type Kit, type Person } from '../../../testing/crud-test-kit.js';

const ids = (people: Person[]) => people.map((person) => person.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`CRUD collections (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let kit: Kit;
    before(async () => {
      kit = await openKit(dialect);
    });
    after(() => kit.close());

    test('seeding: count rows of the saved schema, charged once, the same records after a reset', async () => {
      const route = crudRoute('seeded');
      const first = await serve(kit, route);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.rows, 25, 'the seeding rows are reported for the quota');
      const people = first.body as Person[];
      assert.deepEqual(ids(people), range(1, 25));
      assert.equal(typeof people[0].address.city, 'string', 'dotted field names make nested objects');
      assert.ok(['admin', 'editor', 'viewer'].includes(people[0].role));
      assert.equal((await serve(kit, route)).rows, 0, 'the second request does not seed again');

      await serve(kit, route, { method: 'DELETE', key: '3' });
      await serve(kit, route, { method: 'POST', body: { first_name: 'Zed' } });
      await resetCollections(kit.store.db, kit.mockApiId, route.id);
      const again = await serve(kit, route);
      assert.equal(again.rows, 25);
      assert.deepEqual(again.body, people, 'a reset brings the same seeded records back');

      const otherSeed = await list(kit, crudRoute('seeded-2', { seed: 'other' }));
      assert.notDeepEqual(
        otherSeed.map((p) => p.first_name),
        people.map((p) => p.first_name),
        'another seed, other records',
      );
      const sameSeed = await list(kit, crudRoute('seeded-3', { seed: 'seeded' }));
      assert.deepEqual(sameSeed, people, 'the seed defaults to the route id');
    });

    test('a schema without the key field: records are numbered 1..count', async () => {
      const people = (await serve(kit, crudRoute('nameless', { schema: 'nameless', count: 3 }))).body as {
        id: number;
        name: string;
      }[];
      assert.deepEqual(
        people.map((p) => p.id),
        [1, 2, 3],
      );
      assert.deepEqual(Object.keys(people[0]), ['id', 'name'], 'the id goes first');
    });

    test('a missing saved schema is a 409 naming it, and nothing is stored', async () => {
      const route = crudRoute('missing', { schema: 'no such schema' });
      const reply = await serve(kit, route);
      assert.equal(reply.status, 409);
      assert.match((reply.body as { error: string }).error, /saved schema "no such schema"/);
      const stored = await kit.store.db
        .selectFrom('mock_collections')
        .select('route_id')
        .where('route_id', '=', route.id)
        .execute();
      assert.equal(stored.length, 0);
    });

    test('paging: page & per_page, _page & _per_page, _limit, _start & _end, with X-Total-Count and Link', async () => {
      const route = crudRoute('paging');
      const page = await serve(kit, route, {
        query: { page: '2', per_page: '10', role_ne: 'nobody' },
        url: '/mock/shop/users',
      });
      assert.deepEqual(ids(page.body as Person[]), range(11, 20));
      assert.equal(page.headers?.['x-total-count'], '25');
      const link = page.headers?.link ?? '';
      assert.match(link, /<\/mock\/shop\/users\?role_ne=nobody&page=1&per_page=10>; rel="first"/);
      assert.match(link, /<\/mock\/shop\/users\?role_ne=nobody&page=1&per_page=10>; rel="prev"/);
      assert.match(link, /<\/mock\/shop\/users\?role_ne=nobody&page=3&per_page=10>; rel="next"/);
      assert.match(link, /page=3&per_page=10>; rel="last"/);

      const last = await serve(kit, route, { query: { _page: '3', _per_page: '10' } });
      assert.deepEqual(ids(last.body as Person[]), range(21, 25));
      assert.match(
        last.headers?.link ?? '',
        /<\?_page=2&_per_page=10>; rel="prev"/,
        'relative links without the URL, in the words of the request',
      );
      assert.doesNotMatch(last.headers?.link ?? '', /rel="next"/);

      assert.deepEqual(ids(await list(kit, route, { _limit: '5' })), range(1, 5));
      assert.deepEqual(ids(await list(kit, route, { page: '2' })), range(11, 20), 'page alone: 10 per page');
      assert.deepEqual(ids(await list(kit, route, { _start: '5', _end: '8' })), [6, 7, 8]);
      assert.deepEqual(ids(await list(kit, route, { _start: '20', _limit: '100' })), range(21, 25));
      assert.deepEqual(await list(kit, route, { page: '9', per_page: '10' }), [], 'past the end: an empty page');
      const all = await serve(kit, route);
      assert.equal((all.body as Person[]).length, 25);
      assert.equal(all.headers?.link, undefined, 'everything fits: no links');
    });

    test('bad paging parameters are 400s naming the parameter', async () => {
      const route = crudRoute('paging');
      for (const [query, pattern] of [
        [{ per_page: '0' }, /"per_page" must be between 1 and 1000/],
        [{ per_page: '5000' }, /"per_page" must be between 1 and 1000/],
        [{ page: 'two' }, /"page" must be a whole number/],
        [{ _limit: '-1' }, /"_limit" must be a whole number/],
        [{ _start: '10', _end: '5' }, /"_end" \(5\) must not be less than "_start" \(10\)/],
        [{ _start: '0', _end: '5000' }, /at most 1000/],
        [{ _sort: 'age', _order: 'sideways' }, /"_order" must be asc or desc/],
        [{ q: 'x'.repeat(300) }, /"q" is 300 characters long/],
        [{ 'a..b': '1' }, /must name a field or a dotted path/],
      ] as const) {
        const reply = await serve(kit, route, { query });
        assert.equal(reply.status, 400, JSON.stringify(query));
        assert.match((reply.body as { error: string }).error, pattern);
      }
    });

    test('filters, q and sorting', async () => {
      const route = crudRoute('filters');
      const all = await list(kit, route);
      const admins = await list(kit, route, { role: 'admin' });
      assert.deepEqual(
        admins,
        all.filter((p) => p.role === 'admin'),
      );
      assert.ok(admins.length > 0 && admins.length < 25);
      const filtered = await serve(kit, route, { query: { role: 'admin', per_page: '2' } });
      assert.equal(filtered.headers?.['x-total-count'], String(admins.length), 'the total counts the matches');
      assert.deepEqual(filtered.body, admins.slice(0, 2));

      assert.deepEqual(
        await list(kit, route, { age_gte: '40', age_lte: '60' }),
        all.filter((p) => p.age >= 40 && p.age <= 60),
      );
      assert.deepEqual(
        await list(kit, route, { age_gt: '40', age_lt: '60' }),
        all.filter((p) => p.age > 40 && p.age < 60),
      );
      assert.deepEqual(ids(await list(kit, route, { id_ne: '1' })), range(2, 25));
      assert.deepEqual(ids(await list(kit, route, { id: '7' })), [7], 'numbers match their text form');
      const city = all[4].address.city;
      assert.deepEqual(
        await list(kit, route, { 'address.city': city }),
        all.filter((p) => p.address.city === city),
        'dotted paths reach nested objects',
      );
      const name = all[2].first_name;
      const part = name.slice(1, 4).toUpperCase();
      assert.deepEqual(
        await list(kit, route, { first_name_like: part }),
        all.filter((p) => p.first_name.toLowerCase().includes(part.toLowerCase())),
      );
      assert.deepEqual(
        await list(kit, route, { q: city.toLowerCase() }),
        all.filter((p) => JSON.stringify(p).toLowerCase().includes(city.toLowerCase())),
      );
      assert.deepEqual(await list(kit, route, { nosuchfield: 'x' }), [], 'a field no record has matches nothing');
      assert.equal(
        (await list(kit, route, { key: 'abc', __method: 'GET', _: '123' })).length,
        25,
        'the API key, the method override and _-parameters are not filters',
      );

      const byAge = [...all].sort((a, b) => a.age - b.age || a.id - b.id);
      assert.deepEqual(await list(kit, route, { _sort: 'age' }), byAge);
      const byAgeDown = [...all].sort((a, b) => b.age - a.age || a.id - b.id);
      assert.deepEqual(await list(kit, route, { _sort: '-age' }), byAgeDown);
      assert.deepEqual(await list(kit, route, { _sort: 'age', _order: 'desc' }), byAgeDown);
      const byRoleThenAge = [...all].sort((a, b) =>
        a.role < b.role ? -1 : a.role > b.role ? 1 : b.age - a.age || a.id - b.id,
      );
      assert.deepEqual(await list(kit, route, { _sort: 'role,-age' }), byRoleThenAge);
      assert.deepEqual(
        ids(await list(kit, route, { _sort: 'id', _order: 'desc', _page: '1', _per_page: '3' })),
        [25, 24, 23],
        'sorted, then paged',
      );
    });

    test('equality filters find every matching value, whatever characters it holds', async () => {
      const route = crudRoute('odd-values', { count: 0 });
      const values: unknown[] = [
        '50%',
        'a_b',
        'axb',
        'x!y',
        'Ünïcödé',
        'ÜNÏCÖDÉ',
        'quote"d',
        'back\\slash',
        'tab\there',
        'emoji 🦀',
        7,
        7.5,
        -3,
        true,
        false,
        null,
        'MiXeD',
        'mixed',
        '',
      ];
      for (const value of values)
        assert.equal((await serve(kit, route, { method: 'POST', body: { v: value } })).status, 201);
      for (const value of values) {
        const text = value === null ? 'null' : String(value);
        const found = await list(kit, route, { v: text });
        const expected = values.filter((other) => (other === null ? 'null' : String(other)) === text);
        assert.deepEqual(
          found.map((record) => (record as unknown as { v: unknown }).v),
          expected,
          `v=${text}`,
        );
      }
      assert.deepEqual((await list(kit, route, { v: 'a%b' })).length, 0, '% is not a wildcard');
      assert.deepEqual((await list(kit, route, { v: 'a_b', 'nested.v': 'x' })).length, 0);
    });

    test('POST: the next numeric id, own keys, 409 on a taken key, Location', async () => {
      const route = crudRoute('writes', { count: 5 });
      const created = await serve(kit, route, {
        method: 'POST',
        body: { first_name: 'Ada', age: 36 },
        url: '/mock/shop/users',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.deepEqual(created.body, { id: 6, first_name: 'Ada', age: 36 });
      assert.equal(created.headers?.location, '/mock/shop/users/6');
      assert.deepEqual((await serve(kit, route, { key: '6' })).body, { id: 6, first_name: 'Ada', age: 36 });

      const own = await serve(kit, route, { method: 'POST', body: { id: 'ada-lovelace', first_name: 'Ada' } });
      assert.equal(own.status, 201);
      assert.equal(
        own.headers?.location,
        'users/ada-lovelace',
        'without the URL, a reference relative to the collection',
      );
      const taken = await serve(kit, route, { method: 'POST', body: { id: 6 } });
      assert.equal(taken.status, 409);
      assert.match((taken.body as { error: string }).error, /a record with id 6 is already in \/users/);
      assert.equal(
        (await serve(kit, route, { method: 'POST', body: { id: '6' } })).status,
        409,
        'keys compare as text',
      );

      assert.equal((await serve(kit, route, { method: 'POST', body: { id: 100 } })).status, 201);
      assert.deepEqual(
        (await serve(kit, route, { method: 'POST', body: {} })).body,
        { id: 101 },
        'a larger numeric key moves the next id past it',
      );
      assert.equal((await serve(kit, route, { key: '101' })).status, 200);
      assert.deepEqual(
        ids((await list(kit, route)).slice(-4)),
        [6, 'ada-lovelace', 100, 101] as never,
        'new records go to the end',
      );
    });

    test('PUT replaces, PATCH merges (RFC 7396), both keep the key; DELETE; 404s', async () => {
      const route = crudRoute('changes', { count: 3 });
      const original = (await serve(kit, route, { key: '2' })).body as Person;
      const put = await serve(kit, route, {
        method: 'PUT',
        key: '2',
        body: { id: 'elsewhere', first_name: 'Grace', tags: ['a'] },
      });
      assert.equal(put.status, 200);
      assert.deepEqual(
        put.body,
        { id: 2, first_name: 'Grace', tags: ['a'] },
        'replaced whole; the key (a number) kept from the stored record',
      );
      assert.deepEqual((await serve(kit, route, { key: '2' })).body, put.body);

      const patch = await serve(kit, route, {
        method: 'PATCH',
        key: '1',
        body: { age: 99, role: null, address: { zip: '12345' }, id: 500 },
      });
      const first = (await list(kit, crudRoute('changes-original', { count: 3, seed: 'changes' })))[0];
      const { role: _role, ...withoutRole } = first;
      assert.deepEqual(patch.body, { ...withoutRole, age: 99, address: { city: first.address.city, zip: '12345' } });
      assert.deepEqual((await serve(kit, route, { key: '1' })).body, patch.body);

      const gone = await serve(kit, route, { method: 'DELETE', key: '3' });
      assert.equal(gone.status, 204);
      assert.equal(gone.body, null);
      const missing = await serve(kit, route, { key: '3' });
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, { error: 'no record with id 3 in /users' });
      assert.equal((await serve(kit, route, { method: 'DELETE', key: '3' })).status, 404);
      assert.equal(
        (await serve(kit, route, { method: 'PUT', key: '42', body: {} })).status,
        404,
        'PUT does not create',
      );
      assert.equal((await serve(kit, route, { method: 'PATCH', key: '42', body: {} })).status, 404);
      assert.equal(
        (await serve(kit, route, { key: 'x'.repeat(1000) })).status,
        404,
        'an over-long key is simply not there',
      );
      assert.equal((await serve(kit, route, { key: 'a\u0000b' })).status, 404, 'nor is one with NUL');
      assert.deepEqual(ids(await list(kit, route)), [1, 2]);
      assert.notDeepEqual(original, put.body);
    });

    test('bad bodies are 400 or 413 naming the problem; wrong methods 405 with Allow', async () => {
      const route = crudRoute('bad', { count: 2 });
      for (const [call, status, pattern] of [
        [{ method: 'POST', body: [1, 2] }, 400, /POST body must be a JSON object \(the record\), not an array/],
        [{ method: 'POST' }, 400, /not no JSON body/],
        [{ method: 'POST', body: 'text' }, 400, /not a string/],
        [{ method: 'POST', body: { id: { nested: 1 } } }, 400, /"id" must be a string or a number/],
        [{ method: 'POST', body: { id: true } }, 400, /"id" must be a string or a number/],
        [{ method: 'POST', body: { id: 'k'.repeat(300) } }, 400, /"id" is 300 characters long/],
        [{ method: 'POST', body: { id: '' } }, 400, /"id" is empty/],
        [{ method: 'POST', body: { blob: 'x'.repeat(70_000) } }, 413, /at most 65536 bytes/],
        [{ method: 'PATCH', key: '1', body: { blob: 'x'.repeat(70_000) } }, 413, /at most 65536 bytes/],
        [{ method: 'PATCH', key: '1', body: null }, 400, /PATCH body must be a JSON object/],
        [{ method: 'PUT', key: '1', body: 5 }, 400, /PUT body must be a JSON object/],
      ] as const) {
        const reply = await serve(kit, route, call);
        assert.equal(reply.status, status, JSON.stringify(call).slice(0, 100));
        assert.match((reply.body as { error: string }).error, pattern);
      }
      const deep = JSON.parse('{"a":'.repeat(150) + '1' + '}'.repeat(150)) as unknown;
      const tooDeep = await serve(kit, route, { method: 'POST', body: deep });
      assert.equal(tooDeep.status, 400);
      assert.match((tooDeep.body as { error: string }).error, /nests more than 100 levels/);

      const onCollection = await serve(kit, route, { method: 'DELETE' });
      assert.equal(onCollection.status, 405);
      assert.equal(onCollection.headers?.allow, 'GET, HEAD, POST, OPTIONS');
      const onRecord = await serve(kit, route, { method: 'POST', key: '1' });
      assert.equal(onRecord.status, 405);
      assert.equal(onRecord.headers?.allow, 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
      assert.deepEqual(ids(await list(kit, route)), [1, 2], 'nothing was written');
      const proto = await serve(kit, route, {
        method: 'POST',
        body: JSON.parse('{"__proto__": {"polluted": 1}, "name": "p"}'),
      });
      assert.equal(proto.status, 201);
      assert.equal(
        JSON.stringify(proto.body),
        '{"id":3,"__proto__":{"polluted":1},"name":"p"}',
        'a field named __proto__ stays a field',
      );
    });

    test('hostile parameters, keys and bodies: a 4xx or an answer, never a throw or a 5xx', async () => {
      const route = crudRoute('hostile', { count: 3 });
      const queries: Record<string, string>[] = [
        { __proto__: 'x' } as never,
        JSON.parse('{"__proto__": "1", "constructor": "2"}') as Record<string, string>,
        { 'constructor.name': 'Object' },
        { _sort: '__proto__.polluted' },
        { _sort: 'constructor', _order: 'desc' },
        { page: '99999999999999', per_page: '1000' },
        { page: '999999999999999', per_page: '1000' },
        { _start: '999999999999999' },
        { _page: '1', _limit: '1', _start: '' },
        { q: '\u0000%_' },
        { id: '\u0000' },
        { id_like: '%' },
        { 'a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q': '1' },
        Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, 'x'])),
        { _sort: 'a,b,c,d,e,f' },
        { per_page: '1e3' },
        { page: ' 2 ' },
      ];
      for (const query of queries) {
        const reply = await serve(kit, route, { query });
        assert.ok(
          reply.status === 200 || reply.status === 400,
          `${JSON.stringify(query)} -> ${reply.status} ${JSON.stringify(reply.body)}`,
        );
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      for (const key of ['__proto__', 'constructor', '..', '%2F', ' ', '\u0000', '\ud800', 'x'.repeat(257)]) {
        for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
          const reply = await serve(kit, route, { method, key, body: {} });
          assert.equal(reply.status, 404, `${method} ${JSON.stringify(key)}`);
        }
      }
      const lone = await serve(kit, route, { method: 'POST', body: { id: '\ud800', name: 'lone \udc00 surrogate' } });
      assert.equal(lone.status, 400, JSON.stringify(lone.body));
      assert.match((lone.body as { error: string }).error, /"id" contains a lone UTF-16 surrogate/);
      const loneValue = await serve(kit, route, { method: 'POST', body: { name: 'lone \udc00 surrogate' } });
      assert.equal(loneValue.status, 201, 'in other values it is stored (JSON escapes it)');
      assert.equal((await serve(kit, route, { key: String((loneValue.body as { id: number }).id) })).status, 200);
    });

    test('reset of one route leaves the others; reset of the API clears all and the counters', async () => {
      const a = crudRoute('reset-a', { count: 2 });
      const b = crudRoute('reset-b', { count: 2 });
      await serve(kit, a, { method: 'POST', body: {} });
      await serve(kit, b, { method: 'POST', body: {} });
      await kit.store.db
        .insertInto('mock_counters')
        .values({ mock_api_id: kit.mockApiId, route_id: 'reset-a', requests: 7 })
        .execute();
      await resetCollections(kit.store.db, kit.mockApiId, 'reset-a');
      assert.equal((await list(kit, a)).length, 2);
      assert.equal((await list(kit, b)).length, 3);
      const counters = await kit.store.db
        .selectFrom('mock_counters')
        .select('route_id')
        .where('mock_api_id', '=', kit.mockApiId)
        .execute();
      assert.deepEqual(counters, []);
      await resetCollections(kit.store.db, kit.mockApiId);
      const collections = await kit.store.db
        .selectFrom('mock_collections')
        .select('route_id')
        .where('mock_api_id', '=', kit.mockApiId)
        .execute();
      assert.deepEqual(collections, []);
      assert.equal((await list(kit, b)).length, 2);
      // A record left without its collection (a reset in the wrong order elsewhere) does not break the next seeding.
      await kit.store.db
        .insertInto('mock_records')
        .values({
          mock_api_id: kit.mockApiId,
          route_id: 'reset-a',
          record_key: '1',
          position: 99,
          data: '{"id":1,"orphan":true}',
        })
        .execute();
      const reseeded = await list(kit, a);
      assert.equal(reseeded.length, 2);
      assert.ok(!reseeded.some((record) => 'orphan' in record));
    });
  });
}
