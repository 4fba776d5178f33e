/**
 * `rowloom users reset-password` and `remove` through the real command (bin/rowloom.js), on the
 * database a real server uses, on both databases: what they print, their exit statuses, and
 * what the server then does with the user's password, sessions, keys and data.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POSTGRES_URL, skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../../testing/server-fixture.js';
import { asUser, call, send } from '../../testing/accounts-http.js';

const BIN = fileURLToPath(new URL('../../../bin/rowloom.js', import.meta.url));

/** The environment that points the command at the test database. */
function environment(database: TestDatabase): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, ROWLOOM_SECRET: _secret, ...rest } = process.env;
  if (database.dialect === 'sqlite') return { ...rest, DATA_DIR: dirname(database.sqliteFile) };
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${database.postgresSchema}`);
  return { ...rest, DATA_DIR: dirname(database.sqliteFile), DATABASE_URL: url.href };
}

function rowloom(database: TestDatabase, ...args: string[]) {
  const run = spawnSync(process.execPath, [BIN, 'users', ...args], {
    env: environment(database),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    lastLine: run.stdout.trim().split('\n').at(-1) ?? '',
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`rowloom users (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let database: TestDatabase;
    let server: TestServer;
    before(async () => {
      database = newTestDatabase(dialect);
      server = await startTestServer(database, { signup: { mode: 'invite' } });
    });
    after(() => server?.close());

    test('invite only: users add makes a key-only user; reset-password gives it a password it signs in with', async () => {
      const added = rowloom(database, 'add', 'invited@example.com', '--plan', 'silver');
      assert.equal(added.status, 0, added.stderr);
      assert.match(added.lastLine, /^[0-9a-f]{32}$/);
      assert.equal(
        (
          await call(
            server,
            '/api/session',
            send('POST', { email: 'invited@example.com', password: 'anything at all' }),
          )
        ).status,
        401,
        'no password yet',
      );
      const reset = rowloom(database, 'reset-password', 'invited@example.com');
      assert.equal(reset.status, 0, reset.stderr);
      assert.match(reset.stdout, /New password for invited@example\.com/);
      const password = reset.lastLine;
      assert.ok(password.length >= 16);
      const signedIn = await call(server, '/api/session', send('POST', { email: 'Invited@Example.com', password }));
      assert.equal(signedIn.status, 200, signedIn.text);
      assert.deepEqual(signedIn.json.user, { email: 'invited@example.com', plan: 'silver', admin: false });
      const key = await call(server, '/api/key', {
        headers: { cookie: signedIn.headers.getSetCookie()[0].split(';')[0] },
      });
      assert.equal(key.json.key, added.lastLine, 'the key made by the command is shown on the page');
    });

    test("reset-password ends the user's sessions and the old password", async () => {
      rowloom(database, 'add', 'forgetful@example.com');
      const first = rowloom(database, 'reset-password', 'forgetful@example.com').lastLine;
      const signedIn = await call(
        server,
        '/api/session',
        send('POST', { email: 'forgetful@example.com', password: first }),
      );
      const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
      assert.equal((await call(server, '/api/session', { headers: { cookie } })).status, 200);
      const second = rowloom(database, 'reset-password', 'forgetful@example.com');
      assert.equal(second.status, 0);
      assert.equal((await call(server, '/api/session', { headers: { cookie } })).status, 401, 'signed out everywhere');
      assert.equal(
        (await call(server, '/api/session', send('POST', { email: 'forgetful@example.com', password: first }))).status,
        401,
      );
      assert.equal(
        (
          await call(
            server,
            '/api/session',
            send('POST', { email: 'forgetful@example.com', password: second.lastLine }),
          )
        ).status,
        200,
      );
    });

    test('remove deletes the user and everything they own; the key and the cookie stop working', async () => {
      const key = rowloom(database, 'add', 'leaving@example.com').lastLine;
      const password = rowloom(database, 'reset-password', 'leaving@example.com').lastLine;
      const signedIn = await call(server, '/api/session', send('POST', { email: 'leaving@example.com', password }));
      const user = {
        cookie: signedIn.headers.getSetCookie()[0].split(';')[0],
        csrfToken: String(signedIn.json.csrfToken),
        email: 'leaving@example.com',
        password,
      };
      assert.equal(
        (
          await call(
            server,
            '/api/schemas/kept',
            send('PUT', { fields: [{ name: 'id', type: 'Row Number' }] }, asUser(user)),
          )
        ).status,
        200,
      );
      assert.equal(
        (
          await call(server, `/api/datasets/colours?key=${key}`, {
            method: 'POST',
            headers: { 'content-type': 'text/csv' },
            body: 'colour\nred\n',
          })
        ).status,
        200,
      );
      const owner = await server.store.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'leaving@example.com')
        .executeTakeFirstOrThrow();

      const removed = rowloom(database, 'remove', 'leaving@example.com');
      assert.equal(removed.status, 0, removed.stderr);
      assert.match(removed.stdout, /Removed leaving@example\.com/);
      assert.deepEqual((await call(server, `/api/types?key=${key}`)).json, {
        error: 'Invalid API Key',
        code: 'unauthorized',
      });
      assert.equal((await call(server, '/api/session', { headers: { cookie: user.cookie } })).status, 401);
      for (const table of ['schemas', 'datasets', 'sessions', 'api_keys', 'usage'] as const) {
        const left = await server.store.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', owner.id)
          .execute();
        assert.equal(left.length, 0, `${table} rows left`);
      }
      assert.doesNotMatch(rowloom(database, 'list').stdout, /leaving@example\.com/);
    });

    test('an unknown email: a clear message and exit status 1, nothing changed', () => {
      for (const action of ['reset-password', 'remove']) {
        const run = rowloom(database, action, 'nobody@example.com');
        assert.equal(run.status, 1, `${action}: ${run.stderr}`);
        assert.match(
          run.stderr,
          /^rowloom: no user with the email nobody@example\.com; `rowloom users list` shows them\n$/,
        );
        assert.equal(run.stdout, '');
      }
    });

    test('no email given: the usage line and exit status 2', () => {
      const run = rowloom(database, 'remove');
      assert.equal(run.status, 2);
      assert.match(run.stderr, /usage: rowloom users .*reset-password <email>.*remove <email>/);
    });
  });
}
