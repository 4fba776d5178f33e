/**
 * `--sink loop` profiles loopRows in place of the benchmark child, so the two must do the same
 * work: for the benchmark's schemas, loopRows writes exactly the bytes generate() writes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generate } from '../engine/generate.js';
import type { OutputFormat } from '../writers/writer.js';
import { loopRows } from './loop-rows.js';
import { SCHEMA_PATHS } from './paths.js';

async function generated(fields: unknown[], format: OutputFormat, count: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of generate({ fields, count, seed: 42, writer: { format }, workers: 1 }).stream)
    parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

for (const schema of ['standard', 'ten-formulas'] as const) {
  for (const format of ['csv', 'json'] as const) {
    test(`loopRows writes generate()'s bytes: ${schema} schema, ${format}`, async () => {
      const fields: unknown[] = JSON.parse(readFileSync(SCHEMA_PATHS[schema], 'utf8'));
      // More than one 64 KiB batch, so batch boundaries are crossed.
      const count = 3_000;
      const parts: Buffer[] = [];
      loopRows(fields, format, count, (batch) => parts.push(Buffer.from(batch)));
      const looped = Buffer.concat(parts);
      assert.ok(parts.length > 1);
      assert.ok(looped.equals(await generated(fields, format, count)));
    });
  }
}
