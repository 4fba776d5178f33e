/** Projects of related tables through real HTTP on both databases: the model, the ZIP, rows and the REST mock. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { zipEntries } from '@rowloom/core/testing/zip-entries';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { fetchAnswer } from '../../testing/http-calls.js';
import { waitFor } from '../../testing/downloads-helpers.js';
import Database from 'better-sqlite3';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`projects of related tables (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const api = (path: string, init?: RequestInit) =>
      fetchAnswer(`${suite.server.url}/api/projects/${path}${path.includes('?') ? '&' : '?'}key=${suite.key}`, init);

    test('a project document is stored as saved schemas and comes back with counts, references and load order', async () => {
      const put = await api('shop/model', json('PUT', shopProject()));
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.json.problems, []);
      assert.deepEqual(put.json.load_order, ['customers', 'products', 'orders', 'order_lines', 'employees']);
      const orders = put.json.tables.find((t: { name: string }) => t.name === 'orders');
      assert.equal(orders.schema, 'shop/orders');
      assert.deepEqual(orders.references[0], {
        fields: ['customer_id'],
        table: 'customers',
        columns: ['id'],
        link: 'customers',
        children: 'poisson',
        optional: false,
        self: false,
        deferred: false,
      });
      assert.equal(put.json.tables.find((t: { name: string }) => t.name === 'customers').count, 40);
      const schema = await fetchAnswer(
        `${suite.server.url}/api/schemas/${encodeURIComponent('shop/orders')}?key=${suite.key}`,
      );
      assert.equal(schema.json.project, 'shop');
      const again = await api('shop/model');
      assert.deepEqual(again.json, put.json);
    });

    test('the ZIP holds a file per table whose references all match', async () => {
      const response = await fetch(`${suite.server.url}/api/projects/shop/download?format=csv&key=${suite.key}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/zip');
      const entries = await zipEntries(Buffer.from(await response.arrayBuffer()));
      assert.deepEqual(
        [...entries.keys()],
        ['customers.csv', 'products.csv', 'orders.csv', 'order_lines.csv', 'employees.csv'],
      );
      const table = (name: string) => parse(entries.get(`${name}.csv`)!, { columns: true }) as Record<string, string>[];
      const customers = new Set(table('customers').map((c) => c.id));
      for (const order of table('orders')) assert.ok(customers.has(order.customer_id));
    });

    test('rows and the REST mock give the rows of the files', async () => {
      const rows = await api('shop/tables/orders/rows?offset=0&limit=5');
      assert.equal(rows.status, 200, rows.text);
      assert.equal(rows.json.rows.length, 5);
      const list = await api('shop/rest/customers?page=2&per_page=10');
      assert.equal(list.status, 200);
      assert.equal(list.headers.get('x-total'), '40');
      assert.equal(list.headers.get('access-control-allow-origin'), '*', 'a front end on another origin may read it');
      assert.equal(list.headers.get('access-control-expose-headers'), 'X-Total, Location');
      assert.equal(list.json[0].id, 11);
      const one = await api('shop/rest/customers/11');
      assert.deepEqual(one.json, list.json[0]);
      const children = await api('shop/rest/customers/1/orders');
      assert.equal(children.status, 200, children.text);
      assert.ok(children.json.every((order: { customer_id: number }) => order.customer_id === 1));
      const filtered = await api('shop/rest/orders?customer_id=1');
      assert.deepEqual(
        filtered.json,
        children.json,
        "filtering by the reference with children is the parent's children",
      );
      const otherFilter = await api('shop/rest/orders?status=paid');
      assert.equal(otherFilter.status, 400);
      assert.match(otherFilter.json.error, /table orders can be filtered by customer_id only/);
      const firstOrders = rows.json.rows.filter((o: { customer_id: number }) => o.customer_id === 1);
      assert.deepEqual(children.json.slice(0, firstOrders.length), firstOrders);
    });

    test('mistakes get a 4xx naming what is wrong and change nothing', async () => {
      const missing = await api('nope/model');
      assert.equal(missing.status, 404);
      assert.match(missing.json.error, /no project named "nope"/);
      const table = await api('shop/rest/nope');
      assert.equal(table.status, 400);
      assert.match(table.json.error, /no table nope \(tables: order_lines, customers, products, orders, employees\)/);
      const key = await api('shop/rest/customers/9999');
      assert.equal(key.status, 404);
      const badChild = await api('shop/rest/customers/1/products');
      assert.equal(badChild.status, 400);
      assert.match(badChild.json.error, /products has no reference with children to customers/);
      const tooMany = await api('shop/tables/orders/rows?limit=1000');
      assert.equal(tooMany.status, 400);
      const invalid = await api('shop/model', json('PUT', { rowloom_project: 1, name: 'shop', tables: [] }));
      assert.equal(invalid.status, 400);
      assert.match(invalid.json.error, /tables/);
      const broken = shopProject() as { tables: { fields: Record<string, unknown>[] }[] };
      broken.tables[0].fields[0].table = 'order';
      const stored = await api('broken/model', json('PUT', broken));
      assert.equal(stored.status, 200);
      assert.match(stored.json.problems[0], /no table is named order/);
      const download = await api('broken/download');
      assert.equal(download.status, 400);
      assert.match(download.json.error, /the project cannot generate yet: .*no table is named order/);
      const unchanged = await api('shop/model');
      assert.equal(unchanged.json.tables.length, 5);
    });

    test('SQL DDL becomes the project: tables, keys, references and CHECK lists', async () => {
      const ddl = `
        create table authors (id serial primary key, email varchar(120) not null unique, country_code char(2));
        create table books (
          id integer primary key,
          author_id integer not null references authors(id),
          status text not null check (status in ('draft', 'published')),
          created_at timestamp not null
        );`;
      const imported = await api('library/import', json('POST', { ddl, dialect: 'postgres' }));
      assert.equal(imported.status, 200, imported.text);
      assert.deepEqual(imported.json.problems, []);
      assert.deepEqual(imported.json.load_order, ['authors', 'books']);
      const books = imported.json.document.tables.find((t: { name: string }) => t.name === 'books');
      const field = (name: string) => books.fields.find((f: { name: string }) => f.name === name);
      assert.equal(field('author_id').type, 'Reference');
      assert.equal(field('author_id').table, 'authors');
      assert.equal(field('status').type, 'Custom List');
      assert.equal(field('created_at').type, 'Datetime');
      const authors = imported.json.document.tables.find((t: { name: string }) => t.name === 'authors');
      assert.equal(authors.fields.find((f: { name: string }) => f.name === 'email').type, 'Email Address');
      const broken = await api('library/import', json('POST', { ddl: 'create table (;', dialect: 'postgres' }));
      assert.equal(broken.status, 400);
      assert.match(broken.json.error, /^ddl: .*line 1/);
      const kept = await api('library/model');
      assert.equal(kept.json.tables.length, 2, 'a failed import changes nothing');
    });

    test('the SQL script creates and fills the tables in a real SQLite', async () => {
      const script = await api('shop/script?dialect=sqlite&create=true');
      assert.equal(script.status, 200, script.text);
      assert.match(script.headers.get('content-disposition') ?? '', /shop-sqlite\.sql/);
      const db = new Database(':memory:');
      db.exec(script.text);
      const model = await api('shop/model');
      for (const table of model.json.tables)
        assert.equal(
          (db.prepare(`select count(*) as n from "${table.name}"`).get() as { n: number }).n,
          table.count,
          table.name,
        );
      db.close();
      const dialect = await api('shop/script?dialect=oracle');
      assert.equal(dialect.status, 400);
    });

    test('as background jobs, each table is the file the ZIP holds, byte for byte', async () => {
      const submitted = await api('shop/jobs?format=csv', { method: 'POST' });
      assert.equal(submitted.status, 202, submitted.text);
      const jobs = submitted.json.jobs as { id: string }[];
      assert.equal(jobs.length, 5);
      const zip = await fetch(`${suite.server.url}/api/projects/shop/download?format=csv&key=${suite.key}`);
      const entries = await zipEntries(Buffer.from(await zip.arrayBuffer()));
      const names = [...entries.keys()];
      for (const [i, job] of jobs.entries()) {
        await waitFor(suite.server, suite.key, job.id, ['done'], 120_000);
        const file = await fetch(`${suite.server.url}/api/downloads/${job.id}/file?key=${suite.key}`);
        assert.ok(Buffer.from(await file.arrayBuffer()).equals(entries.get(names[i])!), `${names[i]} is the same file`);
      }
    });

    test("the builder's preview and check of a project's table read its parents", async () => {
      const orders = (shopProject() as { tables: { name: string; fields: Record<string, unknown>[] }[] }).tables.find(
        (t) => t.name === 'orders',
      )!;
      const body = json('POST', orders.fields);
      const alone = await fetchAnswer(`${suite.server.url}/api/schema-check?key=${suite.key}`, body);
      assert.match(JSON.stringify(alone.json.problems), /a Reference reads table customers of a project/);
      const check = await fetchAnswer(
        `${suite.server.url}/api/schema-check?key=${suite.key}&project=shop&table=orders`,
        body,
      );
      assert.deepEqual(check.json.problems, []);
      const preview = await fetchAnswer(
        `${suite.server.url}/api/generate.json?key=${suite.key}&count=5&preview=true&project=shop&table=orders`,
        body,
      );
      assert.equal(preview.status, 200, preview.text);
      const stored = await api('shop/tables/orders/rows?limit=5');
      assert.deepEqual(preview.json, stored.json.rows, "the draft's rows are the project's rows");
      const wrong = await fetchAnswer(
        `${suite.server.url}/api/schema-check?key=${suite.key}&project=shop&table=nope`,
        body,
      );
      assert.equal(wrong.status, 400);
      assert.match(wrong.json.error, /project "shop" has no table nope/);
    });

    test('another user sees none of it, and an anonymous caller nothing', async () => {
      const other = await suite.server.userKey('unlimited');
      const reads = [
        'shop/model',
        'shop/download?format=csv',
        'shop/script?dialect=sqlite',
        'shop/tables/orders/rows',
        'shop/rest/customers',
        'shop/rest/customers/1',
        'shop/rest/customers/1/orders',
      ];
      for (const path of reads) {
        const answer = await fetchAnswer(
          `${suite.server.url}/api/projects/${path}${path.includes('?') ? '&' : '?'}key=${other}`,
        );
        assert.equal(answer.status, 404, `${path}: ${answer.text}`);
        assert.match(answer.json.error, /no project named "shop"/);
        const anonymous = await fetchAnswer(`${suite.server.url}/api/projects/${path}`);
        assert.equal(anonymous.status, 401, path);
      }
      const jobs = await fetchAnswer(`${suite.server.url}/api/projects/shop/jobs?key=${other}`, { method: 'POST' });
      assert.equal(jobs.status, 404);
      const borrowed = await fetchAnswer(
        `${suite.server.url}/api/generate.json?key=${other}&count=2&project=shop&table=orders`,
        json('POST', [{ name: 'id', type: 'Row Number' }]),
      );
      assert.equal(borrowed.status, 404, "another user's project cannot be read through generate either");
      // Another user's own project of the same name is theirs alone: ours is unchanged.
      const theirs = await fetchAnswer(
        `${suite.server.url}/api/projects/shop/model?key=${other}`,
        json('PUT', { ...shopProject(), tables: (shopProject() as { tables: unknown[] }).tables.slice(1, 3) }),
      );
      assert.equal(theirs.status, 200, theirs.text);
      assert.equal((await api('shop/model')).json.tables.length, 5);
    });

    test("another site's page cannot use a signed-in user's session on the project or its mock", async () => {
      const user = await suite.server.signUp();
      const put = await fetchAnswer(`${suite.server.url}/api/projects/mine/model`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken },
        body: JSON.stringify(shopProject()),
      });
      assert.equal(put.status, 200, put.text);
      for (const path of ['mine/model', 'mine/rest/customers', 'mine/download']) {
        const own = await fetchAnswer(`${suite.server.url}/api/projects/${path}`, {
          headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
        });
        assert.equal(own.status, 200, `${path} from Rowloom's own page`);
        const foreign = await fetchAnswer(`${suite.server.url}/api/projects/${path}`, {
          headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
        });
        assert.ok(foreign.status === 401 || foreign.status === 403, `${path} from another site: ${foreign.status}`);
        assert.doesNotMatch(foreign.text, /customers|email/, 'nothing of the project in the answer');
      }
    });
  });
}
