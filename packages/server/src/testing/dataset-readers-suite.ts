/**
 * Every reader of a saved dataset besides /api/generate, over a dataset of a million rows: mock
 * routes answering with a saved schema's rows (public ones can be called anonymously), mock
 * handlers, the check of handlers when a mock API is saved, CRUD collections seeded from a
 * schema, background downloads, and saving a schema. Calls at once must not hold the server
 * (/health probed from a thread of its own), and the answers are the rows the dataset gives.
 * The rows are parsed on the generation threads (or by the job's worker), never on the thread
 * that answers requests. One dataset per suite; a small second one for the problems only the
 * rows show, whose messages are those the parsed tables gave.
 *
 * One test file per database (dataset-readers.*.test.ts), so each has the per-file time limit to
 * itself: on a loaded 2-core machine the two together came near it.
 */
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { skipUnlessAvailable } from './databases.js';
import { whileProbingHealth } from './health-probe.js';
import { fetchAnswer, type Answer } from './http-calls.js';
import { newTestDatabase, startTestServer, type TestServer } from './server-fixture.js';
import { waitFor } from './downloads-helpers.js';
import type { DownloadStatus } from '../jobs/job-contract.js';

const ROWS = 1_000_000;
/**
 * Calls at once, and how many times over. One round of four: each call has its thread parse the
 * million rows (about 5 s a call on a slow 2-core machine), and three rounds made these two files
 * eight minutes of the suite's thirty.
 */
const AT_ONCE = 4;
const ROUNDS = 1;
/** Generous: the event loop held by parsing the dataset showed as seconds. */
const HEALTH_BOUND_MS = 1000;

/** Sequential columns give known rows; a random one and a join show the rows are the dataset's. */
const BIG = [
  { name: 'id', type: 'Dataset Column', dataset: 'million', column: 'id', selectionStyle: 'sequential' },
  { name: 'digit', type: 'Dataset Column', dataset: 'million', column: 'digit', selectionStyle: 'sequential' },
  { name: 'picked', type: 'Dataset Column', dataset: 'million', column: 'id' },
  { name: 'joined', type: 'Formula', value: "from_dataset('million', 'digit', id: picked)" },
];
/** Valid while dataset "tiers" has a gold tier; replaced by one without, only its rows show the problem. */
const TIERED = [
  {
    name: 'tier',
    type: 'Dataset Column',
    dataset: 'tiers',
    column: 'tier',
    selectionStyle: 'custom',
    distribution: [{ frequencies: { gold: 1 } }],
  },
];

type Row = { id: string; digit: string; picked: string; joined: string };

/** Rows of BIG from row `first` on: the dataset's rows in order, the join agreeing with the pick. */
function assertBigRows(rows: Row[], count: number, first = 0): void {
  assert.equal(rows.length, count);
  rows.forEach((row, i) => {
    assert.equal(row.id, String(100_000 + first + i));
    assert.equal(row.digit, String((first + i) % 10));
    const picked = Number(row.picked);
    assert.ok(picked >= 100_000 && picked < 100_000 + ROWS, row.picked);
    assert.equal(row.joined, String((picked - 100_000) % 10), 'the join reads the picked row');
  });
}

const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function datasetReadersSuite(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const skip = await skipUnlessAvailable(dialect);
  describe(`readers of a million-row dataset besides generate (${dialect})`, { skip }, () => {
    let server: TestServer;
    let key = '';
    const call = (path: string, init?: RequestInit) => fetchAnswer(`${server.url}${path}`, init);
    const saveMock = async (document: unknown) => {
      const saved = await call(`/api/mocks?key=${key}`, json(document));
      assert.equal(saved.status, 201, saved.text);
    };
    const uploadTiers = async (csv: string) => {
      const stored = await call(`/api/datasets/tiers?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      assert.equal(stored.status, 200, stored.text);
    };

    before(async () => {
      // Background jobs go in at once on purpose: the per-user cap (job-quota tests) is off here.
      server = await startTestServer(newTestDatabase(dialect), { downloads: { maxActiveJobs: null } });
      key = await server.userKey('unlimited');
      // 9 MB: "100000,0" .. "1099999,9".
      const lines = Array.from({ length: ROWS }, (_, i) => `${100_000 + i},${i % 10}`);
      const stored = await call(`/api/datasets/million?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: `id,digit\n${lines.join('\n')}\n`,
      });
      assert.equal(stored.status, 200, stored.text);
      assert.equal(stored.json.rows, ROWS);
      await uploadTiers('tier\ngold\nsilver\n');
      for (const [name, fields] of [
        ['Big', BIG],
        ['Tiered', TIERED],
      ] as const) {
        const saved = await call(`/api/schemas/${name}?key=${key}`, json(fields, 'PUT'));
        assert.equal(saved.status, 200, saved.text);
      }
    });
    after(() => server.close());

    /**
     * `calls(round, n)` AT_ONCE at a time, ROUNDS times, /health probed all along: every answer,
     * and `prompt()`, which asserts /health kept answering (called after the answers are checked).
     */
    async function atOnce(
      t: TestContext,
      calls: (round: number, n: number) => Promise<Answer>,
    ): Promise<{ answers: Answer[]; prompt: () => void }> {
      // The server runs in this process: its event loop's longest stall is shown beside /health's times.
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const { result, health } = await whileProbingHealth(server.url, async () => {
        const answers: Answer[] = [];
        for (let round = 0; round < ROUNDS; round++)
          answers.push(...(await Promise.all(Array.from({ length: AT_ONCE }, (_, n) => calls(round, n)))));
        return answers;
      });
      stalls.disable();
      t.diagnostic(
        `/health answered ${health.count} times, the slowest in ${health.slowestMs.toFixed(0)} ms; the event loop's longest stall ${(stalls.max / 1e6).toFixed(0)} ms`,
      );
      return {
        answers: result,
        prompt: () =>
          assert.ok(health.slowestMs < HEALTH_BOUND_MS, `/health took up to ${health.slowestMs.toFixed(0)} ms`),
      };
    }

    test("a public mock route answering with the schema's rows, called anonymously", async (t) => {
      await saveMock({
        name: 'Rows',
        slug: 'rows',
        public: true,
        routes: [{ path: '/people', responses: [{ body: { type: 'schema', schema: 'Big', count: 5, array: true } }] }],
      });
      const { answers, prompt } = await atOnce(t, () => call('/mock/rows/people'));
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.text);
        assertBigRows(answer.json as Row[], 5);
      }
      prompt();
    });

    test("a mock handler generating the schema's rows", async (t) => {
      await saveMock({
        name: 'Handled',
        slug: 'handled',
        public: true,
        routes: [{ path: '/people', responses: [{ body: { type: 'handler', source: 'schema "Big"\ngenerate 3' } }] }],
      });
      const { answers, prompt } = await atOnce(t, () => call('/mock/handled/people'));
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.text);
        assertBigRows(answer.json as Row[], 3);
      }
      prompt();
    });

    test('saving mock APIs whose handlers join on it', async (t) => {
      const source = "status 200\n{ digit: from_dataset('million', 'digit', id: params['id']) }";
      const { answers, prompt } = await atOnce(t, (round, n) =>
        call(
          `/api/mocks?key=${key}`,
          json({
            name: `Joins ${round}-${n}`,
            routes: [{ path: '/digits/:id', responses: [{ body: { type: 'handler', source } }] }],
          }),
        ),
      );
      for (const answer of answers) assert.equal(answer.status, 201, answer.text);
      const bad = await call(
        `/api/mocks?key=${key}`,
        json({
          name: 'Bad join',
          routes: [
            {
              path: '/d/:id',
              responses: [{ body: { type: 'handler', source: source.replace("'digit'", "'digits'") } }],
            },
          ],
        }),
      );
      assert.equal(bad.status, 400, bad.text);
      assert.deepEqual(
        (bad.json.details as { message: string }[]).map((d) => d.message),
        ["routes[0].responses[0].body.source line 2:34: dataset 'million' has no column 'digits' (columns: id, digit)"],
      );
      prompt();
    });

    test('CRUD collections seeded from the schema', async (t) => {
      const routes = Array.from({ length: AT_ONCE * ROUNDS }, (_, i) => ({
        kind: 'crud',
        method: 'ANY',
        path: `/people${i}`,
        crud: { schema: 'Big', count: 4 },
      }));
      await saveMock({ name: 'Collections', slug: 'collections', public: true, routes });
      const { answers, prompt } = await atOnce(t, (round, n) => call(`/mock/collections/people${round * AT_ONCE + n}`));
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.text);
        assertBigRows(answer.json as Row[], 4);
      }
      prompt();
    });

    test("background downloads: submitted at once, each file is generate's output for its seed", async (t) => {
      const { answers, prompt } = await atOnce(t, (round, n) =>
        call(`/api/downloads.csv?key=${key}&count=2000&seed=job-${round}-${n}`, json(BIG)),
      );
      for (const answer of answers) assert.equal(answer.status, 202, answer.text);
      for (const [i, answer] of answers.entries()) {
        const id = (answer.json as DownloadStatus).id;
        const done = await waitFor(server, key, id, ['done', 'failed'], 120_000);
        assert.equal(done.status, 'done', JSON.stringify(done));
        // The first and the last file against generate (each reference parses the dataset again).
        if (i !== 0 && i !== answers.length - 1) continue;
        const file = await call(`/api/downloads/${id}/file?key=${key}`);
        const reference = await call(
          `/api/generate.csv?key=${key}&count=2000&seed=job-${Math.floor(i / AT_ONCE)}-${i % AT_ONCE}`,
          json(BIG),
        );
        assert.equal(reference.status, 200, reference.text);
        assert.equal(file.text, reference.text);
      }
      prompt();
    });

    test('saving schemas that read it', async (t) => {
      const { answers, prompt } = await atOnce(t, (round, n) =>
        call(`/api/schemas/Big-${round}-${n}?key=${key}`, json({ fields: BIG, count: 7 }, 'PUT')),
      );
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.json.fields, BIG.length);
      }
      const copy = await call(`/api/generate.json?key=${key}&schema=Big-${ROUNDS - 1}-${AT_ONCE - 1}`);
      assert.equal(copy.status, 200, copy.text);
      assertBigRows(copy.json as Row[], 7);
      prompt();
    });

    test('problems only the rows show: the messages the parsed tables gave', async () => {
      await saveMock({
        name: 'Tiers',
        slug: 'tiers',
        public: true,
        routes: [
          { path: '/rows', responses: [{ body: { type: 'schema', schema: 'Tiered' } }] },
          { path: '/handled', responses: [{ body: { type: 'handler', source: 'schema "Tiered"\ngenerate 1' } }] },
          { kind: 'crud', method: 'ANY', path: '/seeded', crud: { schema: 'Tiered', count: 2 } },
        ],
      });
      assert.equal((await call('/mock/tiers/rows')).json.tier, 'gold');
      // A dataset replaced after the schema was saved: only its rows show that gold is gone.
      await uploadTiers('tier\nbronze\n');
      const problem =
        'field "tier", parameter "distribution[0].frequencies": "gold" is not one of the values ("bronze")';
      const rows = await call('/mock/tiers/rows');
      assert.equal(rows.status, 422, rows.text);
      assert.equal(
        rows.json.error,
        `routes[0].responses[0] (GET /rows): the saved schema "Tiered" has 1 problem(s): ${problem}`,
      );
      const handled = await call('/mock/tiers/handled');
      assert.equal(handled.status, 422, handled.text);
      assert.equal(
        handled.json.error,
        `handler error at 2:1: schema 'Tiered' cannot generate: ${problem} (routes[1].responses[0] (GET /handled))`,
      );
      const seeded = await call('/mock/tiers/seeded');
      assert.equal(seeded.status, 409, seeded.text);
      assert.equal(seeded.json.error, `the saved schema "Tiered" that seeds /seeded cannot generate rows: ${problem}`);
      const download = await call(`/api/downloads.csv?key=${key}&schema=Tiered`, { method: 'POST' });
      assert.equal(download.status, 400, download.text);
      const refusal = {
        error: `the fields have 1 problem: ${problem}`,
        code: 'invalid_schema',
        details: [
          {
            field: 'tier',
            param: 'distribution[0].frequencies',
            message: '"gold" is not one of the values ("bronze")',
          },
        ],
      };
      assert.deepEqual(download.json, refusal);
      const saved = await call(`/api/schemas/Tiered?key=${key}`, json(TIERED, 'PUT'));
      assert.equal(saved.status, 400, saved.text);
      assert.deepEqual(saved.json, refusal);
      const listed = await call(`/api/downloads?key=${key}`);
      assert.ok(
        !(listed.json.downloads as { count: number }[]).some((d) => d.count === 1000),
        'the refused download was not stored',
      );
    });
  });
}
