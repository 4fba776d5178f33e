/**
 * How to make one S3 object out of a sequence of sources (bytes in hand, and existing objects)
 * with a multipart upload in which the bucket copies what it already has (UploadPartCopy), so
 * the bytes of the parts never pass through the assembler. Pure: the S3 store runs the plan.
 *
 * S3's rules, which every plan obeys:
 *   - each part but the last is at least 5 MiB, and no part is over 5 GiB;
 *   - at most 10,000 parts (a longer plan is composed in levels by the store);
 *   - a byte range of an object may be copied only when that object is over 5 MiB.
 * Bytes in hand (the head, the tail) and objects under 5 MiB cannot be copied as parts of their
 * own, so they are gathered with neighbouring bytes into an uploaded part: the head with the
 * first 5 MiB of part 0 (then the rest of part 0 is a range copy), small parts with each other.
 * Memory stays under three minimum parts, whatever the sizes.
 */

export interface MultipartLimits {
  minPartBytes: number;
  maxPartBytes: number;
  maxParts: number;
}

const MIB = 1024 * 1024;
export const S3_LIMITS: MultipartLimits = { minPartBytes: 5 * MIB, maxPartBytes: 5 * 1024 * MIB, maxParts: 10_000 };

export type MultipartSource = { kind: 'bytes'; data: Buffer } | { kind: 'object'; key: string; size: number };

/** Bytes an uploaded part is made of: bytes in hand, or a range (inclusive) of an object, downloaded. */
export type UploadPiece = { kind: 'bytes'; data: Buffer } | { kind: 'object'; key: string; start: number; end: number };

export type PlannedPart =
  /** UploadPartCopy of a whole object (no range), or of bytes start..end of it. */
  | { kind: 'copy'; key: string; size: number; range?: { start: number; end: number } }
  /** UploadPart of these pieces' bytes, concatenated. */
  | { kind: 'upload'; size: number; pieces: UploadPiece[] };

export function planMultipart(sources: readonly MultipartSource[], limits: MultipartLimits = S3_LIMITS): PlannedPart[] {
  const { minPartBytes: min } = limits;
  // Copies of a long run are cut evenly into pieces over half the largest part: that must be above the smallest.
  if (limits.maxPartBytes < 2 * min) throw new Error('the largest part must be at least twice the smallest');
  const parts: PlannedPart[] = [];
  let pending: UploadPiece[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes > 0) parts.push({ kind: 'upload', size: pendingBytes, pieces: pending });
    pending = [];
    pendingBytes = 0;
  };
  const gather = (piece: UploadPiece, size: number) => {
    pending.push(piece);
    pendingBytes += size;
  };
  for (const source of sources) {
    if (source.kind === 'bytes') {
      if (source.data.length > 0) gather(source, source.data.length);
    } else if (source.size > 0) {
      const { key, size } = source;
      const topUp = min - pendingBytes;
      if (pendingBytes === 0 && size >= min) {
        parts.push(...copies(key, size, 0, size - 1, limits));
      } else if (pendingBytes > 0 && size > min && size - topUp >= min) {
        // Fill the pending part from this object's start; the bucket copies the rest.
        gather({ kind: 'object', key, start: 0, end: topUp - 1 }, topUp);
        flush();
        parts.push(...copies(key, size, topUp, size - 1, limits));
      } else {
        gather({ kind: 'object', key, start: 0, end: size - 1 }, size);
      }
    }
    if (pendingBytes >= min) flush();
  }
  flush();
  return parts;
}

/** Copies of bytes start..end of an object, cut into equal runs of at most the largest part (each then well above the smallest). */
function copies(key: string, objectSize: number, start: number, end: number, limits: MultipartLimits): PlannedPart[] {
  const length = end - start + 1;
  if (start === 0 && length === objectSize && length <= limits.maxPartBytes)
    return [{ kind: 'copy', key, size: length }];
  const count = Math.ceil(length / limits.maxPartBytes);
  const result: PlannedPart[] = [];
  for (let i = 0; i < count; i++) {
    const from = start + Math.floor((length * i) / count);
    const to = start + Math.floor((length * (i + 1)) / count) - 1;
    result.push({ kind: 'copy', key, size: to - from + 1, range: { start: from, end: to } });
  }
  return result;
}

/** Consecutive runs of at most `maxParts` parts: each run is a valid upload of its own (only its last part may be small). */
export function splitPlan(plan: readonly PlannedPart[], maxParts: number): PlannedPart[][] {
  const runs: PlannedPart[][] = [];
  for (let i = 0; i < plan.length; i += maxParts) runs.push(plan.slice(i, i + maxParts));
  return runs;
}
