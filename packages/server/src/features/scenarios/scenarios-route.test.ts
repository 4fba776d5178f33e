/** /api/scenarios through real HTTP on both databases, and Scenario fields in generate requests. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { curveOf } from '@rowloom/core';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (CSV output)
  }
  return { status: response.status, text, json };
}

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const POINTS = [
  { x: 0, y: 10 },
  { x: 0.25, y: 80 },
  { x: 0.6, y: 30 },
  { x: 1, y: 100 },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`scenarios (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const path = (name: string, query = '') => `/api/scenarios/${encodeURIComponent(name)}?key=${suite.key}${query}`;
    const csv = async (fields: unknown[], query: string) => {
      const response = await call(suite.server, `/api/generate.csv?key=${suite.key}${query}`, send('POST', fields));
      assert.equal(response.status, 200, response.text);
      return (parse(response.text, { columns: true }) as Record<string, string>[]).map((row) => Number(row.load));
    };

    test('save, read, list, replace, delete', async () => {
      const saved = await call(
        suite.server,
        path('Web traffic'),
        send('PUT', { points: [POINTS[2], POINTS[0], POINTS[3], POINTS[1]], interpolation: 'smooth', noise: 1.5 }),
      );
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json.success, true);
      assert.deepEqual(saved.json.points, POINTS, 'points come back sorted by x');

      const one = await call(suite.server, path('Web traffic'));
      assert.equal(one.status, 200);
      assert.deepEqual(
        { ...one.json, updated_at: undefined },
        {
          name: 'Web traffic',
          points: POINTS,
          interpolation: 'smooth',
          noise: 1.5,
          project: null,
          updated_at: undefined,
        },
      );
      assert.ok(!Number.isNaN(Date.parse(one.json.updated_at as string)));

      const replaced = await call(suite.server, path('Web traffic'), send('PUT', { points: POINTS.slice(0, 2) }));
      assert.equal(replaced.status, 200, replaced.text);
      assert.equal(replaced.json.interpolation, 'linear');
      assert.equal(replaced.json.noise, 0);

      const list = await call(suite.server, `/api/scenarios?key=${suite.key}`);
      assert.equal(list.status, 200);
      const listed = (list.json.scenarios as { name: string; points: number }[]).find((s) => s.name === 'Web traffic');
      assert.deepEqual({ name: listed?.name, points: listed?.points }, { name: 'Web traffic', points: 2 });

      assert.equal((await call(suite.server, path('Web traffic'), { method: 'DELETE' })).status, 200);
      const gone = await call(suite.server, path('Web traffic'));
      assert.equal(gone.status, 404);
      assert.match(gone.json.error as string, /no scenario named "Web traffic"/);
      assert.equal((await call(suite.server, path('Web traffic'), { method: 'DELETE' })).status, 404);
    });

    test('another user sees none of them', async () => {
      await call(suite.server, path('Private'), send('PUT', { points: POINTS }));
      const stranger = await suite.server.userKey();
      assert.equal((await call(suite.server, `/api/scenarios/Private?key=${stranger}`)).status, 404);
      assert.deepEqual((await call(suite.server, `/api/scenarios?key=${stranger}`)).json.scenarios, []);
      const generate = await call(
        suite.server,
        `/api/generate.json?key=${stranger}`,
        send('POST', [{ name: 'load', type: 'Scenario', scenario: 'Private' }]),
      );
      assert.equal(generate.status, 400);
      assert.match(generate.json.error as string, /there are no scenarios/);
    });

    test('generated values follow the curve for each interpolation, and a seed reproduces them', async () => {
      const rows = 201;
      for (const interpolation of ['linear', 'step', 'smooth'] as const) {
        const name = `Curve ${interpolation}`;
        assert.equal(
          (await call(suite.server, path(name), send('PUT', { points: POINTS, interpolation, noise: 0 }))).status,
          200,
        );
        const values = await csv([{ name: 'load', type: 'Scenario', scenario: name, decimals: 4 }], `&count=${rows}`);
        const curve = curveOf(POINTS, interpolation);
        assert.equal(values.length, rows);
        values.forEach((value, r) =>
          assert.ok(Math.abs(value - curve(r / (rows - 1))) < 1e-4, `${interpolation} row ${r + 1}: ${value}`),
        );
        assert.equal(values[0], 10);
        assert.equal(values[rows - 1], 100);
      }
      assert.equal(
        (await call(suite.server, path('Noisy'), send('PUT', { points: POINTS, interpolation: 'smooth', noise: 3 })))
          .status,
        200,
      );
      const fields = [{ name: 'load', type: 'Scenario', scenario: 'Noisy' }];
      const first = await csv(fields, '&count=300&seed=42');
      assert.deepEqual(await csv(fields, '&count=300&seed=42'), first);
      assert.notDeepEqual(await csv(fields, '&count=300&seed=43'), first);
    });

    test('noise has the standard deviation asked for', async () => {
      assert.equal(
        (
          await call(
            suite.server,
            path('Flat'),
            send('PUT', {
              points: [
                { x: 0, y: 50 },
                { x: 1, y: 50 },
              ],
              noise: 5,
            }),
          )
        ).status,
        200,
      );
      const values = await csv(
        [{ name: 'load', type: 'Scenario', scenario: 'Flat', decimals: 6 }],
        '&count=5000&seed=1',
      );
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
      // Standard errors: 0.07 for the mean and 0.05 for the sd; the tolerances are 5 of them.
      assert.ok(Math.abs(mean - 50) < 0.36, `mean ${mean}`);
      assert.ok(Math.abs(sd - 5) < 0.25, `sd ${sd}`);
    });

    test('an unknown scenario is a 400 naming the field and parameter and listing the scenarios', async () => {
      await call(suite.server, path('Traffic'), send('PUT', { points: POINTS }));
      const response = await call(
        suite.server,
        `/api/generate.json?key=${suite.key}`,
        send('POST', [{ name: 'load', type: 'Scenario', scenario: 'Trafic' }]),
      );
      assert.equal(response.status, 400);
      const details = response.json.details as { field: string; param: string; message: string }[];
      assert.ok(
        details.some(
          (d) => d.field === 'load' && d.param === 'scenario' && /did you mean "Traffic"\?.*"Traffic"/.test(d.message),
        ),
        response.text,
      );
      const saving = await call(
        suite.server,
        `/api/schemas/uses-missing?key=${suite.key}`,
        send('PUT', [{ name: 'load', type: 'Scenario', scenario: 'Nope' }]),
      );
      assert.equal(saving.status, 400);
      assert.match(saving.text, /no scenario named \\"Nope\\"/);
    });

    test('a saved schema with a Scenario field generates through generate?schema=', async () => {
      await call(
        suite.server,
        path('Ramp'),
        send('PUT', {
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 9 },
          ],
        }),
      );
      assert.equal(
        (
          await call(
            suite.server,
            `/api/schemas/ramp?key=${suite.key}`,
            send('PUT', {
              fields: [{ name: 'load', type: 'Scenario', scenario: 'Ramp', decimals: 0 }],
              count: 10,
              format: 'csv',
            }),
          )
        ).status,
        200,
      );
      const response = await call(suite.server, `/api/generate?key=${suite.key}&schema=ramp`);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.text.trim(), 'load\n0\n1\n2\n3\n4\n5\n6\n7\n8\n9');
    });

    test("a formula reads a scenario through generate('Scenario', ...), loaded like a field's", async () => {
      await call(
        suite.server,
        path('Ramp2'),
        send('PUT', {
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 4 },
          ],
        }),
      );
      const values = await csv(
        [{ name: 'load', type: 'Formula', value: "generate('Scenario', scenario: 'Ramp2', decimals: 0) * 10" }],
        '&count=5',
      );
      assert.deepEqual(values, [0, 10, 20, 30, 40]);
    });

    test('hostile bodies get a 4xx naming the position, never a 500', async () => {
      const cases: [unknown, RegExp][] = [
        [
          {
            points: [
              { x: 0, y: 1 },
              { x: 0.5, y: 2 },
              { x: 0.7, y: 3 },
              { x: 1.5, y: 4 },
            ],
          },
          /^body\.points\[3\]\.x must be between 0 and 1, got 1\.5$/,
        ],
        [
          {
            points: [
              { x: 0, y: 1 },
              { x: 'NaN', y: 2 },
            ],
          },
          /^body\.points\[1\]\.x must be a number, got a string$/,
        ],
        [
          {
            points: [
              { x: 0, y: 'lots' },
              { x: 1, y: 2 },
            ],
          },
          /points\[0\]\.y must be a number/,
        ],
        [
          {
            points: [
              { x: 0, y: 1 },
              { x: 0, y: 2 },
            ],
          },
          /points\[1\]\.x is 0, the same as points\[0\]\.x/,
        ],
        [
          {
            points: [
              { x: 0, y: 1 },
              { x: 1, y: 1e308 },
            ],
          },
          /points\[1\]\.y must be a number from/,
        ],
        [{ points: 'up and down' }, /^body\.points must be a JSON array, got a string$/],
        [{ points: [{ x: 0, y: 1 }] }, /^body\.points must have at least 2 items$/],
        [
          { points: POINTS, interpolation: 'cubic' },
          /^body\.interpolation must be one of "linear", "step", "smooth", got "cubic"$/,
        ],
        [{ points: POINTS, noise: -2 }, /^body\.noise must be 0 or more, got -2$/],
        [{ points: POINTS, noise: '5' }, /^body\.noise must be a number, got a string$/],
        [{ points: POINTS, project: 42 }, /^body\.project must be a string or null, got a whole number$/],
        [[POINTS], /must be a JSON object/],
        ['{"points": [NaN]}', /not valid JSON/],
        ['', /^body\.points is missing$/],
      ];
      for (const [body, message] of cases) {
        const response = await call(suite.server, path('Hostile'), send('PUT', body));
        assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
        assert.match(response.json.error as string, message);
      }
      const many = { points: Array.from({ length: 1_000_000 }, (_, i) => ({ x: i / 1e6, y: i })) };
      const huge = await call(suite.server, path('Hostile'), send('PUT', many));
      assert.ok(huge.status === 400 || huge.status === 413, huge.text.slice(0, 200));
      const thousandBad = await call(
        suite.server,
        path('Hostile'),
        send('PUT', { points: Array.from({ length: 1000 }, () => ({ x: 2, y: 0 })) }),
      );
      assert.equal(thousandBad.status, 400);
      // The schema check stops at the first problem: the work and the answer stay small.
      assert.equal(thousandBad.json.error, 'body.points[0].x must be between 0 and 1, got 2');
      assert.ok(thousandBad.text.length < 5000, 'the answer stays short');
      const longName = await call(suite.server, path('n'.repeat(5000)), send('PUT', { points: POINTS }));
      assert.equal(longName.status, 400);
      assert.match(longName.json.error as string, /scenario name is 5000 characters long/);
      assert.equal((await call(suite.server, path('line\nbreak'), send('PUT', { points: POINTS }))).status, 400);
      assert.equal((await call(suite.server, path('Hostile'))).status, 404, 'nothing was stored');
      assert.equal(
        (await call(suite.server, `/api/scenarios/x?key=wrong`, send('PUT', { points: POINTS }))).status,
        401,
      );
    });

    test('odd but valid names: spaces, unicode, __proto__', async () => {
      for (const name of ['Black Friday 2025', 'Verkehr über Nacht', '__proto__', 'a/b']) {
        assert.equal((await call(suite.server, path(name), send('PUT', { points: POINTS }))).status, 200, name);
        assert.equal((await call(suite.server, path(name))).json.name, name);
        const values = await csv([{ name: 'load', type: 'Scenario', scenario: name }], '&count=2');
        assert.deepEqual(values, [10, 100]);
      }
    });

    test('a scenario can be put in a project, and the project counts it', async () => {
      assert.equal(
        (await call(suite.server, `/api/projects?key=${suite.key}`, send('POST', { name: 'Load tests' }))).status,
        200,
      );
      const saved = await call(
        suite.server,
        path('In project'),
        send('PUT', { points: POINTS, project: 'Load tests' }),
      );
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json.project, 'Load tests');
      const kept = await call(suite.server, path('In project'), send('PUT', { points: POINTS }));
      assert.equal(kept.json.project, 'Load tests', 'leaving out "project" keeps it');
      const projects = await call(suite.server, `/api/projects?key=${suite.key}`);
      const project = (projects.json.projects as { name: string; scenarios: number }[]).find(
        (p) => p.name === 'Load tests',
      );
      assert.equal(project?.scenarios, 1);
      const missing = await call(suite.server, path('In project'), send('PUT', { points: POINTS, project: 'Nowhere' }));
      assert.equal(missing.status, 404);
      assert.match(missing.json.error as string, /no project named "Nowhere"/);
    });

    test('the OpenAPI document describes the scenario endpoints', async () => {
      const doc = await call(suite.server, '/api/openapi.json');
      const paths = doc.json.paths as Record<string, Record<string, unknown>>;
      assert.ok(paths['/api/scenarios']?.get);
      assert.ok(paths['/api/scenarios/{name}']?.put);
      assert.ok(paths['/api/projects/{name}']?.delete);
    });
  });
}
