/** Byte ranges of a file kept as segments: every range, whatever the segments, reads what the whole would. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { piecesInRange, totalSize, type FileSegment } from './file-segments.js';

/** The bytes the pieces stand for, with each part's bytes made up from its shard number. */
function partBytes(shard: number, size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, i) => (shard * 37 + i) & 0xff));
}

function bytesOf(segment: FileSegment): Buffer {
  return segment.kind === 'bytes' ? segment.data : partBytes(segment.shard, segment.size);
}

test('piecesInRange: the pieces of any range, read in order, are that range of the whole; no empty piece', () => {
  const segment = fc.oneof(
    fc.uint8Array({ maxLength: 6 }).map((data): FileSegment => ({ kind: 'bytes', data: Buffer.from(data) })),
    fc.nat({ max: 9 }).map((size): FileSegment => ({ kind: 'part', shard: 0, size })),
  );
  const file = fc
    .array(segment, { maxLength: 8 })
    .map((segments) => segments.map((s, shard): FileSegment => (s.kind === 'part' ? { ...s, shard } : s)))
    .filter((segments) => totalSize(segments) > 0);
  const withRange = file.chain((segments) => {
    const size = totalSize(segments);
    return fc
      .tuple(fc.constant(segments), fc.nat({ max: size - 1 }), fc.nat({ max: size - 1 }))
      .map(([s, a, b]) => ({ segments: s, start: Math.min(a, b), end: Math.max(a, b) }));
  });
  fc.assert(
    fc.property(withRange, ({ segments, start, end }) => {
      const whole = Buffer.concat(segments.map(bytesOf));
      const pieces = piecesInRange(segments, start, end);
      assert.ok(pieces.every((piece) => piece.end >= piece.start));
      const read = Buffer.concat(pieces.map((piece) => bytesOf(piece.segment).subarray(piece.start, piece.end + 1)));
      assert.deepEqual(read, whole.subarray(start, end + 1));
    }),
    { numRuns: 2000 },
  );
});
