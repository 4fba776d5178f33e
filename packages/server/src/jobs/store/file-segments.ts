/**
 * A finished job's file as a list of segments: the head's bytes, each shard's part, the tail's
 * bytes. The directory store keeps the file in this form (assembling it = recording the list)
 * and serves any byte range of it by reading the segments that range covers.
 */

export type FileSegment = { kind: 'bytes'; data: Buffer } | { kind: 'part'; shard: number; size: number };

/** Offsets `start` to `end` (inclusive) within one segment. */
export interface SegmentPiece {
  segment: FileSegment;
  start: number;
  end: number;
}

export function segmentSize(segment: FileSegment): number {
  return segment.kind === 'bytes' ? segment.data.length : segment.size;
}

export function totalSize(segments: readonly FileSegment[]): number {
  return segments.reduce((sum, segment) => sum + segmentSize(segment), 0);
}

/**
 * The pieces of segments that make bytes `start` to `end` (inclusive) of the whole, in order.
 * Empty segments never appear; a range may begin, end or lie entirely inside one segment.
 */
export function piecesInRange(segments: readonly FileSegment[], start: number, end: number): SegmentPiece[] {
  const pieces: SegmentPiece[] = [];
  let offset = 0;
  for (const segment of segments) {
    const size = segmentSize(segment);
    const last = offset + size - 1;
    if (size > 0 && last >= start && offset <= end) {
      pieces.push({ segment, start: Math.max(start, offset) - offset, end: Math.min(end, last) - offset });
    }
    offset += size;
    if (offset > end) break;
  }
  return pieces;
}
