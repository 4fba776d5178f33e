import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { XMLValidator } from 'fast-xml-parser';
import { DEFAULT_PLANS } from '../../users/plans.js';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'email', type: 'Email Address' },
];

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

const post = (body: unknown, contentType = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`generate (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key = '';
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), {
        plans: {
          ...DEFAULT_PLANS,
          tiny: { recordsPerRequest: 50, requestsPerDay: 3, recordsPerDay: null },
          few: { recordsPerRequest: 5000, requestsPerDay: null, recordsPerDay: 100 },
        },
      });
      key = await server.userKey('unlimited');
    });
    after(() => server.close());

    test('json: one object for count 1, an array otherwise or with array=true; the seed comes back in a header', async () => {
      const one = await call(server, `/api/generate.json?key=${key}&seed=5`, post(FIELDS));
      assert.equal(one.status, 200);
      assert.match(one.headers.get('content-type')!, /^application\/json; charset=utf-8/);
      assert.equal(one.headers.get('x-rowloom-seed'), '5');
      assert.deepEqual(Object.keys(one.json()), ['id', 'name', 'email']);
      const many = await call(server, `/api/generate?key=${key}&count=7&seed=5`, post(FIELDS));
      assert.equal((JSON.parse(many.text) as unknown[]).length, 7);
      assert.deepEqual((JSON.parse(many.text) as unknown[])[0], one.json(), 'same seed, same first row');
      const forced = await call(server, `/api/generate.json?key=${key}&array=TRUE`, post(FIELDS));
      assert.ok(Array.isArray(JSON.parse(forced.text)));
    });

    test('without a seed one is drawn and reported, and reproduces the output', async () => {
      const first = await call(server, `/api/generate.csv?key=${key}&count=20`, post(FIELDS));
      const seed = first.headers.get('x-rowloom-seed');
      assert.ok(seed);
      assert.equal(
        (await call(server, `/api/generate.csv?key=${key}&count=20&seed=${seed}`, post(FIELDS))).text,
        first.text,
      );
    });

    test('the same fields again: each generation still has its own seed, clock and id (only the check of the fields is shared)', async () => {
      const fields = [
        ...FIELDS,
        { name: 'run', type: 'Formula', value: 'data_generation_uuid' },
        { name: 'at', type: 'Formula', value: 'now()' },
      ];
      const first = await call(server, `/api/generate.json?key=${key}&count=2`, post(fields));
      const second = await call(server, `/api/generate.json?key=${key}&count=2`, post(fields));
      const [a, b] = [first, second].map((answer) => (JSON.parse(answer.text) as Record<string, string>[])[0]);
      assert.notEqual(a.run, b.run);
      // The plan checked first read the clock; this one must read the request's own time.
      const now = await call(
        server,
        `/api/generate.json?key=${key}&count=1&seed=3&now=2024-05-01T00:00:00Z`,
        post(fields),
      );
      assert.match(String(now.json().at), /2024-05-01/);
      const again = await call(
        server,
        `/api/generate.json?key=${key}&count=1&seed=3&now=2024-05-01T00:00:00Z`,
        post(fields),
      );
      assert.equal(again.text, now.text);
      // A bad schema sent after good ones is still refused in full.
      const bad = await call(
        server,
        `/api/generate.json?key=${key}`,
        post([...fields, { name: 'x', type: 'No Such Type' }]),
      );
      assert.equal(bad.status, 400);
    });

    test('every format, with its content type, parses back', async () => {
      const csv = await call(server, `/api/generate.csv?key=${key}&count=5`, post(FIELDS));
      assert.match(csv.headers.get('content-type')!, /^text\/csv/);
      assert.equal((parse(csv.text, { columns: true }) as unknown[]).length, 5);
      const headerless = await call(server, `/api/generate.csv?key=${key}&count=5&header=false`, post(FIELDS));
      assert.equal(parse(headerless.text).length, 5);
      const txt = await call(server, `/api/generate.txt?key=${key}&count=3`, post(FIELDS));
      assert.equal((parse(txt.text, { columns: true, delimiter: '\t' }) as unknown[]).length, 3);
      // text() would drop the byte order mark: read the bytes.
      const custom = await fetch(
        `${server.url}/api/generate.custom?key=${key}&count=3&delimiter=%7C&quote_char=%27&line_ending=windows&bom=true`,
        post(FIELDS),
      );
      const bytes = Buffer.from(await custom.arrayBuffer());
      assert.ok(bytes.toString('utf8').startsWith('\ufeffid|name|email\r\n'), bytes.subarray(0, 20).toString('hex'));
      const sql = await call(server, `/api/generate.sql?key=${key}&count=2&table=people`, post(FIELDS));
      assert.match(sql.text, /^insert into people \(id, name, email\) values \(1, '/);
      const xml = await call(
        server,
        `/api/generate.xml?key=${key}&count=2&root_element=people&record_element=person`,
        post(FIELDS),
      );
      assert.equal(XMLValidator.validate(xml.text), true);
      assert.match(xml.text, /<people>\n<person><id>1<\/id>/);
    });

    test('fields are read as JSON whatever the Content-Type, or from the fields parameter (GET)', async () => {
      for (const type of [
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
      ]) {
        const response = await call(server, `/api/generate.json?key=${key}&count=2`, post(FIELDS, type));
        assert.equal(response.status, 200, `${type}: ${response.text}`);
      }
      const viaGet = await call(
        server,
        `/api/generate.json?key=${key}&count=2&fields=${encodeURIComponent(JSON.stringify(FIELDS))}`,
      );
      assert.equal(viaGet.status, 200);
      assert.equal((JSON.parse(viaGet.text) as unknown[]).length, 2);
    });

    test('JSONP wraps the JSON in the callback; a callback that is not an identifier path is refused', async () => {
      const fields = encodeURIComponent(JSON.stringify([{ name: 'x', type: 'Row Number' }]));
      const ok = await call(server, `/api/generate.json?key=${key}&count=2&callback=app.onRows&fields=${fields}`);
      assert.match(ok.headers.get('content-type')!, /^application\/javascript/);
      const body = /^\/\*\*\/app\.onRows\(([\s\S]*)\);$/.exec(ok.text);
      assert.ok(body, ok.text);
      assert.deepEqual(JSON.parse(body[1]), [{ x: 1 }, { x: 2 }]);
      for (const bad of ['alert(1)', 'a;b', '<script>', '1abc']) {
        const refused = await call(
          server,
          `/api/generate.json?key=${key}&callback=${encodeURIComponent(bad)}&fields=${fields}`,
        );
        assert.equal(refused.status, 400);
        assert.match(refused.json().error as string, /callback/);
      }
    });

    test('a missing or wrong key: 401 with {"error": "Invalid API Key"} as Mockaroo words it (and its code), by query or X-API-Key header', async () => {
      for (const path of ['/api/generate.json', '/api/generate.json?key=wrong', '/api/types']) {
        const response = await call(server, path, path.includes('types') ? {} : post(FIELDS));
        assert.equal(response.status, 401);
        assert.equal(response.text, '{"error":"Invalid API Key","code":"unauthorized"}');
      }
      const header = await call(server, '/api/generate.json?client=node', {
        ...post(FIELDS),
        headers: { 'content-type': 'application/json', 'x-api-key': key },
      });
      assert.equal(header.status, 200);
    });

    test('bad input: clear JSON errors naming the field or parameter, never a stack trace', async () => {
      const cases: [string, RequestInit, number, RegExp][] = [
        [
          `/api/generate.json?key=${key}`,
          post([
            { name: 'a', type: 'Frist Name' },
            { name: 'b', type: 'Number', min: 5, max: 1 },
          ]),
          400,
          /2 problems.*"a".*did you mean "First Name".*"b".*max/,
        ],
        [`/api/generate.json?key=${key}`, post('[{"name": '), 400, /not valid JSON/],
        [`/api/generate.json?key=${key}`, post({ not: 'a list' }), 400, /JSON array of field specifications/],
        [`/api/generate.json?key=${key}`, { method: 'POST' }, 400, /no fields/],
        [`/api/generate.yaml?key=${key}`, post(FIELDS), 404, /no such format "yaml"/],
        [`/api/generate.json?key=${key}&count=-1`, post(FIELDS), 400, /"count" must be a whole number/],
        [`/api/generate.json?key=${key}&array=maybe`, post(FIELDS), 400, /"array" must be true or false/],
        [`/api/generate.custom?key=${key}&quote_char=ab`, post(FIELDS), 400, /quote_char/],
        [`/api/generate.csv?key=${key}&line_ending=mac`, post(FIELDS), 400, /line_ending/],
        [`/api/generate.json?key=${key}&schema=nope`, { method: 'POST' }, 404, /no saved schema named "nope"/],
        [`/api/nothing?key=${key}`, {}, 404, /no such endpoint/],
      ];
      for (const [path, init, status, pattern] of cases) {
        const response = await call(server, path, init);
        assert.equal(response.status, status, `${path}: ${response.text}`);
        const error = response.json().error as string;
        assert.match(error, pattern);
        assert.doesNotMatch(response.text, /at .+\.js:\d+/);
      }
      const details = (
        await call(
          server,
          `/api/generate.json?key=${key}`,
          post([{ name: 'p', type: 'Row Number', percentBlank: 101 }]),
        )
      ).json().details as { field: string; param: string }[];
      assert.deepEqual([details[0].field, details[0].param], ['p', 'percentBlank']);
    });

    test('a body over the limit gets 413', async () => {
      const huge = JSON.stringify([{ name: 'x', type: 'Custom List', values: ['y'.repeat(11 * 1024 * 1024)] }]);
      const response = await call(server, `/api/generate.json?key=${key}`, post(huge));
      assert.equal(response.status, 413);
      assert.match(response.json().error as string, /larger than/);
    });

    test('records per request: a larger count is an error, not a silent cap; unlimited streams any count', async () => {
      const tiny = await server.userKey('tiny');
      const over = await call(server, `/api/generate.csv?key=${tiny}&count=51`, post(FIELDS));
      assert.equal(over.status, 400);
      assert.match(over.json().error as string, /count 51 is more than the 50 records/);
      const big = await call(
        server,
        `/api/generate.csv?key=${key}&count=20000&header=false`,
        post([{ name: 'id', type: 'Row Number' }]),
      );
      assert.equal(big.text.split('\n').length - 1, 20000);
    });

    test('daily limits: 429 "Usage Limit Exceeded" with Retry-After once used up; bad requests are not charged', async () => {
      const tiny = await server.userKey('tiny');
      await call(server, `/api/generate.json?key=${tiny}`, post([{ name: 'a', type: 'Nope' }]));
      for (let i = 0; i < 3; i++)
        assert.equal((await call(server, `/api/generate.json?key=${tiny}`, post(FIELDS))).status, 200);
      const refused = await call(server, `/api/generate.json?key=${tiny}`, post(FIELDS));
      assert.equal(refused.status, 429);
      assert.equal(refused.json().error, 'Usage Limit Exceeded');
      assert.equal(refused.json().limit, 'requestsPerDay');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter > 0 && retryAfter <= 86400, String(retryAfter));
      const few = await server.userKey('few');
      assert.equal((await call(server, `/api/generate.json?key=${few}&count=60`, post(FIELDS))).status, 200);
      const records = await call(server, `/api/generate.json?key=${few}&count=41`, post(FIELDS));
      assert.equal(records.status, 429);
      assert.equal(records.json().limit, 'recordsPerDay');
      assert.equal((await call(server, `/api/generate.json?key=${few}&count=40`, post(FIELDS))).status, 200);
    });

    test('concurrent requests never exceed a limit', async () => {
      const tiny = await server.userKey('tiny');
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(server, `/api/generate.json?key=${tiny}`, post(FIELDS)).then((r) => r.status),
        ),
      );
      assert.equal(statuses.filter((s) => s === 200).length, 3);
      assert.equal(statuses.filter((s) => s === 429).length, 17);
    });

    test('a client that disconnects stops the generation; the server keeps serving', async () => {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/generate.csv?key=${key}&count=100000000`, {
        ...post([{ name: 'id', type: 'Row Number' }]),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.read().catch(() => undefined);
      const after = await call(server, `/api/generate.json?key=${key}`, post(FIELDS));
      assert.equal(after.status, 200);
    });

    test("/api/types lists the catalogue in the clients' shape, at every path the clients use", async () => {
      for (const path of ['/api/types', '/api/types/', '/api/types.json']) {
        const response = await call(server, `${path}?key=${key}`);
        assert.equal(response.status, 200);
        const types = response.json().types as {
          name: string;
          category: string;
          description: string;
          example: unknown;
          parameters: { name: string; type: string; description: string; default: unknown }[];
        }[];
        const number = types.find((t) => t.name === 'Number')!;
        assert.ok(number.category && number.description);
        assert.deepEqual(
          number.parameters.map((p) => [p.name, p.default]),
          [
            ['min', 1],
            ['max', 100],
            ['decimals', 2],
          ],
        );
        assert.equal(typeof number.example, 'number');
      }
    });

    test('/api/openapi.json describes the endpoints (OpenAPI 3.1)', async () => {
      const doc = (await call(server, '/api/openapi.json')).json() as {
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
      };
      assert.equal(doc.openapi, '3.1.0');
      assert.ok(doc.paths['/api/generate.{format}'].post);
      assert.ok(doc.paths['/api/types'].get);
    });
  });
}

describe('the per-request time limit', () => {
  let server: TestServer;
  let key = '';
  before(async () => {
    // Long enough for the small request after the cut-off to start a replacement thread on a
    // loaded machine (about 0.4 s idle, over 1 s with both cores busy), short enough for a test.
    server = await startTestServer(newTestDatabase('sqlite'), { timeLimitMs: 2500 });
    key = await server.userKey('unlimited');
  });
  after(() => server.close());

  test('a generation running past it is cut off so the client sees an error, not a short document; the server keeps serving', async () => {
    // The body ends without HTTP's final chunk: reading it fails rather than ending quietly. On a
    // busy machine the limit may pass before the first byte, and then the request itself fails.
    const reading = fetch(
      `${server.url}/api/generate.csv?key=${key}&count=1000000000`,
      post([{ name: 'id', type: 'Row Number' }]),
    ).then((response) => {
      assert.equal(response.status, 200);
      return response.text();
    });
    await assert.rejects(reading, /terminated|aborted|closed|other side closed|fetch failed/i);
    const after = await call(server, `/api/generate.json?key=${key}&count=3`, post(FIELDS));
    assert.equal(after.status, 200);
    assert.equal((after.json() as unknown as unknown[]).length, 3);
  });
});
