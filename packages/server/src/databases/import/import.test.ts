/**
 * Importing the shop (fixtures/: ten tables with composite keys, a self-reference, a join table,
 * CHECK lists, lengths, defaults, uniques) from DDL of both dialects and from live PostgreSQL,
 * MariaDB and SQLite databases, each made for the test and dropped after; bad input; the CLI.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { POSTGRES_URL, skipUnlessAvailable } from '../../testing/databases.js';
import { ImportError, importDdl, introspect, MAX_IMPORT_TABLES } from './index.js';
import { assertShop, field, fixture, table } from './import-testing.js';

const run = promisify(execFile);
const MARIADB_URL = process.env.ROWLOOM_TEST_MARIADB_URL || 'mysql://root@127.0.0.1:3306/test';
const unique = () => `rl_import_${randomBytes(4).toString('hex')}`;

/** false to run; the reason to skip (loudly) when MariaDB is missing; throws under CI. */
async function skipUnlessMariadb(): Promise<false | string> {
  try {
    const connection = await mysql.createConnection({ uri: MARIADB_URL, connectTimeout: 10_000 });
    await connection.end();
    return false;
  } catch (error) {
    const problem = `${MARIADB_URL}: ${(error as Error).message}`;
    if (process.env.CI) throw new Error(`MariaDB is required under CI but unavailable: ${problem}`);
    process.stderr.write(`NOTE: the MariaDB import tests are SKIPPED: ${problem}\n`);
    return `MariaDB unavailable (${problem})`;
  }
}

describe('import from DDL', () => {
  test('PostgreSQL DDL: types, keys, references, CHECK lists, schema-qualified tables', async () => {
    const { project, warnings } = await importDdl(fixture('shop-postgres.sql'), { dialect: 'postgres', name: 'shop' });
    assert.equal(project.name, 'shop');
    assertShop(project, { regions: 'sales.regions', targets: 'sales.targets' });
    assert.deepEqual(field(project, 'customers', 'status'), {
      name: 'status',
      type: 'Custom List',
      values: ['active', 'blocked', 'pending'],
    });
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
    assert.deepEqual(table(project, 'orders').columns?.status.check, ['new', 'paid', 'shipped', 'cancelled']);
    assert.equal(field(project, 'orders', 'placed_at').format, '%Y-%m-%d %H:%M:%S%:z');
    assert.equal(table(project, 'tags').columns?.id.default, 'generated always as identity');
    assert.equal(table(project, 'customers').columns?.id.default, "nextval('customers_id_seq'::regclass)");
    assert.deepEqual(table(project, 'products').unique, [['sku']]);
    assert.equal(field(project, 'customers', 'settings').type, 'Formula');
    assert.ok(
      warnings.some((w) => /CREATE INDEX .*line 97/.test(w)),
      warnings.join('\n'),
    );
    assert.ok(warnings.some((w) => /COMMENT ON/.test(w)));
  });

  test('pg_dump style: ALTER TABLE ... ADD CONSTRAINT, = ANY (ARRAY[...]), identity, psql commands', async () => {
    const ddl = `\\restrict abc
SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE FUNCTION public.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.x := 1; RETURN NEW; END $$;
CREATE TYPE public.mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE public.people (
    id integer NOT NULL,
    status character varying(10) DEFAULT 'new'::character varying NOT NULL,
    mood public.mood,
    CONSTRAINT people_status_check CHECK (((status)::text = ANY ((ARRAY['new'::character varying, 'old'::character varying])::text[])))
);
CREATE TABLE public.pets (id bigint NOT NULL, owner_id integer, name text);
ALTER TABLE public.people ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME public.people_id_seq START WITH 1);
ALTER TABLE ONLY public.people ADD CONSTRAINT people_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.pets ADD CONSTRAINT pets_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.pets ADD CONSTRAINT pets_name_key UNIQUE (name);
ALTER TABLE ONLY public.pets ADD CONSTRAINT pets_owner_fk FOREIGN KEY (owner_id) REFERENCES public.people(id);
\\unrestrict abc
`;
    const { project, warnings } = await importDdl(ddl);
    assert.deepEqual(field(project, 'people', 'status').values, ['new', 'old']);
    assert.deepEqual(field(project, 'people', 'mood').values, ['sad', 'ok', 'happy']);
    assert.equal(table(project, 'people').columns?.status.default, "'new'::character varying");
    assert.equal(table(project, 'people').columns?.id.default, 'generated always as identity');
    assert.deepEqual(table(project, 'pets').primary_key, ['id']);
    assert.deepEqual(table(project, 'pets').unique, [['name']]);
    assert.equal(field(project, 'pets', 'owner_id').type, 'Reference');
    assert.ok(
      warnings.some((w) => /CREATE FUNCTION/.test(w)),
      warnings.join('\n'),
    );
  });

  test('MySQL DDL: enum and CHECK lists, AUTO_INCREMENT, table constraints', async () => {
    const { project, warnings } = await importDdl(fixture('shop-mysql.sql'), { dialect: 'mysql' });
    assertShop(project, { uuid: false });
    assert.deepEqual(field(project, 'customers', 'status').values, ['active', 'blocked', 'pending']);
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
    assert.equal(table(project, 'customers').columns?.id.default, 'auto_increment');
    assert.equal(table(project, 'products').columns?.active.sql_type, 'tinyint(1)');
    assert.ok(warnings.some((w) => /CREATE INDEX/.test(w)));
  });

  test('the dialect is guessed from MySQL marks', async () => {
    const { project } = await importDdl(
      'CREATE TABLE `t` (`id` int NOT NULL AUTO_INCREMENT PRIMARY KEY, `email` varchar(80));',
    );
    assert.equal(field(project, 't', 'email').type, 'Email Address');
  });
});

describe('bad DDL', () => {
  test('a PostgreSQL syntax error names the line and the statement', async () => {
    await assert.rejects(
      importDdl('CREATE TABLE a (id int);\n\nCREATE TABLE b (id int,, x int);', { dialect: 'postgres' }),
      (error: Error) =>
        error instanceof ImportError &&
        /line 3/.test(error.message) &&
        /CREATE TABLE b \(id int,, x int\)/.test(error.message),
    );
  });

  test('a semicolon in a function body does not end the statement named', async () => {
    const ddl =
      'CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\nCREATE TABLE c (id int PRIMARY KEY KEY);';
    await assert.rejects(
      importDdl(ddl, { dialect: 'postgres' }),
      /line 2, column \d+: syntax error at or near "KEY", in the statement "CREATE TABLE c/,
    );
  });

  test('a MySQL syntax error names the line and the statement', async () => {
    await assert.rejects(
      importDdl('CREATE TABLE a (id int);\nCREATE TABLE b (id int,, x int);', { dialect: 'mysql' }),
      (error: Error) =>
        error instanceof ImportError && /line 2/.test(error.message) && /CREATE TABLE b/.test(error.message),
    );
  });

  test('more than 2 MB is refused before parsing', async () => {
    await assert.rejects(
      importDdl(`-- ${'x'.repeat(2 * 1024 * 1024)}\nCREATE TABLE a (id int);`),
      /at most 2097152 .*2 MB/,
    );
  });

  test(`more than ${MAX_IMPORT_TABLES} tables are refused`, async () => {
    const ddl = Array.from({ length: MAX_IMPORT_TABLES + 1 }, (_, i) => `CREATE TABLE t${i} (id int);`).join('\n');
    await assert.rejects(importDdl(ddl, { dialect: 'postgres' }), /201 tables; an import takes at most 200/);
    await assert.rejects(importDdl(ddl, { dialect: 'mysql' }), /201 tables; an import takes at most 200/);
  });

  test('tables without columns of their own are skipped, odd names are warned of', async () => {
    const ddl =
      'CREATE TABLE t (id int PRIMARY KEY); CREATE TABLE u (LIKE t); CREATE TABLE "Odd Name" ("a.b" int, "__x" text);';
    const { project, warnings } = await importDdl(ddl, { dialect: 'postgres' });
    assert.deepEqual(
      project.tables.map((t) => t.name),
      ['t', 'Odd Name'],
    );
    assert.ok(warnings.some((w) => /table u: no columns were read/.test(w)));
    assert.ok(warnings.some((w) => /table Odd Name: a project table's name/.test(w)));
    assert.ok(warnings.some((w) => /column a\.b: a dot or bracket/.test(w)));
    assert.ok(warnings.some((w) => /column __x: a leading "__" would hide/.test(w)));
    await assert.rejects(importDdl('CREATE TABLE u (LIKE t);', { dialect: 'postgres' }), /no table has columns/);
  });

  test('no table at all is an error', async () => {
    await assert.rejects(importDdl('SET x = 1;', { dialect: 'postgres' }), /no CREATE TABLE/);
  });
});

describe('import from a live PostgreSQL', async () => {
  const skip = await skipUnlessAvailable('postgres');
  const schema = unique();
  let client: pg.Client;
  before(async () => {
    if (skip) return;
    client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    // The fixture's "sales" tables go into the test's schema too.
    await client.query(
      fixture('shop-postgres.sql')
        .replace(/sales\./g, '')
        .replace(/^CREATE SCHEMA.*$/m, ''),
    );
  });
  after(async () => {
    if (skip) return;
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  test('the same document as the DDL gives', { skip }, async () => {
    const { project } = await introspect(POSTGRES_URL, { schema, name: 'shop' });
    assertShop(project);
    assert.deepEqual(field(project, 'customers', 'status').values, ['active', 'blocked', 'pending']);
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
    assert.equal(table(project, 'tags').columns?.id.default, 'generated always as identity');
    assert.equal(table(project, 'customers').columns?.created_at.default, 'now()');
    assert.equal(table(project, 'orders').columns?.placed_at.sql_type, 'timestamp with time zone');
    assert.deepEqual(table(project, 'products').unique, [['sku']]);
  });

  test('its pg_dump -s output imports alike', { skip }, async () => {
    const { stdout } = await run('pg_dump', ['--schema-only', `--schema=${schema}`, '--no-owner', POSTGRES_URL]);
    const { project, warnings } = await importDdl(stdout, { schema });
    assertShop(project);
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
    assert.equal(table(project, 'tags').columns?.id.default, 'generated always as identity');
    assert.ok(warnings.some((w) => /SET/.test(w)));
  });

  test('a schema with no tables is a clear error', { skip }, async () => {
    await assert.rejects(introspect(POSTGRES_URL, { schema: `${schema}_none` }), /has no tables/);
  });
});

describe('import from a live MariaDB', async () => {
  const skip = await skipUnlessMariadb();
  const database = unique();
  let connection: mysql.Connection;
  before(async () => {
    if (skip) return;
    connection = await mysql.createConnection({ uri: MARIADB_URL, multipleStatements: true });
    await connection.query(`CREATE DATABASE ${database}; USE ${database};`);
    await connection.query(fixture('shop-mysql.sql'));
  });
  after(async () => {
    if (skip) return;
    await connection.query(`DROP DATABASE IF EXISTS ${database}`);
    await connection.end();
  });

  test('the same document as the DDL gives', { skip }, async () => {
    const url = MARIADB_URL.replace(/\/[^/]*$/, `/${database}`);
    const { project } = await introspect(url.replace(/^mysql:/, 'mariadb:'));
    assertShop(project, { uuid: false });
    assert.deepEqual(field(project, 'customers', 'status').values, ['active', 'blocked', 'pending']);
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
    assert.equal(table(project, 'customers').columns?.id.default, 'auto_increment');
  });

  test('its mariadb-dump --no-data output imports alike', { skip }, async () => {
    const { hostname, port, username } = new URL(MARIADB_URL);
    const dump = await run('mariadb-dump', [
      '-h',
      hostname,
      '-P',
      port || '3306',
      '-u',
      username || 'root',
      '--no-data',
      database,
    ]);
    const { project } = await importDdl(dump.stdout, { dialect: 'mysql' });
    assertShop(project, { uuid: false });
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
  });
});

describe('import from a SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'rl-import-'));
  const file = join(directory, 'shop.db');
  before(() => {
    const db = new Database(file);
    db.exec(fixture('shop-sqlite.sql'));
    db.close();
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  test('the same document as the DDL gives', async () => {
    const { project } = await introspect(`sqlite:${file}`);
    assertShop(project);
    assert.equal(table(project, 'customers').columns?.country_code.default, "'US'");
    assert.deepEqual(field(project, 'customers', 'status').values, ['active', 'blocked', 'pending']);
    assert.deepEqual(field(project, 'orders', 'status').values, ['new', 'paid', 'shipped', 'cancelled']);
  });

  test('a missing file is a clear error', async () => {
    await assert.rejects(introspect(join(directory, 'none.sqlite')), /no SQLite file at/);
  });
});

describe('unreachable databases fail fast and clearly', () => {
  test('PostgreSQL on a closed port', async () => {
    const started = Date.now();
    await assert.rejects(
      introspect('postgres://postgres@127.0.0.1:1/test'),
      /cannot connect to postgres:\/\/postgres@127\.0\.0\.1:1\/test/,
    );
    assert.ok(Date.now() - started < 10_000);
  });

  test('MariaDB on a closed port, the password hidden', async () => {
    await assert.rejects(introspect('mysql://root:secret@127.0.0.1:1/test'), (error: Error) => {
      assert.match(error.message, /cannot connect to mysql:\/\/root:\*\*\*@127\.0\.0\.1:1\/test/);
      assert.doesNotMatch(error.message, /secret/);
      return true;
    });
  });

  test('something that is not a database', async () => {
    await assert.rejects(introspect('ftp://example.test/x'), /is not a database/);
  });
});

describe('rowloom import (the command)', () => {
  const bin = fileURLToPath(new URL('../../../bin/rowloom.js', import.meta.url));
  const directory = mkdtempSync(join(tmpdir(), 'rl-import-cli-'));
  after(() => rmSync(directory, { recursive: true, force: true }));

  test('writes the document to --out and warnings to stderr', async () => {
    const ddl = join(directory, 'shop.sql');
    writeFileSync(ddl, fixture('shop-mysql.sql'));
    const out = join(directory, 'project.json');
    const { stderr } = await run(process.execPath, [
      bin,
      'import',
      ddl,
      '--out',
      out,
      '--dialect',
      'mysql',
      '--name',
      'shop',
    ]);
    assert.match(stderr, /warning: ignored a statement CREATE INDEX/);
    const project = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(project.name, 'shop');
    assertShop(project, { uuid: false });
  });

  test('prints to stdout without --out', async () => {
    const ddl = join(directory, 'one.sql');
    writeFileSync(ddl, 'CREATE TABLE people (id serial PRIMARY KEY, first_name varchar(40) NOT NULL);');
    const { stdout } = await run(process.execPath, [bin, 'import', ddl]);
    const project = JSON.parse(stdout);
    assert.equal(project.name, 'one');
    assert.equal(project.tables[0].fields[1].type, 'First Name');
  });

  test('exit 1 for bad input, 2 for usage', async () => {
    const bad = join(directory, 'bad.sql');
    writeFileSync(bad, 'CREATE TABLE (;');
    await assert.rejects(run(process.execPath, [bin, 'import', bad]), (error: { code?: number; stderr?: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr ?? '', /line 1/);
      return true;
    });
    await assert.rejects(run(process.execPath, [bin, 'import']), (error: { code?: number }) => error.code === 2);
    await assert.rejects(
      run(process.execPath, [bin, 'import', bad, '--dialect', 'oracle']),
      (error: { code?: number }) => error.code === 2,
    );
  });
});
