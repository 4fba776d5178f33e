/**
 * What the session cookie may do, on both databases through real HTTP: a GET or HEAD with it
 * (what a link, an image or a script tag on any page can send) has no side effects, so it neither
 * starts a background job nor charges the plan; JSONP never answers to it; requests another
 * site's page made (Sec-Fetch-Site cross-site or same-site) are not authenticated by it; a
 * private mock API's calls, charged even as GETs, need the CSRF token. Keys are unaffected.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type SignedUp, type TestServer } from '../../testing/server-fixture.js';
import { asUser, call, send } from '../../testing/accounts-http.js';

const FIELDS = encodeURIComponent(JSON.stringify([{ name: 'id', type: 'Row Number' }]));

async function usage(server: TestServer, user: SignedUp): Promise<{ requests: number; records: number }> {
  const answer = await call(server, '/api/usage', { headers: asUser(user, false) });
  assert.equal(answer.status, 200, answer.text);
  return { requests: Number(answer.json.requests), records: Number(answer.json.records) };
}

async function downloads(server: TestServer, user: SignedUp): Promise<unknown[]> {
  const answer = await call(server, '/api/downloads', { headers: asUser(user, false) });
  assert.equal(answer.status, 200, answer.text);
  return answer.json.downloads as unknown[];
}

/** A key of the signed-up user (GET /api/key with the cookie). */
async function keyOf(server: TestServer, user: SignedUp): Promise<string> {
  return String((await call(server, '/api/key', { headers: asUser(user, false) })).json.key);
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`what the session cookie may do (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server?.close());

    test('a cookie-only GET /api/generate?background=true starts no job: 403 saying to POST /api/downloads or use the key', async () => {
      const victim = await server.signUp();
      for (const path of [
        `/api/generate.csv?background=true&count=5000&fields=${FIELDS}`,
        `/api/generate?background=true&count=5&preview=true&fields=${FIELDS}`,
        `/api/generate.csv?background=true&count=10000000000&fields=${FIELDS}`,
      ]) {
        const refused = await call(server, path, { headers: asUser(victim, false) });
        assert.equal(refused.status, 403, `${path}: ${refused.text}`);
        assert.match(
          String(refused.json.error),
          /POST \/api\/downloads with the X-CSRF-Token header, or send your API key/,
        );
      }
      assert.equal(
        (
          await call(server, `/api/generate.csv?background=true&count=5&fields=${FIELDS}`, {
            method: 'HEAD',
            headers: asUser(victim, false),
          })
        ).status,
        403,
      );
      assert.deepEqual(await downloads(server, victim), [], 'no job was made');
      assert.deepEqual(await usage(server, victim), { requests: 0, records: 0 });
      // With the CSRF token, by POST, the page still starts jobs; with the key, GET still does.
      const posted = await call(server, `/api/downloads.csv?count=5&fields=${FIELDS}`, {
        method: 'POST',
        headers: asUser(victim),
      });
      assert.equal(posted.status, 202, posted.text);
      const byKey = await call(
        server,
        `/api/generate.csv?background=true&count=5&fields=${FIELDS}&key=${await keyOf(server, victim)}`,
      );
      assert.equal(byKey.status, 200, byKey.text);
      assert.equal((await downloads(server, victim)).length, 2);
    });

    test('a cookie-only GET of charged rows is refused and charges nothing; a preview (uncharged) is served; POST with the token and the key still generate', async () => {
      const victim = await server.signUp();
      const charged = await call(server, `/api/generate.json?count=5&fields=${FIELDS}`, {
        headers: asUser(victim, false),
      });
      assert.equal(charged.status, 403, charged.text);
      assert.match(
        String(charged.json.error),
        /only serves uncharged previews \(preview=true.*POST \/api\/generate with the X-CSRF-Token header/,
      );
      assert.equal(
        (
          await call(server, `/api/generate.csv?count=5&fields=${FIELDS}`, {
            method: 'HEAD',
            headers: asUser(victim, false),
          })
        ).status,
        403,
        'HEAD is a GET',
      );
      assert.deepEqual(await usage(server, victim), { requests: 0, records: 0 });
      const preview = await call(server, `/api/generate.json?count=5&preview=true&fields=${FIELDS}`, {
        headers: asUser(victim, false),
      });
      assert.equal(preview.status, 200, preview.text);
      assert.equal((preview.json as unknown as unknown[]).length, 5);
      assert.deepEqual(await usage(server, victim), { requests: 0, records: 0 }, 'a preview is not charged');
      const posted = await call(
        server,
        '/api/generate.json?count=5',
        send('POST', [{ name: 'id', type: 'Row Number' }], asUser(victim)),
      );
      assert.equal(posted.status, 200, posted.text);
      const postedWithoutToken = await call(
        server,
        '/api/generate.json?count=5',
        send('POST', [{ name: 'id', type: 'Row Number' }], asUser(victim, false)),
      );
      assert.equal(postedWithoutToken.status, 403);
      const byKey = await call(
        server,
        `/api/generate.json?count=5&fields=${FIELDS}&key=${await keyOf(server, victim)}`,
      );
      assert.equal(byKey.status, 200, byKey.text);
      assert.deepEqual(await usage(server, victim), { requests: 2, records: 10 });
    });

    test('JSONP needs the key: with the cookie it is 403 saying so; with ?key= it answers', async () => {
      const victim = await server.signUp();
      const saved = await call(
        server,
        '/api/schemas/Secret',
        send(
          'PUT',
          { fields: [{ name: 'code', type: 'Custom List', values: ['victim-secret-4711'] }] },
          asUser(victim),
        ),
      );
      assert.equal(saved.status, 200, saved.text);
      for (const query of [
        'schema=Secret&count=1&callback=steal&preview=true',
        'schema=Secret&count=1&callback=steal',
      ]) {
        const refused = await call(server, `/api/generate.json?${query}`, { headers: asUser(victim, false) });
        assert.equal(refused.status, 403, refused.text);
        assert.match(String(refused.json.error), /JSONP.*needs your API key in \?key=/);
        assert.doesNotMatch(refused.text, /victim-secret/);
      }
      const withToken = await call(server, '/api/generate.json?schema=Secret&callback=steal', {
        method: 'POST',
        headers: asUser(victim),
      });
      assert.equal(withToken.status, 403, 'not by POST with the token either: JSONP is for the key');
      const byKey = await call(
        server,
        `/api/generate.json?schema=Secret&callback=steal&key=${await keyOf(server, victim)}`,
      );
      assert.equal(byKey.status, 200, byKey.text);
      assert.match(byKey.text, /^\/\*\*\/steal\(.*victim-secret-4711.*\);$/s);
    });

    test("Fetch Metadata: a request another site made (cross-site, same-site) is not authenticated by the cookie; the page's own and typed ones are; keys are unaffected", async () => {
      const user = await server.signUp();
      for (const site of ['cross-site', 'same-site']) {
        const read = await call(server, '/api/schemas', {
          headers: { ...asUser(user, false), 'sec-fetch-site': site },
        });
        assert.equal(read.status, 403, `${site}: ${read.text}`);
        assert.match(
          String(read.json.error),
          new RegExp(`another site's page made \\(Sec-Fetch-Site: ${site}\\).*API key`),
        );
        const write = await call(
          server,
          '/api/schemas/Planted',
          send('PUT', { fields: [{ name: 'id', type: 'Row Number' }] }, { ...asUser(user), 'sec-fetch-site': site }),
        );
        assert.equal(write.status, 403, `${site} write, even with the token`);
        const session = await call(server, '/api/session', {
          headers: { ...asUser(user, false), 'sec-fetch-site': site },
        });
        assert.equal(session.status, 401, `${site}: GET /api/session does not answer the CSRF token`);
        assert.equal(session.headers.getSetCookie().length, 0, 'and does not clear the cookie');
      }
      for (const site of ['same-origin', 'none']) {
        assert.equal(
          (await call(server, '/api/schemas', { headers: { ...asUser(user, false), 'sec-fetch-site': site } })).status,
          200,
          site,
        );
      }
      assert.equal(
        (await call(server, '/api/session', { headers: asUser(user, false) })).status,
        200,
        'the session lives on',
      );
      const key = await keyOf(server, user);
      assert.equal(
        (await call(server, `/api/schemas?key=${key}`, { headers: { 'sec-fetch-site': 'cross-site' } })).status,
        200,
        'a key from anywhere',
      );
    });

    test('a private mock API: a cookie-only GET (charged) needs the CSRF token; with it, or the key, it answers', async () => {
      const owner = await server.signUp();
      const slug = `private-${Math.random().toString(36).slice(2, 8)}`;
      const created = await call(
        server,
        '/api/mocks',
        send(
          'POST',
          {
            name: slug,
            slug,
            routes: [{ method: 'GET', path: '/x', responses: [{ body: { type: 'text', text: 'hi' } }] }],
          },
          asUser(owner),
        ),
      );
      assert.equal(created.status, 201, created.text);
      const refused = await call(server, `/mock/${slug}/x`, { headers: asUser(owner, false) });
      assert.equal(refused.status, 403, refused.text);
      assert.match(String(refused.json.error), /charged to its owner's plan.*X-CSRF-Token header whatever its method/);
      assert.deepEqual(await usage(server, owner), { requests: 0, records: 0 });
      const withToken = await call(server, `/mock/${slug}/x`, { headers: asUser(owner) });
      assert.equal(withToken.status, 200, withToken.text);
      assert.equal(withToken.text, 'hi');
      const byKey = await call(server, `/mock/${slug}/x?key=${await keyOf(server, owner)}`);
      assert.equal(byKey.text, 'hi');
      assert.equal((await usage(server, owner)).requests, 2);
      const other = await server.signUp();
      assert.equal(
        (await call(server, `/mock/${slug}/x`, { headers: asUser(other, false) })).status,
        404,
        'another user learns nothing, token or not',
      );
    });
  });
}
