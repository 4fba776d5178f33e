import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForSuite } from '../../testing/server-fixture.js';

interface Word {
  name: string;
  signature: string;
  description: string;
  example: string;
}

describe('GET /api/formula-functions', () => {
  const suite = serverForSuite('sqlite');

  test('lists the functions, methods and special forms the formula language has, for a key', async () => {
    const key = await suite.server.userKey('unlimited');
    const response = await fetch(`${suite.server.url}/api/formula-functions?key=${key}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { functions: Word[]; methods: Word[]; specialForms: Word[] };
    const names = body.functions.map((f) => f.name);
    for (const name of ['concat', 'upper', 'lower']) assert.ok(names.includes(name), name);
    assert.ok(body.methods.length > 0);
    assert.deepEqual(body.specialForms.map((s) => s.name).slice(0, 3), ['field', 'from_dataset', 'generate']);
    for (const word of [...body.functions, ...body.methods]) {
      assert.equal(typeof word.signature, 'string');
      assert.ok(word.description.length > 0, word.name);
    }
  });

  test('asks for a key or a session like every endpoint', async () => {
    const response = await fetch(`${suite.server.url}/api/formula-functions`);
    assert.equal(response.status, 401);
    assert.equal(typeof ((await response.json()) as { error: unknown }).error, 'string');
  });
});
