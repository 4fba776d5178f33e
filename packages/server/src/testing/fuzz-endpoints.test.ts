/**
 * Every parameter of every endpoint with hostile values (huge, NUL, DEL, non-ASCII, lone
 * surrogates, deep nesting, numbers out of range, arrays and objects where text is expected),
 * on SQLite and PostgreSQL: never a 5xx, every 4xx a JSON {"error"}, and the server still
 * answers afterwards. Bounded (a few hundred requests per database) and seeded.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PLANS } from '../users/plans.js';
import { skipUnlessAvailable } from './databases.js';
import { newTestDatabase, startTestServer, type TestServer } from './server-fixture.js';

/** Texts for query parameters and path names (kept under Node's 16 KiB header limit). */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u007f',
  'é日本🎲',
  '\ud800',
  '-1',
  '0',
  '1e400',
  '99999999999999999999999',
  '9007199254740993',
  'NaN',
  '[]',
  '{}',
  '['.repeat(3000),
  '%',
  '%zz',
  '../../etc/passwd',
  '<x>&',
  "'; drop table users; --",
  'true',
  'x'.repeat(5000),
  '\r\n',
];

/** JSON values for body keys: everything a parser might not expect. */
const HOSTILE_JSON: unknown[] = [
  null,
  true,
  -1,
  1e308,
  -1e308,
  2 ** 53 + 2,
  0.5,
  '',
  '\u0000',
  'x'.repeat(200_000),
  '\ud800',
  ['a'],
  [[['a']]],
  { a: 1 },
  {},
  JSON.parse('['.repeat(400) + ']'.repeat(400)),
];

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
];
const GENERATE_PARAMS = [
  'count',
  'seed',
  'schema',
  'fields',
  'callback',
  'array',
  'include_nulls',
  'include_header',
  'header',
  'bom',
  'delimiter',
  'quote_char',
  'line_ending',
  'table',
  'create_table',
  'root_element',
  'record_element',
  'neutralize_formulas',
  'key',
];
const FORMATS = ['', '.json', '.csv', '.txt', '.custom', '.sql', '.xml', '.yaml'];
const FIELD_KEYS = [
  'name',
  'type',
  'percentBlank',
  'formula',
  'values',
  'min',
  'max',
  'dataset',
  'column',
  'selectionStyle',
  'distribution',
  'value',
  'template',
];

/** mulberry32: a small seeded generator, so a failure replays exactly. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percent-encodes any text, lone surrogates included (as the UTF-8 of U+FFFD would not show them). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

interface Outcome {
  request: string;
  status: number;
  body: string;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `hostile values for every endpoint parameter (${dialect})`,
    { skip: await skipUnlessAvailable(dialect) },
    () => {
      let server: TestServer;
      let key = '';
      const random = seeded(20261124);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
      const failures: string[] = [];

      before(async () => {
        server = await startTestServer(newTestDatabase(dialect), {
          // Bounded counts keep every request small; no daily limits so hundreds of requests fit.
          plans: {
            ...DEFAULT_PLANS,
            fuzz: {
              recordsPerRequest: 1000,
              requestsPerDay: null,
              recordsPerDay: null,
              datasets: 20,
              datasetBytes: 1_000_000,
            },
          },
        });
        key = await server.userKey('fuzz');
      });
      after(() => server.close());

      async function attempt(
        method: string,
        path: string,
        body?: string,
        contentType = 'application/json',
      ): Promise<void> {
        const label = `${method} ${path.slice(0, 160)}${body !== undefined ? ` body ${body.slice(0, 80)}` : ''}`;
        let outcome: Outcome;
        try {
          const response = await fetch(server.url + path, {
            method,
            body,
            headers: body === undefined ? {} : { 'content-type': contentType },
          });
          outcome = { request: label, status: response.status, body: await response.text() };
        } catch (error) {
          failures.push(`${label}: the connection failed (${(error as Error).message})`);
          return;
        }
        if (outcome.status >= 500) failures.push(`${label}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
        else if (outcome.status >= 400) {
          let error: unknown;
          try {
            error = (JSON.parse(outcome.body) as { error?: unknown }).error;
          } catch {
            // reported below
          }
          if (typeof error !== 'string' || error === '')
            failures.push(`${label}: ${outcome.status} without a JSON {"error"}: ${outcome.body.slice(0, 200)}`);
        }
      }

      test('generate: each query parameter, and each key of a field, with every hostile value', async () => {
        for (const param of GENERATE_PARAMS) {
          for (const value of HOSTILE_TEXT) {
            const format = pick(FORMATS);
            const keyPart = param === 'key' ? '' : `key=${key}&`;
            if (random() < 0.5)
              await attempt(
                'POST',
                `/api/generate${format}?${keyPart}${param}=${encode(value)}`,
                JSON.stringify(FIELDS),
              );
            else
              await attempt(
                'GET',
                `/api/generate${format}?${keyPart}fields=${encode(JSON.stringify(FIELDS))}&${param}=${encode(value)}`,
              );
          }
        }
        for (const fieldKey of FIELD_KEYS) {
          for (const value of HOSTILE_JSON) {
            const field = {
              name: 'f',
              type: pick([
                'Custom List',
                'Number',
                'Dataset Column',
                'Formula',
                'Regular Expression',
                'Template',
                'JSON Array',
                'Row Number',
              ]),
              [fieldKey]: value,
            };
            await attempt(
              'POST',
              `/api/generate${pick(FORMATS.slice(0, 7))}?key=${key}&count=3`,
              JSON.stringify([field, ...FIELDS]),
            );
          }
        }
        for (const body of HOSTILE_JSON) await attempt('POST', `/api/generate.json?key=${key}`, JSON.stringify(body));
        for (const body of ['{', '\u0000', 'fields=%zz', 'x'.repeat(100_000)])
          await attempt(
            'POST',
            `/api/generate.csv?key=${key}`,
            body,
            pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'bogus/;']),
          );
      });

      test('saved schemas, projects, datasets and types: hostile names, parameters and bodies', async () => {
        for (const name of HOSTILE_TEXT) {
          const path = `/api/schemas/${encode(name)}?key=${key}`;
          await attempt(
            pick(['PUT', 'POST']),
            `${path}&count=${encode(pick(HOSTILE_TEXT))}`,
            JSON.stringify({ fields: FIELDS, count: pick(HOSTILE_JSON) }),
          );
          await attempt('GET', path);
          await attempt('DELETE', path);
          await attempt('POST', `/api/projects?key=${key}&name=${encode(name)}`);
          await attempt(
            'POST',
            `/api/datasets/${encode(name)}?key=${key}&filename=${encode(pick(HOSTILE_TEXT))}&project=${encode(pick(HOSTILE_TEXT))}`,
            'a,b\n1,2\n',
            'text/csv',
          );
          await attempt('GET', `/api/datasets/${encode(name)}?key=${key}`);
          await attempt('DELETE', `/api/datasets/${encode(name)}?key=${key}`);
          await attempt('GET', `/api/types?key=${key}&${encode(name)}=${encode(name)}`);
          await attempt('GET', `/api/generate.json?key=${key}&schema=${encode(name)}`);
        }
        for (const value of HOSTILE_JSON) {
          await attempt('PUT', `/api/schemas/s?key=${key}`, JSON.stringify({ fields: value }));
          await attempt('POST', `/api/projects?key=${key}`, JSON.stringify({ name: value }));
          const cell = typeof value === 'string' ? value : JSON.stringify(value);
          await attempt(
            'POST',
            `/api/datasets/d?key=${key}`,
            `a\n"${cell.replaceAll('"', '""')}"\n`,
            pick(['text/csv', 'text/plain']),
          );
        }
        for (const body of ['', '\u0000', 'a\n', 'a,a\n1,2\n', '"unclosed\n1\n', 'a\tb\n1\n', 'x'.repeat(300_000)]) {
          await attempt(
            'POST',
            `/api/datasets/d?key=${key}`,
            body,
            pick(['text/csv', 'text/plain', 'application/json']),
          );
        }
      });

      test('no request got a 5xx or a 4xx without a JSON error, and the server still answers', async () => {
        assert.deepEqual(failures.slice(0, 15), [], `${failures.length} bad answers`);
        const small = await fetch(`${server.url}/api/generate.csv?key=${key}&count=2`, {
          method: 'POST',
          body: JSON.stringify(FIELDS),
        });
        assert.equal(small.status, 200);
        assert.equal((await small.text()).split('\n').length, 4);
        assert.equal((await fetch(`${server.url}/health`)).status, 200);
      });
    },
  );
}
