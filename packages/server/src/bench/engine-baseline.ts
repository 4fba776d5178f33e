/**
 * The engine's steady speed on this machine, for the server benchmark's "÷ 1M" ratio: generate()
 * on one thread, the same schema and format, streamed to /dev/null (GB/s, so it measures
 * generation and serialisation only).
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { generate, type OutputFormat } from '@rowloom/core';

async function timedRun(fields: unknown[], format: OutputFormat, rows: number): Promise<number> {
  const started = process.hrtime.bigint();
  const generation = generate({ fields, count: rows, seed: 42, writer: { format }, workers: 1 });
  await pipeline(generation.stream, createWriteStream('/dev/null', { highWaterMark: 1 << 20 }));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Rows per second of one timed run, after an unreported tenth-size run to warm the JIT. */
export async function engineRowsPerSecond(fields: unknown[], format: OutputFormat, rows: number): Promise<number> {
  await timedRun(fields, format, Math.max(1, Math.round(rows / 10)));
  return rows / (await timedRun(fields, format, rows));
}
