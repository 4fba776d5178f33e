/**
 * The contract's schemas against real values: what core builds for GET /api/types and GET
 * /api/formula-functions, the problems core reports, and what a real server (the benchmark's
 * child process: the whole app on SQLite, in a process of its own) answers for a saved schema,
 * its export, a scenario and a password change. The types the web page imports from these
 * schemas are then the shapes it gets.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { compileSchema, describeCatalogue, describeFormulaVocabulary, readScenario } from '@rowloom/core';
import {
  ErrorBody,
  FieldProblem,
  FormulaVocabulary,
  PasswordChanged,
  ProblemDetail,
  SavedSchema,
  ScenarioDocument,
  ScenarioSaved,
  SchemaExport,
  SchemaSaved,
  TypeCatalogue,
} from './index.js';

function assertFits(schema: TSchema, value: unknown, what: string): void {
  const errors = [...Value.Errors(schema, value)].slice(0, 3);
  assert.ok(Value.Check(schema, value), `${what}: ${JSON.stringify(errors)} in ${JSON.stringify(value).slice(0, 300)}`);
}

// Core's own types are the contract's: a change on either side that breaks the other fails to compile.
const vocabulary: FormulaVocabulary = describeFormulaVocabulary();

describe("the contract against core's values", () => {
  test('the type catalogue, as GET /api/types sends it ({...type, type: output})', () => {
    const types = describeCatalogue().map((t) => ({ ...t, type: t.output }));
    assert.ok(types.length > 100);
    assertFits(TypeCatalogue, { types }, 'GET /api/types');
    assert.ok(
      types.some((t) => t.parameters.some((p) => p.allowed)),
      'some parameter is an enumeration',
    );
  });

  test('a catalogue entry missing a key does not fit', () => {
    const [first] = describeCatalogue();
    const { aliases: _aliases, ...withoutAliases } = { ...first, type: first.output };
    assert.equal(Value.Check(TypeCatalogue, { types: [withoutAliases] }), false);
  });

  test('the formula vocabulary', () => {
    assertFits(FormulaVocabulary, vocabulary, 'GET /api/formula-functions');
    assert.ok(vocabulary.functions.length > 0 && vocabulary.methods.length > 0 && vocabulary.specialForms.length > 0);
  });

  test("a schema's problems are FieldProblems, and details of an error body", () => {
    let problems: unknown;
    try {
      compileSchema([{ name: 'n', type: 'Number', min: 'a lot' }, { type: 'No Such Type' }]);
    } catch (error) {
      problems = (error as { problems?: unknown }).problems;
    }
    assert.ok(Array.isArray(problems) && problems.length >= 2, 'the schema is refused with its problems');
    for (const problem of problems) assertFits(FieldProblem, problem, 'a schema problem');
    assertFits(ErrorBody, { error: 'the schema has problems', details: problems }, 'an error body');
  });

  test("a scenario's problems are ProblemDetails", () => {
    const result = readScenario({ points: [{ x: 2, y: 1 }], interpolation: 'cubic' });
    assert.ok(result.problems && result.problems.length >= 2);
    for (const problem of result.problems) assertFits(ProblemDetail, problem, 'a scenario problem');
  });
});

/** The benchmark's server child: prints {url, key} once it listens, stops when its stdin closes. */
const SERVER_CHILD = fileURLToPath(new URL('../../server/dist/bench/server-child.js', import.meta.url));

describe("the contract against a real server's answers", () => {
  let child: ChildProcess;
  let url = '';
  let key = '';
  /** `auth`: the headers that authenticate (default the child's key; {} for none). */
  const call = async (path: string, init: RequestInit = {}, auth: Record<string, string> = { 'x-api-key': key }) => {
    const response = await fetch(`${url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...auth },
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  };

  before(async () => {
    child = spawn(process.execPath, [SERVER_CHILD], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before it listened`))),
    );
    const line = await Promise.race([
      new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
      exited,
    ]);
    ({ url, key } = JSON.parse(line) as { url: string; key: string });
  });

  after(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin?.end();
    await exited;
  });

  test('a saved schema: the save, the schema and its export', async () => {
    const fields = [
      { name: 'id', type: 'Row Number' },
      { name: 'who', type: 'First Name', percentBlank: 10, formula: 'this.upcase()' },
    ];
    const saved = await call('/api/schemas/people%20list', {
      method: 'PUT',
      body: JSON.stringify({ fields, count: 50, format: 'csv', options: { include_header: false, delimiter: ';' } }),
    });
    assert.equal(saved.status, 200);
    assertFits(SchemaSaved, saved.body, 'PUT /api/schemas/:name');
    const plain = await call('/api/schemas/bare', { method: 'PUT', body: JSON.stringify({ fields }) });
    assertFits(SchemaSaved, plain.body, 'PUT /api/schemas/:name without file settings');

    for (const name of ['people%20list', 'bare']) {
      const got = await call(`/api/schemas/${name}`);
      assert.equal(got.status, 200);
      assertFits(SavedSchema, got.body, 'GET /api/schemas/:name');
      const exported = await call(`/api/schemas/${name}/export`);
      assert.equal(exported.status, 200);
      assertFits(SchemaExport, exported.body, 'GET /api/schemas/:name/export');
    }
    const got = (await call('/api/schemas/people%20list')).body as SavedSchema;
    assert.deepEqual([got.format, got.options], ['csv', { include_header: false, delimiter: ';' }]);
  });

  test('an export is what PUT takes back', async () => {
    const exported = (await call('/api/schemas/people%20list/export')).body as SchemaExport;
    const restored = await call('/api/schemas/restored', { method: 'PUT', body: JSON.stringify(exported) });
    assert.equal(restored.status, 200);
    const again = (await call('/api/schemas/restored/export')).body;
    assert.deepEqual({ ...(again as object), name: exported.name }, exported);
  });

  test('a scenario: the save and the stored scenario', async () => {
    const saved = await call('/api/scenarios/load', {
      method: 'PUT',
      body: JSON.stringify({
        points: [
          { x: 1, y: 5 },
          { x: 0, y: 1 },
        ],
        interpolation: 'smooth',
      }),
    });
    assert.equal(saved.status, 200);
    assertFits(ScenarioSaved, saved.body, 'PUT /api/scenarios/:name');
    const got = await call('/api/scenarios/load');
    assertFits(ScenarioDocument, got.body, 'GET /api/scenarios/:name');
    assert.equal((got.body as ScenarioDocument).noise, 0);
    const refused = await call('/api/scenarios/bad', {
      method: 'PUT',
      body: JSON.stringify({ points: [{ x: 3, y: 1 }] }),
    });
    assert.equal(refused.status, 400);
    assertFits(ErrorBody, refused.body, 'a refused scenario');
  });

  test('a password change, with the session cookie and with a key', async () => {
    const email = 'changer@example.com';
    const first = 'plum-harbour-quietly-47';
    const signup = await call(
      '/api/session/signup',
      { method: 'POST', body: JSON.stringify({ email, password: first }) },
      {},
    );
    assert.equal(signup.status, 200, JSON.stringify(signup.body));
    const session = (answer: { headers: Headers; body: unknown }) => ({
      cookie: answer.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      'x-csrf-token': (answer.body as { csrfToken: string }).csrfToken,
    });
    const change = (current: string, password: string, headers: Record<string, string>) =>
      call('/api/account/password', { method: 'PUT', body: JSON.stringify({ current, password }) }, headers);

    const changed = await change(first, 'violet-lantern-drifts-82', session(signup));
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assertFits(PasswordChanged, changed.body, 'PUT /api/account/password (cookie)');
    assert.equal((changed.body as PasswordChanged).user?.email, email);

    // The new session works (the answer's cookie and token); it shows the user's key.
    const shown = await call('/api/key', {}, session(changed));
    assert.equal(shown.status, 200, JSON.stringify(shown.body));
    const ownKey = (shown.body as { key: string }).key;
    const byKey = await change('violet-lantern-drifts-82', 'amber-thistle-wanders-15', { 'x-api-key': ownKey });
    assert.equal(byKey.status, 200, JSON.stringify(byKey.body));
    assertFits(PasswordChanged, byKey.body, 'PUT /api/account/password (key)');
    assert.deepEqual(byKey.body, { success: true });
  });
});
