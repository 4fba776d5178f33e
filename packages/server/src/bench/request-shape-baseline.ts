/**
 * The engine's speed at one request's own shape, for the server benchmark's second ratio:
 * core's public generate() called in this process back to back with the same fields, format and
 * count as a server case, a fresh seed per call (the server draws one when the request gives
 * none), every call's output read to its last byte.
 *
 * On one thread, `workers: 1`, because that is what the server spends on such a request: a
 * count-100 request of the standard schema is made inline on the server's main thread, and a
 * count-5000 one on one shared generation thread. (`workers: 1` is also generate()'s default
 * below 100,000 rows.) No pool: this is the engine alone. So each call compiles its fields, as
 * any caller of generate() does; the server remembers checked plans and does not.
 */
import { generate, type OutputFormat } from '@rowloom/core';

export interface ShapeBaseline {
  rowsPerSecond: number;
  /** generate() calls made in the measured time. */
  calls: number;
  /** Output bytes of one call, on average (every call's bytes were read and counted). */
  bytesPerCall: number;
}

/** One generate() call of `count` rows, read to the end; returns its output's length in bytes. */
async function oneCall(fields: unknown[], format: OutputFormat, count: number): Promise<number> {
  const generation = generate({ fields, count, seed: null, writer: { format }, workers: 1 });
  let bytes = 0;
  for await (const chunk of generation.stream) bytes += (chunk as Buffer).length;
  return bytes;
}

/** Calls back to back for about `seconds`; the time and totals of whole calls only. */
async function callsFor(
  fields: unknown[],
  format: OutputFormat,
  count: number,
  seconds: number,
): Promise<{ calls: number; bytes: number; seconds: number }> {
  const started = process.hrtime.bigint();
  const limit = started + BigInt(Math.round(seconds * 1e9));
  let calls = 0;
  let bytes = 0;
  let now = started;
  do {
    bytes += await oneCall(fields, format, count);
    calls++;
    now = process.hrtime.bigint();
  } while (now < limit);
  return { calls, bytes, seconds: Number(now - started) / 1e9 };
}

/**
 * Rows per second of generate() at this count, measured for `seconds` after an unreported warm-up
 * of a third of that (so the JIT has compiled the paths these calls take).
 */
export async function shapeRowsPerSecond(
  fields: unknown[],
  format: OutputFormat,
  count: number,
  seconds: number,
): Promise<ShapeBaseline> {
  await callsFor(fields, format, count, seconds / 3);
  const run = await callsFor(fields, format, count, seconds);
  if (run.bytes === 0) throw new Error(`generate() of ${count} ${format} rows wrote no bytes`);
  return { rowsPerSecond: (run.calls * count) / run.seconds, calls: run.calls, bytesPerCall: run.bytes / run.calls };
}
