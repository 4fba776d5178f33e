/**
 * /api/downloads through real HTTP on both databases, with the in-process job runner and a
 * directory store: a job's file equals one generate call; ranges re-assemble it; another
 * user's id is a 404; cancel gives back the rows not made; finished downloads are removed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { call, post, waitFor } from '../../testing/downloads-helpers.js';
import type { DownloadStatus } from '../../jobs/job-contract.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'price', type: 'Number', min: 1, max: 500, decimals: 2 },
  { name: 'when', type: 'Formula', value: 'now()' },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`downloads (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const start = async (query: string, body: unknown = FIELDS, key = suite.key) => {
      const answer = await call(
        suite.server,
        `/api/downloads${query}${query.includes('?') ? '&' : '?'}key=${key}`,
        post(body),
      );
      assert.equal(answer.status, 202, answer.text);
      return answer;
    };

    test('a job answers 202 at once; its file is byte-identical to one generate call with the same seed (csv, json, xml)', async () => {
      for (const [path, query] of [
        ['.csv', ''],
        ['', '&format=json&array=true'],
        ['.xml', '&root_element=rows'],
      ]) {
        const started = await start(`${path}?count=1234&seed=abc${query}`);
        const status = started.json as unknown as DownloadStatus;
        assert.match(status.id, /^[0-9a-f-]{36}$/);
        assert.ok(['queued', 'running', 'assembling', 'done'].includes(status.status));
        assert.equal(status.count, 1234);
        assert.equal(started.headers.get('location'), `${suite.server.url}/api/downloads/${status.id}`);
        const done = await waitFor(suite.server, suite.key, status.id, ['done', 'failed']);
        assert.equal(done.status, 'done', JSON.stringify(done));
        assert.equal(done.percentComplete, 100);
        assert.equal(done.recordsGenerated, 1234);
        assert.equal(done.url, `${suite.server.url}/api/downloads/${status.id}/file`);
        const file = await call(suite.server, `/api/downloads/${status.id}/file?key=${suite.key}`);
        assert.equal(file.status, 200);
        const format = path ? path.slice(1) : 'json';
        const reference = await call(
          suite.server,
          `/api/generate.${format}?key=${suite.key}&count=1234&seed=abc${query.replace('&format=json', '')}`,
          post(FIELDS),
        );
        assert.equal(reference.status, 200);
        assert.ok(file.bytes.equals(reference.bytes), `${format}: the job's file differs from generate's output`);
        assert.equal(done.bytes, file.bytes.length);
        assert.equal(file.headers.get('content-type'), reference.headers.get('content-type'));
        assert.match(
          file.headers.get('content-disposition') ?? '',
          new RegExp(`^attachment; filename="rowloom-${status.id.slice(0, 8)}\\.${format}"$`),
        );
        assert.equal(file.headers.get('accept-ranges'), 'bytes');
      }
    });

    test("a saved schema's fixed seed makes a job's file, unless the request gives its own seed", async () => {
      const fields = FIELDS.slice(0, 3);
      const saved = await call(suite.server, `/api/schemas/seeded?key=${suite.key}`, {
        ...post({ fields, count: 50, seed: 'fixed' }),
        method: 'PUT',
      });
      assert.equal(saved.status, 200, saved.text);
      const fileOf = async (query: string) => {
        const started = await call(suite.server, `/api/downloads.csv?schema=seeded${query}&key=${suite.key}`, {
          method: 'POST',
        });
        assert.equal(started.status, 202, started.text);
        const status = started.json as unknown as DownloadStatus;
        const done = await waitFor(suite.server, suite.key, status.id, ['done', 'failed']);
        assert.equal(done.status, 'done', JSON.stringify(done));
        return (await call(suite.server, `/api/downloads/${status.id}/file?key=${suite.key}`)).bytes;
      };
      const reference = await call(
        suite.server,
        `/api/generate.csv?key=${suite.key}&count=50&seed=fixed`,
        post(fields),
      );
      assert.ok((await fileOf('')).equals(reference.bytes), 'the saved seed is used');
      assert.ok(!(await fileOf('&seed=other')).equals(reference.bytes), "the request's own seed wins");
    });

    test('ranges: 206 with Content-Range, resuming re-assembles the file byte-identically; 416 past the end', async () => {
      const { json } = await start('.csv?count=3000&seed=ranges');
      const id = (json as unknown as DownloadStatus).id;
      await waitFor(suite.server, suite.key, id, ['done']);
      const whole = (await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`)).bytes;
      const size = whole.length;
      // A client that got the first part, then resumed twice.
      const cuts = [0, 1000, Math.floor(size / 2), size];
      const pieces: Buffer[] = [];
      for (let i = 0; i < 3; i++) {
        const last = i === 2 ? '' : String(cuts[i + 1] - 1);
        const part = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`, {
          headers: { range: `bytes=${cuts[i]}-${last}` },
        });
        assert.equal(part.status, 206, part.text);
        assert.equal(part.headers.get('content-range'), `bytes ${cuts[i]}-${cuts[i + 1] - 1}/${size}`);
        assert.equal(Number(part.headers.get('content-length')), cuts[i + 1] - cuts[i]);
        pieces.push(part.bytes);
      }
      assert.ok(Buffer.concat(pieces).equals(whole));
      const suffix = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`, {
        headers: { range: 'bytes=-10' },
      });
      assert.equal(suffix.status, 206);
      assert.ok(suffix.bytes.equals(whole.subarray(size - 10)));
      const past = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`, {
        headers: { range: `bytes=${size}-` },
      });
      assert.equal(past.status, 416);
      assert.equal(past.headers.get('content-range'), `bytes */${size}`);
      assert.match(String(past.json.error), /past the end/);
      // Several ranges and nonsense are ignored (RFC 9110 allows it): the whole file.
      for (const range of ['bytes=0-1,5-6', 'pages=1-2', 'bytes=9-3']) {
        const all = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`, { headers: { range } });
        assert.equal(all.status, 200, range);
        assert.ok(all.bytes.equals(whole));
      }
      const head = await fetch(`${suite.server.url}/api/downloads/${id}/file?key=${suite.key}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(Number(head.headers.get('content-length')), size);
      assert.equal((await head.arrayBuffer()).byteLength, 0);
      // If-Range with another ETag: the file changed, so the whole of it.
      const stale = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`, {
        headers: { range: 'bytes=0-9', 'if-range': '"other"' },
      });
      assert.equal(stale.status, 200);
    });

    test('the list is newest first; another user sees 404 for every route of my download; DELETE removes a finished one', async () => {
      const first = (await start('.csv?count=5')).json as unknown as DownloadStatus;
      const second = (await start('.json?count=6')).json as unknown as DownloadStatus;
      await waitFor(suite.server, suite.key, second.id, ['done']);
      const list = await call(suite.server, `/api/downloads?key=${suite.key}&limit=2`);
      assert.equal(list.status, 200);
      assert.deepEqual(
        (list.json.downloads as DownloadStatus[]).map((d) => d.id),
        [second.id, first.id],
      );
      const other = await suite.server.userKey('unlimited');
      assert.deepEqual((await call(suite.server, `/api/downloads?key=${other}`)).json, { downloads: [] });
      for (const [method, path] of [
        ['GET', ''],
        ['GET', '/file'],
        ['DELETE', ''],
      ]) {
        const answer = await call(suite.server, `/api/downloads/${second.id}${path}?key=${other}`, { method });
        assert.equal(answer.status, 404, `${method} ${path}`);
        assert.match(String(answer.json.error), /no download with the id/);
      }
      const removed = await call(suite.server, `/api/downloads/${second.id}?key=${suite.key}`, { method: 'DELETE' });
      assert.equal(removed.status, 204);
      assert.equal((await call(suite.server, `/api/downloads/${second.id}?key=${suite.key}`)).status, 404);
      assert.equal(await suite.server.app.hasRoute({ method: 'GET', url: '/api/downloads/:id/file' }), true);
      assert.equal((await call(suite.server, `/api/downloads?key=${suite.key}&limit=0`)).status, 400);
      for (const id of ['%00', 'a'.repeat(5000), '..%2F..%2Fetc', '%E2%82%AC']) {
        for (const path of ['', '/file'])
          assert.equal(
            (await call(suite.server, `/api/downloads/${id}${path}?key=${suite.key}`)).status,
            404,
            id.slice(0, 20),
          );
      }
      assert.equal((await call(suite.server, '/api/downloads')).status, 401);
    });

    test('bad requests are 4xx naming the problem, and charge nothing', async () => {
      const usage = async () => (await call(suite.server, `/api/usage?key=${suite.key}`)).json;
      const before = await usage();
      const cases: [string, unknown, number, RegExp][] = [
        ['.csv?count=10', [{ name: 'x', type: 'No Such Type' }], 400, /No Such Type/],
        ['.csv?count=10&format=json', FIELDS, 400, /disagree/],
        ['?format=pdf', FIELDS, 400, /parameter "format" must be one of/],
        ['.pdf?count=1', FIELDS, 404, /no such format/],
        ['.json?callback=cb', FIELDS, 400, /callback/],
        ['.csv?count=-1', FIELDS, 400, /count/],
        ['.csv?now=yesterday', FIELDS, 400, /now/],
        ['.csv?schema=nope', undefined, 404, /no saved schema/],
        ['.custom?delimiter=,&quote_char=,', FIELDS, 400, /delimiter/],
      ];
      for (const [query, body, status, error] of cases) {
        const answer = await call(
          suite.server,
          `/api/downloads${query}&key=${suite.key}`,
          body === undefined ? { method: 'POST' } : post(body),
        );
        assert.equal(answer.status, status, `${query}: ${answer.text}`);
        assert.match(String(answer.json.error), error, query);
      }
      assert.deepEqual(await usage(), before);
    });

    test('cancelling a running job stops it, says cancelled, and gives back the rows it did not make', async () => {
      const key = await suite.server.userKey('gold');
      const started = (await start('.csv?count=3000000&seed=big', FIELDS, key)).json as unknown as DownloadStatus;
      const usage = async () =>
        (await call(suite.server, `/api/usage?key=${key}`)).json as { records: number; requests: number };
      assert.deepEqual(await usage().then((u) => [u.requests, u.records]), [1, 3_000_000]);
      const cancelled = await call(suite.server, `/api/downloads/${started.id}?key=${key}`, { method: 'DELETE' });
      assert.equal(cancelled.status, 200, cancelled.text);
      const status = cancelled.json as unknown as DownloadStatus;
      assert.equal(status.status, 'cancelled');
      assert.ok(status.recordsGenerated < 3_000_000);
      assert.equal((await usage()).records, status.recordsGenerated);
      assert.equal((await call(suite.server, `/api/downloads/${started.id}/file?key=${key}`)).status, 409);
      // Later events change nothing: it stays cancelled, refunded once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal((await waitFor(suite.server, key, started.id, ['cancelled'])).status, 'cancelled');
      assert.equal((await usage()).records, status.recordsGenerated);
      // A cancelled job can then be removed.
      assert.equal(
        (await call(suite.server, `/api/downloads/${started.id}?key=${key}`, { method: 'DELETE' })).status,
        204,
      );
    });

    test('plans: a job is not bound by records per request, but by records per job (free: 5000) and the server maximum', async () => {
      const gold = await suite.server.userKey('gold');
      const big = await start('.csv?count=6000', FIELDS, gold);
      await waitFor(suite.server, gold, (big.json as unknown as DownloadStatus).id, ['done']);
      const free = await suite.server.userKey('free');
      const refused = await call(suite.server, `/api/downloads.csv?count=5001&key=${free}`, post(FIELDS));
      assert.equal(refused.status, 400);
      assert.equal(refused.json.limit, 'recordsPerJob');
      assert.match(String(refused.json.error), /5000 records one job may ask for on the free plan/);
      const huge = await call(suite.server, `/api/downloads.csv?count=20000000000&key=${suite.key}`, post(FIELDS));
      assert.equal(huge.status, 400);
      assert.match(String(huge.json.error), /ROWLOOM_MAX_JOB_RECORDS/);
    });

    test('generate?background=true answers 200 (what Mockaroo clients take as success) with the job status', async () => {
      for (const flag of ['true', 'True']) {
        const answer = await call(
          suite.server,
          `/api/generate.csv?key=${suite.key}&count=7000&seed=bg&background=${flag}`,
          post(FIELDS),
        );
        assert.equal(answer.status, 200, answer.text);
        const status = answer.json as unknown as DownloadStatus;
        assert.equal(status.count, 7000);
        assert.equal(status.format, 'csv');
        await waitFor(suite.server, suite.key, status.id, ['done']);
        const file = await call(suite.server, `/api/downloads/${status.id}/file?key=${suite.key}`);
        const reference = await call(
          suite.server,
          `/api/generate.csv?key=${suite.key}&count=7000&seed=bg`,
          post(FIELDS),
        );
        assert.ok(file.bytes.equals(reference.bytes));
      }
      // Without it, generate streams as before.
      const plain = await call(
        suite.server,
        `/api/generate.csv?key=${suite.key}&count=2&background=false`,
        post(FIELDS),
      );
      assert.equal(plain.status, 200);
      assert.match(plain.text, /^id,name,price,when\n/);
    });

    test('the OpenAPI document describes the downloads routes', async () => {
      const doc = (await call(suite.server, '/api/openapi.json')).json as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const path of [
        '/api/downloads',
        '/api/downloads/{id}',
        '/api/downloads/{id}/file',
        '/api/admin/downloads',
        '/api/admin/downloads/{id}',
      ])
        assert.ok(doc.paths[path], path);
      assert.ok(doc.paths['/api/downloads'].post && doc.paths['/api/downloads'].get);
      assert.ok(doc.paths['/api/downloads/{id}'].delete);
    });
  });
}
