/** POST /api/schema-check over HTTP: the problems of fields answered 200 (none: an empty list), nothing charged. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForSuite } from '../../testing/server-fixture.js';

describe('POST /api/schema-check', () => {
  const suite = serverForSuite('sqlite');
  const check = async (body: unknown, query = '') => {
    const response = await fetch(`${suite.server.url}/api/schema-check?key=${suite.key}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  test('fields that compile: 200 with no problems', async () => {
    const answer = await check({ fields: [{ name: 'id', type: 'Row Number', formula: 'this * 2' }] });
    assert.deepEqual(answer, { status: 200, json: { problems: [] } });
  });

  test('a half-written formula and an unknown type: 200 with each problem naming its field and parameter', async () => {
    const answer = await check({
      fields: [
        { name: 'id', type: 'Row Number', formula: 'this *' },
        { name: 'x', type: 'No Such Type' },
      ],
    });
    assert.equal(answer.status, 200);
    const problems = answer.json.problems as { field: string; param: string | null; message: string }[];
    assert.deepEqual(problems.map((p) => [p.field, p.param]).sort(), [
      ['id', 'formula'],
      ['x', 'type'],
    ]);
    // The formula's problem is placed, as the formula editor shows it.
    assert.match(problems.find((p) => p.field === 'id')!.message, /at \d+:\d+/);
  });

  test('a saved schema is checked by name; a malformed request is still a 400, and no key a 401', async () => {
    const saved = await fetch(`${suite.server.url}/api/schemas/Bad?key=${suite.key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: [{ name: 'id', type: 'Row Number' }] }),
    });
    assert.equal(saved.status, 200, await saved.text());
    assert.deepEqual(await check(undefined, '&schema=Bad'), { status: 200, json: { problems: [] } });
    const malformed = await check({ fields: 'not a list' });
    assert.equal(malformed.status, 400);
    assert.equal(typeof malformed.json.error, 'string');
    const anonymous = await fetch(`${suite.server.url}/api/schema-check`, { method: 'POST', body: '[]' });
    assert.equal(anonymous.status, 401);
  });

  test('checking is not charged against the day', async () => {
    const before = await (await fetch(`${suite.server.url}/api/usage?key=${suite.key}`)).json();
    for (let i = 0; i < 3; i++) await check({ fields: [{ name: 'id', type: 'Row Number' }] });
    const after = await (await fetch(`${suite.server.url}/api/usage?key=${suite.key}`)).json();
    assert.deepEqual(after, before);
  });
});
