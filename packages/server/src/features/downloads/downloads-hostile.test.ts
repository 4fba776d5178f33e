/**
 * Every parameter of POST /api/downloads (and generate?background=true) with hostile values, and
 * hostile ids on the other routes, on both databases: never a 5xx, every error a JSON
 * {"error"}, and the server still answers afterwards.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { call, post } from '../../testing/downloads-helpers.js';

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
  'NaN',
  '[]',
  '{}',
  '['.repeat(3000),
  '%',
  '../../etc/passwd',
  "'; drop table users; --",
  'true',
  'x'.repeat(5000),
  '\r\n',
];
const PARAMS = [
  'count',
  'seed',
  'now',
  'schema',
  'fields',
  'format',
  'callback',
  'array',
  'include_nulls',
  'include_header',
  'bom',
  'delimiter',
  'quote_char',
  'line_ending',
  'table',
  'create_table',
  'root_element',
  'record_element',
  'neutralize_formulas',
  'background',
  'limit',
];
const FIELDS = [{ name: 'id', type: 'Row Number' }];

/** A lone surrogate cannot be URI-encoded: it goes as the bytes of one (ED A0 80), which is not UTF-8. */
const encoded = (value: string) => (value === '\ud800' ? '%ED%A0%80' : encodeURIComponent(value));

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`downloads with hostile input (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);

    test('hostile parameters: 2xx or a 4xx JSON error, never a 5xx', async () => {
      for (const path of ['/api/downloads', '/api/downloads.csv', '/api/generate.csv']) {
        for (const param of PARAMS) {
          for (const value of HOSTILE_TEXT) {
            const query = `${param}=${encoded(value)}&key=${suite.key}${path.startsWith('/api/generate') ? '&background=true' : ''}`;
            const answer = await call(suite.server, `${path}?${query}`, post(FIELDS));
            const what = `${path} ${param}=${JSON.stringify(value.slice(0, 20))}: ${answer.status} ${answer.text.slice(0, 200)}`;
            assert.ok(answer.status < 500, what);
            if (answer.status >= 400) assert.equal(typeof answer.json.error, 'string', what);
          }
        }
      }
      for (const body of [
        'not json',
        '['.repeat(5000),
        '{"fields": 5}',
        '[{"name": "\\u0000", "type": "Row Number"}]',
        JSON.stringify([{ name: 'x', type: 'Formula', value: 'x'.repeat(100_000) }]),
      ]) {
        const answer = await call(suite.server, `/api/downloads.csv?key=${suite.key}`, { method: 'POST', body });
        assert.ok(
          answer.status < 500 && answer.status !== 202 ? typeof answer.json.error === 'string' : answer.status === 202,
          `${body.slice(0, 30)}: ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      }
      for (const id of ['%00', '%ud800', 'x'.repeat(3000), '%20', "'"]) {
        for (const [method, path] of [
          ['GET', `/api/downloads/${id}`],
          ['GET', `/api/downloads/${id}/file`],
          ['DELETE', `/api/downloads/${id}`],
          ['DELETE', `/api/admin/downloads/${id}`],
        ]) {
          const answer = await call(suite.server, `${path}?key=${suite.key}`, { method });
          assert.ok(answer.status >= 400 && answer.status < 500, `${method} ${path.slice(0, 40)}: ${answer.status}`);
          assert.equal(typeof answer.json.error, 'string');
        }
      }
      assert.equal((await call(suite.server, `/api/downloads?key=${suite.key}`)).status, 200);
    });
  });
}
