import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GenerationPool } from '../pool/shared-pool.js';
import { HandlerError } from './handler-error.js';
import { runHandler } from './run-handler.js';
import { MOCKAROO_EXAMPLE, request, SCHEMAS, setup } from './handler-fixtures.js';

/** Rows that take long: each replaces 100,000 characters one by one (about 0.2 s a row here). */
const SLOW = {
  ...SCHEMAS,
  slow: {
    fields: [
      { name: 'id', type: 'Row Number' },
      { name: 'n', type: 'Formula', value: "(field('id').to_s + 'q').ljust(100000, 'ab').gsub(/[ab]/, 'c').size" },
    ],
    count: 1,
  },
};

describe('GenerationPool.runHandler', () => {
  const pool = new GenerationPool({ maxThreads: 2 });
  after(() => pool.close());

  test('runs a handler on a generation thread: the same result as on this thread, request data included', async () => {
    const handler = setup(MOCKAROO_EXAMPLE, {
      request: request({ pathParams: { id: '12' } }),
      requestSeed: 'GET /users/12',
    });
    const pooled = await pool.runHandler(handler);
    assert.deepEqual(pooled, runHandler(handler));
    assert.equal(JSON.parse(pooled.body).id, 12);
    const missing = await pool.runHandler(setup(MOCKAROO_EXAMPLE, { request: request({ pathParams: { id: '404' } }) }));
    assert.equal(missing.status, 404);
  });

  test('several handlers side by side, with row generations', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pool.runHandler(setup(`schema 'users'\ngenerate ${i}`, { requestSeed: `s${i}` })),
      ),
    );
    results.forEach((result, i) => assert.equal(result.rows, i));
  });

  test("a handler's problem arrives as a HandlerError with its position", async () => {
    await assert.rejects(pool.runHandler(setup("x = 1\nstatus 'teapot'")), (error: unknown) => {
      assert.ok(error instanceof HandlerError);
      assert.deepEqual(
        [error.reason, error.line, error.column],
        ['status must be a whole number from 100 to 599, got "teapot"', 2, 8],
      );
      return true;
    });
    await assert.rejects(
      pool.runHandler(setup('x = nope')),
      (error: unknown) => error instanceof HandlerError && error.line === 1 && error.column === 5,
    );
  });

  test('a cancelled handler stuck in slow rows rejects at once, and the pool goes on serving', async () => {
    const stop = new AbortController();
    const slow = pool.runHandler(setup("generate 40, schema: 'slow'", { schemas: SLOW }), stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop.abort();
    // The rows left would take about eight seconds; the rejection does not wait for them.
    await assert.rejects(slow, /the handler was stopped/);
    for (let i = 0; i < 3; i++) assert.equal((await pool.runHandler(setup("schema 'users'\ngenerate 3"))).rows, 3);
    assert.ok(pool.threadCount <= 2);
  });

  test('a request body nested too deeply to be sent to a thread is refused with a HandlerError, and leaves nothing behind', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i++) deep = { d: deep };
    await assert.rejects(
      pool.runHandler(setup("body['d']", { request: request({ body: deep }) })),
      (error: unknown) => error instanceof HandlerError && /nested more than 1000 levels/.test(error.message),
    );
    assert.equal(pool.jobCount, 0);
    assert.equal((await pool.runHandler(setup('1 + 1'))).body, '2');
  });

  test('an aborted signal rejects before anything runs', async () => {
    await assert.rejects(pool.runHandler(setup('1'), AbortSignal.abort()), /the handler was stopped/);
  });
});
