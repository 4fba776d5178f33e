/** The latency sampler's distributions (statistical tolerances: each check fails by chance with probability < 1e-6). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MOCK_LIMITS } from '@rowloom/contract';
import { effectiveLatency, sampleDelay } from './latency.js';
import { pickFault } from './faults.js';
import { chooseResponse } from './choose-response.js';
import { completeDocument } from './mock-fixture.js';
import { binomialBounds } from './statistics.js';
import type { MockCall } from './mock-call.js';

const N = 20_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const sd = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};

test('lognormal: the sample median and the log-sd match median and sigma', () => {
  const logs = Array.from({ length: N }, () => Math.log(sampleDelay({ type: 'lognormal', median: 80, sigma: 0.6 })));
  // The log-median's standard error is sqrt(pi/2) sigma / sqrt(N) = 0.0053: 6 of them.
  assert.ok(Math.abs(median(logs) - Math.log(80)) < 0.032, `log median ${median(logs)}`);
  // The sample sd's standard error is about sigma / sqrt(2N) = 0.003: 6 of them.
  assert.ok(Math.abs(sd(logs) - 0.6) < 0.018, `log sd ${sd(logs)}`);
});

test('uniform stays within its bounds and averages their middle; fixed is fixed; everything is capped', () => {
  const values = Array.from({ length: N }, () => sampleDelay({ type: 'uniform', min: 10, max: 50 }));
  assert.ok(values.every((v) => v >= 10 && v <= 50));
  // Standard error of the mean: 40 / sqrt(12 N) = 0.082: 6 of them.
  assert.ok(Math.abs(mean(values) - 30) < 0.5, `mean ${mean(values)}`);
  assert.ok(Math.min(...values) < 11 && Math.max(...values) > 49, 'the whole range is used');
  assert.equal(sampleDelay({ type: 'fixed', ms: 25 }), 25);
  assert.equal(sampleDelay({ type: 'fixed', ms: 10 ** 9 }), MOCK_LIMITS.latencyMs);
  assert.equal(
    sampleDelay({ type: 'lognormal', median: 10 ** 6, sigma: 3 }, () => 0.999999),
    MOCK_LIMITS.latencyMs,
  );
  assert.equal(sampleDelay(null), 0);
});

test('latency is inherited: response over route over API; null inherits', () => {
  const api = { type: 'fixed', ms: 1 } as const;
  const route = { type: 'fixed', ms: 2 } as const;
  assert.equal(effectiveLatency(null, route, api), route);
  assert.equal(effectiveLatency(undefined, null, api), api);
  assert.equal(effectiveLatency(null, null, null), null);
});

test('everyNth fires on exactly the Nth requests; the first fault that fires wins', () => {
  const fired = Array.from(
    { length: 12 },
    (_, i) =>
      pickFault(
        [
          { kind: 'reset', everyNth: 4 },
          { kind: 'empty', everyNth: 3 },
        ],
        i + 1,
      )?.kind ?? '-',
  );
  assert.deepEqual(fired, ['-', '-', 'empty', 'reset', '-', 'empty', '-', 'reset', 'empty', '-', '-', 'reset']);
});

test('random mode: each of 3 responses about a third of the time; a probability fault fires binomially', () => {
  const route = completeDocument({ name: 'x', routes: [{ path: '/', mode: 'random', responses: [{}, {}, {}] }] })
    .routes[0];
  const call: MockCall = {
    method: 'GET',
    path: '/',
    segments: [],
    query: {},
    headers: {},
    cookies: {},
    bodyText: null,
    body: null,
  };
  const counts = [0, 0, 0];
  const draws = 3000;
  for (let i = 0; i < draws; i++)
    counts[chooseResponse(route, { call, pathParams: {}, requestNumber: i + 1 }, 'routes[0]', null).index]++;
  const [lo, hi] = binomialBounds(draws, 1 / 3);
  assert.ok(
    counts.every((count) => count >= lo && count <= hi),
    `${counts} outside ${lo}..${hi}`,
  );
  let fired = 0;
  for (let i = 0; i < 2000; i++) if (pickFault([{ kind: 'reset', probability: 0.05 }], i + 1)) fired++;
  const [flo, fhi] = binomialBounds(2000, 0.05);
  assert.ok(fired >= flo && fired <= fhi, `${fired} outside ${flo}..${fhi}`);
});
