/**
 * Loading a project from the server into the operator's databases, through real HTTP: the real
 * PostgreSQL and an SQLite file as targets, the rows checked with SQL written here.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { LoadStatus } from '@rowloom/contract';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { fetchAnswer } from '../../testing/http-calls.js';
import { TEST_DATABASES, type Scratch } from '../../testing/loads/scratch.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { LoadRunner } from './load-runner.js';
import { INTERRUPTED } from './loads-store.js';

const postgresSkip = await skipUnlessAvailable('postgres');
const scratchOf = (name: string) => TEST_DATABASES.find((d) => d.name === name)!.scratch();
const sqlite: Scratch = await scratchOf('sqlite');
const postgres: Scratch | null = postgresSkip ? null : await scratchOf('postgres');
const big: Scratch = await scratchOf('sqlite');
after(() => Promise.all([sqlite.drop(), big.drop(), postgres?.drop()]));

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

const SQLITE_PATH = sqlite.url.slice('sqlite:'.length);
const TARGETS = [
  { name: 'sandbox', url: sqlite.url, dialect: 'sqlite' as const, users: null },
  { name: 'big', url: big.url, dialect: 'sqlite' as const, users: null },
  { name: 'alices', url: big.url, dialect: 'sqlite' as const, users: ['alice-loads@example.com'] },
  ...(postgres ? [{ name: 'staging', url: postgres.url, dialect: 'postgres' as const, users: null }] : []),
];

describe('loading a project into a configured database from the server', () => {
  const suite = serverForSuite('sqlite', { loadTargets: TARGETS });
  const call = (path: string, init?: RequestInit, key = suite.key) =>
    fetchAnswer(`${suite.server.url}${path}${path.includes('?') ? '&' : '?'}key=${key}`, init);

  async function finished(project: string, id: string): Promise<LoadStatus> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await call(`/api/projects/${project}/loads/${id}`);
      assert.equal(answer.status, 200, answer.text);
      if (!['queued', 'running'].includes(answer.json.state)) return answer.json as LoadStatus;
      assert.ok(Date.now() < deadline, `load ${id} still ${answer.json.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test('the targets are listed by name and kind, never by address, and only to the accounts they are open to', async () => {
    const answer = await call('/api/load-targets');
    assert.equal(answer.status, 200);
    const names = answer.json.targets.map((t: { name: string }) => t.name);
    assert.deepEqual(names, ['sandbox', 'big', ...(postgres ? ['staging'] : [])]);
    assert.ok(!answer.text.includes(SQLITE_PATH) && !answer.text.includes('sqlite:'), answer.text);
    const alice = await suite.server.signUp('alice-loads@example.com');
    const hers = await fetchAnswer(`${suite.server.url}/api/load-targets`, { headers: { cookie: alice.cookie } });
    assert.ok(hers.json.targets.some((t: { name: string }) => t.name === 'alices'));
  });

  test('a load into SQLite writes every table, parents first, and verifies it', async () => {
    assert.equal((await call('/api/projects/shop/model', json('PUT', shopProject()))).status, 200);
    const started = await call('/api/projects/shop/loads', json('POST', { target: 'sandbox', create: true }));
    assert.equal(started.status, 202, started.text);
    assert.equal(started.json.state, 'queued');
    assert.deepEqual(
      started.json.tables.map((t: { table: string }) => t.table),
      ['customers', 'products', 'orders', 'order_lines', 'employees'],
    );
    const load = await finished('shop', started.json.id);
    assert.equal(load.state, 'done', load.error ?? '');
    assert.equal(load.percentComplete, 100);
    assert.ok(load.verify?.ok, load.verify?.summary);
    const db = new Database(SQLITE_PATH, { readonly: true });
    try {
      for (const table of load.tables) {
        const { n } = db.prepare(`select count(*) as n from "${table.table}"`).get() as { n: number };
        assert.equal(n, table.count, table.table);
        assert.equal(table.rows, table.count);
      }
      const orphans = db
        .prepare('select count(*) as n from orders where customer_id not in (select id from customers)')
        .get() as { n: number };
      assert.equal(orphans.n, 0);
    } finally {
      db.close();
    }
  });

  test("a failing load says which table failed, without the database's address, and changes nothing", async () => {
    // The same keys again, appended: the primary keys refuse them.
    const started = await call('/api/projects/shop/loads', json('POST', { target: 'sandbox', mode: 'append' }));
    assert.equal(started.status, 202, started.text);
    const load = await finished('shop', started.json.id);
    assert.equal(load.state, 'failed');
    assert.match(load.error!, /customers/);
    assert.ok(!load.error!.includes(SQLITE_PATH), load.error!);
    const db = new Database(SQLITE_PATH, { readonly: true });
    const { n } = db.prepare('select count(*) as n from customers').get() as { n: number };
    db.close();
    assert.equal(n, 40, 'the failed load rolled back');
    const list = await call('/api/projects/shop/loads');
    assert.deepEqual(
      list.json.loads.map((l: LoadStatus) => l.state),
      ['failed', 'done'],
    );
  });

  test(
    'a truncating load into PostgreSQL replaces the rows; the keys and references hold',
    { skip: postgresSkip },
    async () => {
      for (const mode of ['truncate', 'truncate'] as const) {
        const started = await call('/api/projects/shop/loads', json('POST', { target: 'staging', mode, create: true }));
        assert.equal(started.status, 202, started.text);
        const load = await finished('shop', started.json.id);
        assert.equal(load.state, 'done', load.error ?? '');
        assert.ok(load.verify?.ok, load.verify?.summary);
      }
      const client = new pg.Client({ connectionString: postgres!.url });
      await client.connect();
      try {
        const count = await client.query('select count(*)::int as n from customers');
        assert.equal(count.rows[0].n, 40, 'loaded twice with truncate: once');
        const orphans = await client.query(
          'select count(*)::int as n from order_lines l left join orders o on o.id = l.order_id where o.id is null',
        );
        assert.equal(orphans.rows[0].n, 0);
      } finally {
        await client.end();
      }
    },
  );

  test('a cancelled load rolls back what it wrote', async () => {
    // Big enough that the load is still running when the cancel is heard (within a second), however fast
    // the engine gets: at 400 it once finished first.
    const project = { ...shopProject(4000), name: 'bigshop' };
    assert.equal((await call('/api/projects/bigshop/model', json('PUT', project))).status, 200);
    const started = await call('/api/projects/bigshop/loads', json('POST', { target: 'big', create: true }));
    assert.equal(started.status, 202, started.text);
    const id = started.json.id;
    for (;;) {
      const status = (await call(`/api/projects/bigshop/loads/${id}`)).json as LoadStatus;
      assert.equal(status.state === 'done', false, 'the load ended before it could be cancelled: make it bigger');
      if (status.tables.some((t) => t.rows > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancel = await call(`/api/projects/bigshop/loads/${id}`, { method: 'DELETE' });
    assert.equal(cancel.status, 202, cancel.text);
    const load = await finished('bigshop', id);
    assert.equal(load.state, 'cancelled');
    const db = new Database(big.url.slice('sqlite:'.length), { readonly: true });
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all();
    db.close();
    assert.deepEqual(tables, [], 'the tables it created are gone with the rest');
    const again = await call(`/api/projects/bigshop/loads/${id}`, { method: 'DELETE' });
    assert.equal(again.status, 409);
    assert.match(again.json.error, /already ended \(cancelled\)/);
  });

  test('bad requests are refused, naming what is wrong', async () => {
    const unknown = await call('/api/projects/shop/loads', json('POST', { target: 'prod' }));
    assert.equal(unknown.status, 400);
    assert.match(unknown.json.error, /target: no load target named "prod"; yours are sandbox, big/);
    const closed = await call('/api/projects/shop/loads', json('POST', { target: 'alices' }));
    assert.equal(closed.status, 400, 'a target open to others only is as good as absent');
    const url = await call('/api/projects/shop/loads', json('POST', { target: 'sandbox', url: sqlite.url }));
    assert.equal(url.status, 400, 'an address of the caller is not taken');
    assert.match(url.json.error, /url/);
    const mode = await call('/api/projects/shop/loads', json('POST', { target: 'sandbox', mode: 'replace' }));
    assert.equal(mode.status, 400);
    assert.match(mode.json.error, /mode/);
    const missing = await call('/api/projects/nothing/loads', json('POST', { target: 'sandbox' }));
    assert.equal(missing.status, 404);
  });

  test('a column type that would run SQL in the target is refused when the project is saved', async () => {
    const project = shopProject() as { tables: { name: string; columns?: object }[] };
    const customers = project.tables.find((t) => t.name === 'customers')!;
    for (const sqlType of ['integer); DROP TABLE orders; --', 'text DEFAULT (pg_sleep(5))']) {
      customers.columns = { email: { sql_type: sqlType } };
      const answer = await call('/api/projects/evil/model', json('PUT', { ...project, name: 'evil' }));
      assert.equal(answer.status, 400, answer.text);
      assert.match(answer.json.error, /^table customers, column email: sql_type .* is not a column type/);
    }
    const list = await call('/api/projects');
    assert.ok(!JSON.stringify(list.json).includes('"evil"'), 'nothing was stored');
  });

  test("another user sees none of a project's loads; an anonymous caller gets 401", async () => {
    const list = await call('/api/projects/shop/loads');
    const id = list.json.loads[0].id;
    const other = await suite.server.userKey('unlimited');
    assert.equal((await call(`/api/projects/shop/loads/${id}`, undefined, other)).status, 404);
    assert.equal((await call(`/api/projects/shop/loads/${id}`, { method: 'DELETE' }, other)).status, 404);
    const anonymous = await fetchAnswer(`${suite.server.url}/api/projects/shop/loads/${id}`);
    assert.equal(anonymous.status, 401);
    assert.equal((await fetchAnswer(`${suite.server.url}/api/load-targets`)).status, 401);
  });

  test("a session cookie without the page's CSRF token, or from another site, starts no load", async () => {
    const user = await suite.server.signUp();
    const url = `${suite.server.url}/api/projects/shop/loads`;
    const body = JSON.stringify({ target: 'sandbox' });
    const headers = { 'content-type': 'application/json', cookie: user.cookie };
    const noToken = await fetchAnswer(url, { method: 'POST', headers, body });
    assert.equal(noToken.status, 403, noToken.text);
    const crossSite = await fetchAnswer(url, {
      method: 'POST',
      headers: {
        ...headers,
        'x-csrf-token': user.csrfToken,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body,
    });
    assert.equal(crossSite.status, 403, crossSite.text);
  });

  test('a load whose server stopped is reported failed, not running forever', async () => {
    const { db } = suite.server.store;
    const list = await call('/api/projects/shop/loads');
    const template = await db
      .selectFrom('project_loads')
      .selectAll()
      .where('id', '=', list.json.loads[0].id)
      .executeTakeFirstOrThrow();
    const lost = {
      ...template,
      id: 'lost-load',
      state: 'running',
      instance_id: 'gone',
      heartbeat_at: new Date(Date.now() - 60_000).toISOString(),
      finished_at: null,
      error: null,
    };
    await db.insertInto('project_loads').values(lost).execute();
    const runner = new LoadRunner(db, { instanceId: 'another', beatEveryMs: 20 });
    try {
      const deadline = Date.now() + 10_000;
      let status: LoadStatus;
      do {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await call('/api/projects/shop/loads/lost-load')).json as LoadStatus;
      } while (status.state === 'running' && Date.now() < deadline);
      assert.equal(status.state, 'failed');
      assert.equal(status.error, INTERRUPTED);
    } finally {
      runner.close();
    }
  });
});

describe('a server without load targets', () => {
  const suite = serverForSuite('sqlite');
  test('lists none and says who configures them', async () => {
    const targets = await fetchAnswer(`${suite.server.url}/api/load-targets?key=${suite.key}`);
    assert.deepEqual(targets.json, { targets: [] });
    await fetchAnswer(`${suite.server.url}/api/projects/shop/model?key=${suite.key}`, json('PUT', shopProject()));
    const answer = await fetchAnswer(
      `${suite.server.url}/api/projects/shop/loads?key=${suite.key}`,
      json('POST', { target: 'anything' }),
    );
    assert.equal(answer.status, 400);
    assert.match(answer.json.error, /ROWLOOM_LOAD_TARGETS/);
  });
});
