import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jobFrame, jobSetup, planShards, shardBytes, shardCount, shardPart, shardRange } from './shard.js';
import { singleShot, testJob, WRITER_VARIANTS } from '../testing/job-fixtures.js';

describe('shards', () => {
  test('ranges cover [0, count) once, the last one shorter', () => {
    const job = testJob({ format: 'csv' }, 1003, 250);
    assert.equal(shardCount(job), 5);
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((s) => shardRange(job, s)),
      [
        { start: 0, end: 250 },
        { start: 250, end: 500 },
        { start: 500, end: 750 },
        { start: 750, end: 1000 },
        { start: 1000, end: 1003 },
      ],
    );
    assert.equal(shardCount(testJob({ format: 'csv' }, 0, 10)), 1);
  });

  for (const { label, writer } of WRITER_VARIANTS) {
    test(`head + shards + tail === one generate call: ${label}`, async () => {
      for (const [count, shardRows] of [
        [1003, 97],
        [1, 7],
        [250, 250],
      ] as const) {
        const job = testJob(writer, count, shardRows);
        const { head, tail } = jobFrame(job);
        const pieces = [head];
        for (let shard = 0; shard < shardCount(job); shard++) pieces.push(...shardBytes(job, shard));
        pieces.push(tail);
        const expected = await singleShot(job);
        assert.ok(expected.length > 0);
        assert.ok(
          Buffer.concat(pieces).equals(expected),
          `${label}: ${count} rows in shards of ${shardRows} differ from one generate call`,
        );
      }
    });
  }

  test('a packed job (xlsx) is one shard whose part is the whole file, equal to one generate call; nothing goes around it', async () => {
    for (const writer of [
      { format: 'xlsx' as const },
      { format: 'xlsx' as const, includeHeader: false, sheetName: 'People' },
    ]) {
      const job = planShards(testJob(writer, 1003, 97));
      assert.equal(job.packed, true);
      assert.equal(shardCount(job), 1, 'one shard whatever shard size was asked');
      const { head, tail, contentType, extension } = jobFrame(job);
      assert.equal(head.length + tail.length, 0);
      assert.equal(contentType, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      assert.equal(extension, 'xlsx');
      const setup = jobSetup(job);
      const parts: Buffer[] = [];
      for await (const piece of shardPart(
        job,
        setup,
        (async function* () {
          yield* shardBytes(job, 0, setup);
        })(),
      ))
        parts.push(piece);
      const expected = await singleShot(job);
      assert.equal(expected.subarray(0, 2).toString(), 'PK', 'a zip');
      assert.ok(Buffer.concat(parts).equals(expected), 'the shard made the same file as one generate call');
    }
  });

  test('planShards leaves a job of a text format as it is', () => {
    for (const { writer } of WRITER_VARIANTS) {
      const job = testJob(writer, 1003, 97);
      assert.equal(planShards(job), job);
    }
  });

  test('the Scenario spans the whole job: a shard alone is not a small generation', async () => {
    const whole = testJob({ format: 'csv', includeHeader: false }, 400, 100);
    const alone = testJob({ format: 'csv', includeHeader: false }, 100, 100);
    assert.notDeepEqual(Buffer.concat([...shardBytes(whole, 0)]), Buffer.concat([...shardBytes(alone, 0)]));
  });
});
