/**
 * A generate request's checked plan is remembered by the text of the body its fields came in
 * (plan-cache.ts): a remembered plan must never answer for other fields, and a schema that does
 * not compile must be refused in full every time. Real listener, real database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from '@rowloom/core';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';

/** Fields whose every value is the parameter below, so outputs differ only through the plan. */
function numbers(value: number): unknown[] {
  return [
    { name: 'id', type: 'Row Number' },
    { name: 'n', type: 'Number', min: value, max: value, decimals: 0 },
  ];
}

async function post(
  { server, key }: { server: TestServer; key: string },
  body: string,
  query = 'count=3&seed=9',
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/api/generate.csv?key=${key}&${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, text: await response.text() };
}

async function engineText(fields: unknown[]): Promise<string> {
  let text = '';
  for await (const chunk of generate({ fields, count: 3, seed: '9', writer: { format: 'csv' }, workers: 1 }).stream)
    text += String(chunk);
  return text;
}

describe('plans remembered by the body text', { skip: await skipUnlessAvailable('sqlite') }, () => {
  const suite = serverForSuite('sqlite');

  test('two bodies that differ only in a parameter give each its own output, again and again', async () => {
    for (let round = 0; round < 2; round++) {
      for (const value of [5, 6]) {
        const answer = await post(suite, JSON.stringify(numbers(value)));
        assert.equal(answer.status, 200);
        assert.equal(answer.text, await engineText(numbers(value)));
      }
    }
  });

  test('the same fields sent as body text and as the fields parameter give the same output', async () => {
    const fields = numbers(7);
    const fromBody = await post(suite, JSON.stringify(fields, null, 2));
    const fromParam = await fetch(
      `${suite.server.url}/api/generate.csv?key=${suite.key}&count=3&seed=9&fields=${encodeURIComponent(JSON.stringify(fields))}`,
    );
    assert.equal(fromBody.status, 200);
    assert.equal(fromBody.text, await fromParam.text());
    assert.equal(fromBody.text, await engineText(fields));
  });

  test('an invalid schema gets its full 400 every time, and a valid body after it is not confused with it', async () => {
    const bad = JSON.stringify([
      { name: 'x', type: 'No Such Type' },
      { name: 'n', type: 'Number', min: 9, max: 1 },
    ]);
    const first = await post(suite, bad);
    assert.equal(first.status, 400);
    assert.match(first.text, /No Such Type/);
    for (let i = 0; i < 2; i++) assert.deepEqual(await post(suite, bad), first);
    assert.equal((await post(suite, JSON.stringify(numbers(8)))).text, await engineText(numbers(8)));
  });

  test('a draft checked (POST /api/schema-check) shares its plan with generate only for the same fields', async () => {
    const check = (body: string) =>
      fetch(`${suite.server.url}/api/schema-check?key=${suite.key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    for (const value of [11, 12]) {
      const checked = await check(JSON.stringify(numbers(value)));
      assert.deepEqual(await checked.json(), { problems: [] });
    }
    assert.equal((await post(suite, JSON.stringify(numbers(12)))).text, await engineText(numbers(12)));
    assert.equal((await post(suite, JSON.stringify(numbers(11)))).text, await engineText(numbers(11)));
    assert.equal((await post(suite, JSON.stringify(numbers(13)))).text, await engineText(numbers(13)));
  });
});
