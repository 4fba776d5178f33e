/**
 * Inputs that used to answer 500 (and were charged to the quota): each must now be a 4xx naming
 * what is wrong, or be accepted, and never cost a request.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { DEFAULT_PLANS } from '../users/plans.js';
import { skipUnlessAvailable } from './databases.js';
import { newTestDatabase, startTestServer, type TestServer } from './server-fixture.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
];
const DEEP = '['.repeat(5000) + ']'.repeat(5000);
const DEEP_FIELDS = `[{"name": "a", "type": "Custom List", "values": ${DEEP}}]`;

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}

const send = (method: string, body: unknown, contentType = 'application/json'): RequestInit => ({
  method,
  headers: { 'content-type': contentType },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

function assertClientError(
  response: { status: number; text: string; json: () => Record<string, unknown> },
  status: number,
  mentions: RegExp,
): void {
  assert.equal(response.status, status, response.text);
  assert.match(String(response.json().error), mentions);
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`hostile input (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key = '';
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), {
        plans: { ...DEFAULT_PLANS, two: { recordsPerRequest: 100, requestsPerDay: 2, recordsPerDay: null } },
      });
      key = await server.userKey('unlimited');
    });
    after(() => server.close());

    test('any seed text is accepted; X-Rowloom-Seed carries it percent-encoded and reproduces the output', async () => {
      for (const seed of ['a\u0000b', 'del\u007f', 'café', '日本', 'emoji 🎲', '100%']) {
        const first = await call(
          server,
          `/api/generate.csv?key=${key}&count=5&seed=${encodeURIComponent(seed)}`,
          send('POST', FIELDS),
        );
        assert.equal(first.status, 200, `${JSON.stringify(seed)}: ${first.text}`);
        const header = first.headers.get('x-rowloom-seed')!;
        assert.equal(decodeURIComponent(header), seed);
        const again = await call(server, `/api/generate.csv?key=${key}&count=5&seed=${header}`, send('POST', FIELDS));
        assert.equal(again.text, first.text, 'the header pasted back as ?seed= gives the same rows');
      }
      assert.equal(
        (await call(server, `/api/generate.csv?key=${key}&seed=42`, send('POST', FIELDS))).headers.get(
          'x-rowloom-seed',
        ),
        '42',
      );
      assertClientError(
        await call(server, `/api/generate.csv?key=${key}&seed=${'x'.repeat(1001)}`, send('POST', FIELDS)),
        400,
        /"seed"/,
      );
    });

    test('quote_char equal to the default delimiter of custom output is a 400 naming quote_char', async () => {
      assertClientError(
        await call(server, `/api/generate.custom?key=${key}&quote_char=,`, send('POST', FIELDS)),
        400,
        /quote_char/,
      );
      const fine = await call(
        server,
        `/api/generate.custom?key=${key}&quote_char=,&delimiter=;&count=3`,
        send('POST', FIELDS),
      );
      assert.equal(fine.status, 200, fine.text);
      assert.equal(parse(fine.text, { delimiter: ';', quote: ',', columns: true }).length, 3);
    });

    test('neutralize_formulas=true guards csv text against spreadsheet formulas; off by default', async () => {
      const fields = [
        { name: 'f', type: 'Custom List', values: '=cmd|x,@SUM(A1)' },
        { name: 'n', type: 'Number', min: -9, max: -1, decimals: 0 },
      ];
      const guarded = await call(
        server,
        `/api/generate.csv?key=${key}&count=20&neutralize_formulas=true`,
        send('POST', fields),
      );
      assert.equal(guarded.status, 200, guarded.text);
      const rows = parse(guarded.text, { columns: true }) as { f: string; n: string }[];
      assert.ok(
        rows.every((row) => row.f === "'=cmd|x" || row.f === "'@SUM(A1)"),
        guarded.text,
      );
      assert.ok(
        rows.every((row) => /^-\d$/.test(row.n)),
        'numbers stay numbers',
      );
      const plain = parse((await call(server, `/api/generate.csv?key=${key}&count=20`, send('POST', fields))).text, {
        columns: true,
      }) as { f: string }[];
      assert.ok(plain.every((row) => row.f === '=cmd|x' || row.f === '@SUM(A1)'));
      assertClientError(
        await call(server, `/api/generate.csv?key=${key}&neutralize_formulas=maybe`, send('POST', fields)),
        400,
        /"neutralize_formulas"/,
      );
    });

    test('5,000 nested arrays in a parameter: a 400 about nesting from generate, schemas and the form body', async () => {
      assertClientError(
        await call(server, `/api/generate.json?key=${key}`, send('POST', DEEP_FIELDS)),
        400,
        /nests more than 100 levels/,
      );
      assertClientError(
        await call(server, `/api/schemas/deep?key=${key}`, send('PUT', DEEP_FIELDS)),
        400,
        /nests more than 100 levels/,
      );
      assertClientError(
        await call(
          server,
          `/api/schemas/deep?key=${key}`,
          send('POST', {
            fields: JSON.parse(`[{"name":"a","type":"Custom List","values":${'['.repeat(150)}${']'.repeat(150)}}]`),
          }),
        ),
        400,
        /nests/,
      );
      const form = `fields=${encodeURIComponent(DEEP_FIELDS)}`;
      assertClientError(
        await call(server, `/api/generate.json?key=${key}`, send('POST', form, 'application/x-www-form-urlencoded')),
        400,
        /"fields" form value nests/,
      );
      assert.equal((await call(server, `/api/schemas/deep?key=${key}`)).status, 404, 'nothing was stored');
    });

    test('a NUL in a stored or looked-up name is a 400 naming the parameter; NUL inside dataset values is kept', async () => {
      const csv = send('POST', 'a,b\n1,2\n', 'text/csv');
      assertClientError(
        await call(server, `/api/datasets/d?key=${key}&filename=x%00.csv`, csv),
        400,
        /"filename".*NUL/,
      );
      assertClientError(await call(server, `/api/datasets/d?key=${key}&project=p%00`, csv), 400, /"project".*NUL/);
      assertClientError(await call(server, `/api/generate.json?key=${key}&schema=s%00`), 400, /"schema".*NUL/);
      assertClientError(
        await call(server, `/api/projects?key=${key}`, send('POST', { name: 'p\u0000' })),
        400,
        /project name/,
      );
      assertClientError(await call(server, `/api/schemas/s%00?key=${key}`, send('PUT', FIELDS)), 400, /schema name/);
      assertClientError(await call(server, `/api/datasets/d%00?key=${key}`, csv), 400, /dataset name/);
      const missing = await call(
        server,
        `/api/generate.json?key=${key}`,
        send('POST', [{ name: 'c', type: 'Dataset Column', dataset: 'd\u0000', column: 'a' }]),
      );
      assertClientError(missing, 400, /dataset/);

      const stored = await call(server, `/api/datasets/nul?key=${key}`, send('POST', 'a,b\nx\u0000y,2\n', 'text/csv'));
      assert.equal(stored.status, 200, stored.text);
      const shown = await call(server, `/api/datasets/nul?key=${key}`);
      assert.deepEqual((shown.json().preview as unknown[])[0], { a: 'x\u0000y', b: '2' });
      const saved = await call(
        server,
        `/api/schemas/with-nul?key=${key}`,
        send('PUT', [{ name: 'n\u0000', type: 'Row Number' }]),
      );
      assert.equal(saved.status, 200, saved.text);
    });

    test('failed requests are never charged; count=0 past the daily limit is a 429', async () => {
      const two = await server.userKey('two');
      const failures = [
        call(server, `/api/generate.json?key=${two}`, send('POST', [{ name: 'a', type: 'Nope' }])),
        call(server, `/api/generate.custom?key=${two}&quote_char=,`, send('POST', FIELDS)),
        call(server, `/api/generate.json?key=${two}`, send('POST', DEEP_FIELDS)),
        call(server, `/api/generate.json?key=${two}&seed=${'x'.repeat(2000)}`, send('POST', FIELDS)),
        call(server, `/api/generate.json?key=${two}&schema=none`),
        call(server, `/api/generate.json?key=${two}&count=101`, send('POST', FIELDS)),
      ];
      for (const failure of await Promise.all(failures))
        assert.ok(failure.status >= 400 && failure.status < 500, failure.text);
      // These used to fail with a 500 after the charge.
      assert.equal((await call(server, `/api/generate.json?key=${two}&seed=%00`, send('POST', FIELDS))).status, 200);
      assert.equal((await call(server, `/api/generate.json?key=${two}&count=0`, send('POST', FIELDS))).status, 200);
      const refused = await call(server, `/api/generate.json?key=${two}&count=0`, send('POST', FIELDS));
      assertClientError(refused, 429, /^Usage Limit Exceeded$/);
      assert.equal(refused.json().limit, 'requestsPerDay');
    });
  });
}
