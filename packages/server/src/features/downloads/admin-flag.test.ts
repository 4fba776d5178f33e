/** Who is an admin: `rowloom users add --admin` (the real command, on both databases); others get 403. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POSTGRES_URL, skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../../testing/server-fixture.js';
import { call } from '../../testing/downloads-helpers.js';

const BIN = fileURLToPath(new URL('../../../bin/rowloom.js', import.meta.url));

function rowloom(database: TestDatabase, ...args: string[]) {
  const { DATABASE_URL: _url, ROWLOOM_SECRET: _secret, ...rest } = process.env;
  const env: NodeJS.ProcessEnv = { ...rest, DATA_DIR: dirname(database.sqliteFile) };
  if (database.dialect === 'postgres') {
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${database.postgresSchema}`);
    env.DATABASE_URL = url.href;
  }
  const run = spawnSync(process.execPath, [BIN, 'users', ...args], { env, encoding: 'utf8', timeout: 60_000 });
  return {
    status: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    lastLine: run.stdout.trim().split('\n').at(-1) ?? '',
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`admins (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let database: TestDatabase;
    let server: TestServer;
    before(async () => {
      database = newTestDatabase(dialect);
      server = await startTestServer(database);
    });
    after(() => server?.close());

    test('users add --admin makes an admin; users add alone does not', async () => {
      const admin = rowloom(database, 'add', 'boss@example.com', '--admin');
      assert.equal(admin.status, 0, admin.stderr);
      assert.match(admin.stdout, /Created boss@example\.com \(admin\)/);
      const plain = rowloom(database, 'add', 'worker@example.com');
      assert.equal(plain.status, 0, plain.stderr);
      assert.equal((await call(server, `/api/admin/downloads?key=${admin.lastLine}`)).status, 200);
      const refused = await call(server, `/api/admin/downloads?key=${plain.lastLine}`);
      assert.equal(refused.status, 403);
      assert.match(String(refused.json.error), /--admin/);
      assert.equal((await call(server, '/api/admin/downloads')).status, 401);
      assert.equal((await call(server, `/api/admin/downloads?key=${admin.lastLine}&limit=5000`)).status, 400);
    });
  });
}
