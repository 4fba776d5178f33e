import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ImplName } from './impls.js';
import type { BenchFormat, StartupResult } from './run-result.js';
import { pairedRatio, summarise, type RoundResult } from './summary.js';
import { checkTargets } from './targets.js';

function run(
  impl: ImplName,
  round: number,
  rows_s: number,
  format: BenchFormat = 'csv',
  max_rss_mb = 100,
): RoundResult {
  return { impl, format, n: 1_000_000, seconds: 1e6 / rows_s, rows_s, mb_s: rows_s / 1e4, max_rss_mb, bytes: 1, round };
}

describe('summarise', () => {
  test('every ratio is the median of per-round ratios, not the ratio of medians', () => {
    // Round 3 is slow for both: per-round ratios 2, 2, 2; medians alone would give 300/200 = 1.5.
    const results = [
      run('rowloom-1', 1, 400),
      run('faker-tuned', 1, 200),
      run('rowloom-1', 2, 300),
      run('faker-tuned', 2, 150),
      run('rowloom-1', 3, 100),
      run('faker-tuned', 3, 50),
    ];
    const [line] = summarise(results, ['rowloom-1'], ['csv']);
    assert.equal(line.rows_s, 300);
    assert.equal(line.vs['faker-tuned'], 2);
    assert.equal(line.vs['faker-typical'], null, 'no faker-typical run: no ratio');
  });

  test('ratios pair runs of the same round and format only', () => {
    const results = [
      run('rowloom-1', 1, 900, 'csv'),
      run('bare-loop', 1, 300, 'json'),
      run('bare-loop', 2, 100, 'csv'),
      run('rowloom-1', 3, 500, 'csv'),
      run('bare-loop', 3, 1000, 'csv'),
    ];
    assert.equal(pairedRatio(results, 'rowloom-1', 'bare-loop', 'csv'), 0.5);
    assert.equal(pairedRatio(results, 'rowloom-1', 'bare-loop', 'json'), null);
  });

  test('peak RSS: the median and the worst run', () => {
    const [line] = summarise(
      [run('rowloom-1', 1, 1, 'csv', 90), run('rowloom-1', 2, 1, 'csv', 250), run('rowloom-1', 3, 1, 'csv', 100)],
      ['rowloom-1'],
      ['csv'],
    );
    assert.equal(line.max_rss_mb, 100);
    assert.equal(line.max_rss_mb_worst, 250);
  });
});

describe('checkTargets', () => {
  const startup = (samples: [number, number][]): StartupResult => ({
    impl: 'worker-startup',
    format: 'csv',
    n: samples.length,
    online_ms: 0,
    ready_ms: 0,
    own_ms: 0,
    samples,
    split: { running_ms: 0, import_ms: 0, compile_ms: 0, first_row_ms: 0, row_bytes: 1 },
  });
  const verdict = (checks: ReturnType<typeof checkTargets>, prefix: string) =>
    checks.filter((c) => c.target.startsWith(prefix)).map((c) => c.met);

  test('judges throughput, ratios, scaling, memory in MB and start-up from one run', () => {
    const results = [
      run('rowloom-1', 1, 1_200_000, 'csv', 150),
      run('rowloom-all', 1, 1_800_000, 'csv', 195), // 195 MiB = 204.5 MB: over 200 MB
      run('faker-typical', 1, 100_000),
      run('faker-tuned', 1, 1_500_000), // 1.2M / 1.5M = 0.8 < 0.85
    ];
    const summary = summarise(results, ['rowloom-1', 'rowloom-all', 'faker-typical', 'faker-tuned'], ['csv']);
    const checks = checkTargets({
      summary,
      results,
      big: [],
      startup: [
        startup([
          [10, 40],
          [10, 70],
          [20, 50],
        ]),
      ],
    });
    assert.deepEqual(verdict(checks, 'rowloom-1 csv >='), [true]);
    assert.deepEqual(verdict(checks, 'rowloom-1 json >='), [null]);
    assert.deepEqual(verdict(checks, 'rowloom-1 csv ÷ faker-typical'), [true]);
    assert.deepEqual(verdict(checks, 'rowloom-1 csv ÷ faker-tuned'), [false]);
    assert.deepEqual(verdict(checks, 'rowloom-all csv ÷ rowloom-1'), [false], '1.5x < 1.7x');
    assert.deepEqual(verdict(checks, 'rowloom-1 csv N=1,000,000 peak RSS'), [true]);
    assert.deepEqual(verdict(checks, 'rowloom-all csv N=1,000,000 peak RSS'), [false]);
    assert.equal(
      checks.filter((c) => c.target.includes('faker') && c.target.includes('peak RSS')).length,
      0,
      'anchors have no memory target',
    );
    // own start-up per thread: 30, 60, 30 ms -> median 30 < 50
    assert.deepEqual(verdict(checks, 'worker start-up'), [true]);
  });
});
