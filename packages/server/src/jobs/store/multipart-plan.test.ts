/**
 * The S3 assembly plan keeps S3's rules (checked here because the test S3 server does not
 * enforce them) and makes exactly the file: any sources, small limits to reach every case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  planMultipart,
  S3_LIMITS,
  splitPlan,
  type MultipartLimits,
  type MultipartSource,
  type PlannedPart,
} from './multipart-plan.js';

const MIB = 1024 * 1024;

/** What the plan's parts stand for, as [key or "bytes", start, end] runs, merged where adjacent. */
function coverage(parts: PlannedPart[]): string[] {
  const runs: Array<[string, number, number]> = [];
  const add = (key: string, start: number, end: number) => {
    const last = runs.at(-1);
    if (last && last[0] === key && last[2] + 1 === start) last[2] = end;
    else runs.push([key, start, end]);
  };
  for (const part of parts) {
    if (part.kind === 'copy') add(part.key, part.range?.start ?? 0, part.range ? part.range.end : part.size - 1);
    else
      for (const piece of part.pieces) {
        if (piece.kind === 'bytes') add(`bytes:${piece.data.toString('hex')}`, 0, piece.data.length - 1);
        else add(piece.key, piece.start, piece.end);
      }
  }
  return runs.map(([key, start, end]) => `${key} ${start}-${end}`);
}

function expectedCoverage(sources: MultipartSource[]): string[] {
  return sources
    .filter((source) => (source.kind === 'bytes' ? source.data.length : source.size) > 0)
    .map((source) =>
      source.kind === 'bytes'
        ? `bytes:${source.data.toString('hex')} 0-${source.data.length - 1}`
        : `${source.key} 0-${source.size - 1}`,
    );
}

function checkRules(parts: PlannedPart[], sources: MultipartSource[], limits: MultipartLimits): void {
  const sizes = new Map(
    sources.flatMap((source) => (source.kind === 'object' ? [[source.key, source.size] as const] : [])),
  );
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    assert.ok(
      last || part.size >= limits.minPartBytes,
      `part ${index + 1} of ${parts.length}: ${part.size} bytes is under the minimum`,
    );
    assert.ok(part.size <= limits.maxPartBytes, `part ${index + 1}: ${part.size} bytes is over the maximum`);
    assert.ok(part.size > 0);
    if (part.kind === 'copy') {
      assert.ok(
        part.range === undefined || sizes.get(part.key)! > limits.minPartBytes,
        `a range copy from ${part.key} of ${sizes.get(part.key)} bytes (ranges only from objects over the minimum)`,
      );
      if (part.range) assert.equal(part.range.end - part.range.start + 1, part.size);
      else assert.equal(part.size, sizes.get(part.key));
    } else {
      assert.ok(
        part.size < 3 * limits.minPartBytes,
        `an uploaded part of ${part.size} bytes: memory must stay under three minimum parts`,
      );
      assert.equal(
        part.pieces.reduce(
          (sum, piece) => sum + (piece.kind === 'bytes' ? piece.data.length : piece.end - piece.start + 1),
          0,
        ),
        part.size,
      );
    }
  });
}

test('planMultipart: any head, parts and tail give exactly the file, within every S3 rule (scaled-down limits)', () => {
  const limits: MultipartLimits = { minPartBytes: 10, maxPartBytes: 25, maxParts: 10_000 };
  const source = fc.oneof(
    fc.uint8Array({ maxLength: 30 }).map((data): MultipartSource => ({ kind: 'bytes', data: Buffer.from(data) })),
    fc.nat({ max: 80 }).map((size): MultipartSource => ({ kind: 'object', key: '', size })),
  );
  fc.assert(
    fc.property(fc.array(source, { maxLength: 12 }), (drawn) => {
      const sources = drawn.map((s, i): MultipartSource => (s.kind === 'object' ? { ...s, key: `part-${i}` } : s));
      const parts = planMultipart(sources, limits);
      checkRules(parts, sources, limits);
      assert.deepEqual(coverage(parts), expectedCoverage(sources));
      // Runs of a split plan are valid uploads of their own: only their last part may be small.
      for (const run of splitPlan(parts, 3))
        run.slice(0, -1).forEach((part) => assert.ok(part.size >= limits.minPartBytes));
    }),
    { numRuns: 3000 },
  );
});

test('planMultipart, the usual job: the head goes up with the first 5 MiB of part 0, everything else is copied in the bucket', () => {
  const head = Buffer.from('id,first_name,email\n');
  const sources: MultipartSource[] = [
    { kind: 'bytes', data: head },
    ...Array.from({ length: 80 }, (_, shard): MultipartSource => ({
      kind: 'object',
      key: `parts/${shard}`,
      size: 29 * MIB + shard,
    })),
    { kind: 'bytes', data: Buffer.alloc(0) },
  ];
  const parts = planMultipart(sources, S3_LIMITS);
  checkRules(parts, sources, S3_LIMITS);
  const uploaded = parts.filter((part) => part.kind === 'upload');
  assert.deepEqual(
    uploaded.map((part) => part.size),
    [5 * MIB],
  );
  assert.deepEqual(parts[1], {
    kind: 'copy',
    key: 'parts/0',
    size: 24 * MIB + head.length,
    range: { start: 5 * MIB - head.length, end: 29 * MIB - 1 },
  });
  assert.equal(parts.length, 81);
});

test('planMultipart: a part over 5 GiB is copied in ranges of at most 5 GiB; an empty file has no part', () => {
  const sources: MultipartSource[] = [{ kind: 'object', key: 'big', size: 12 * 1024 * MIB }];
  const parts = planMultipart(sources, S3_LIMITS);
  checkRules(parts, sources, S3_LIMITS);
  assert.equal(parts.length, 3);
  assert.deepEqual(
    planMultipart(
      [
        { kind: 'bytes', data: Buffer.alloc(0) },
        { kind: 'object', key: 'empty', size: 0 },
      ],
      S3_LIMITS,
    ),
    [],
  );
});
