/**
 * A short soak (about 12 s): hostile clients of every kind against a real server in a child
 * process, while a probe (another key) asks for one row and for the type list. Asserts gross
 * isolation only (the figures are `npm run soak`'s job): the server never exits, never answers
 * 5xx other than 503, and the probe always succeeds, with a median under 0.5 s and p99 under
 * 5 s (the bound is generous: this machine's two cores also run the load; before the shared
 * pool a small request waited 23 s).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { startServerChild, stopServerChild } from '../bench/server-process.js';
import type { ServerChildReady } from '../bench/server-child.js';
import { percentile, runSoak, serverErrors } from './soak-load.js';

describe('soak: one client cannot hold the server for others', () => {
  let child: ChildProcess;
  let ready: ServerChildReady;
  let exitCode: number | null = null;
  before(async () => {
    ({ child, ready } = await startServerChild({ ROWLOOM_TIME_LIMIT_SECONDS: '4', ROWLOOM_STALL_SECONDS: '2' }));
    child.once('exit', (code) => (exitCode = code ?? -1));
  });
  after(() => stopServerChild(child));

  test('heavy formulas, huge rows, huge images, stalled readers and endless counts: the probe stays fast', async () => {
    const result = await runSoak({
      url: ready.url,
      hostileKey: ready.key,
      probeKey: ready.otherKey,
      durationMs: 12_000,
      clients: { formula: 2, words: 1, image: 4, stalled: 20, unlimited: 1 },
    });
    assert.equal(exitCode, null, 'the server is still running');
    assert.equal(serverErrors(result), 0, JSON.stringify(result.outcomes));
    for (const [name, figures] of Object.entries(result.probe)) {
      assert.deepEqual(figures.failures, [], `probe ${name}`);
      assert.ok(figures.latenciesMs.length >= 10, `probe ${name} ran ${figures.latenciesMs.length} times`);
      const [p50, p99] = [percentile(figures.latenciesMs, 50), percentile(figures.latenciesMs, 99)];
      assert.ok(p50 < 500 && p99 < 5000, `probe ${name}: p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms`);
    }
    // The hostile load really ran: every kind got answers.
    for (const [kind, tally] of Object.entries(result.outcomes))
      assert.ok(Object.keys(tally).length > 0, `${kind}: ${JSON.stringify(tally)}`);
    // Stalled readers were closed by the stall timeout, not left holding their generation.
    assert.ok(
      (result.outcomes.stalled['200 cut'] ?? 0) + (result.outcomes.stalled['503'] ?? 0) > 0,
      JSON.stringify(result.outcomes.stalled),
    );
    const types = await fetch(`${ready.url}/api/types?key=${ready.otherKey}`);
    assert.equal(types.status, 200);
  });
});
