import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RangeFiller, rangeFrame, rangeSetup, rowRange } from './row-range.js';
import { generate } from './generate.js';
import type { OutputFormat } from '../writers/writer.js';

const SCHEMA = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'city', type: 'City' },
  // Every 997th row carries a note longer than a whole batch: it becomes a batch of its own.
  { name: 'note', type: 'Formula', value: "if id % 997 == 0 then 'Łódź ' * 40000 else 'ok' end" },
];
const COUNT = 6_000;

function setupFor(format: OutputFormat) {
  return rangeSetup({ fields: SCHEMA, count: COUNT, seed: 'filler', writer: { format } });
}

/** Everything the filler hands out for [start, end), copied as it comes (its memory is reused). */
function filled(format: OutputFormat, start: number, end: number): { bytes: Buffer; batches: Buffer[] } {
  const filler = new RangeFiller(setupFor(format), start, end);
  const copies: Buffer[] = [];
  const batches: Buffer[] = [];
  while (
    filler.next((batch) => {
      batches.push(batch);
      copies.push(Buffer.from(batch));
    })
  ) {
    assert.ok(filler.rowsMade <= end - start);
  }
  assert.equal(filler.rowsMade, end - start);
  assert.equal(
    filler.next(() => assert.fail('a finished range gives nothing more')),
    false,
  );
  return { bytes: Buffer.concat(copies), batches };
}

describe('RangeFiller: a range made into reused memory', () => {
  for (const format of ['csv', 'json', 'xml', 'sql'] as const) {
    test(`${format}: the same bytes as rowRange, and with the frame, as one generate`, async () => {
      const setup = setupFor(format);
      const { bytes } = filled(format, 0, COUNT);
      assert.ok(bytes.equals(Buffer.concat([...rowRange(setup, 0, COUNT)])));
      const frame = rangeFrame(setup);
      const pieces = [Buffer.from(frame.begin), filled(format, 0, 2_500).bytes, filled(format, 2_500, COUNT).bytes];
      pieces.push(Buffer.from(frame.end));
      const whole: Buffer[] = [];
      for await (const chunk of generate({
        fields: SCHEMA,
        count: COUNT,
        seed: 'filler',
        writer: { format },
        workers: 1,
      }).stream)
        whole.push(chunk as Buffer);
      assert.ok(Buffer.concat(pieces).equals(Buffer.concat(whole)));
    });
  }

  test('batches share a couple of buffers instead of one allocation each', () => {
    const { batches } = filled('csv', 0, COUNT);
    assert.ok(batches.length > 10, `only ${batches.length} batches`);
    const memories = new Set(batches.map((batch) => batch.buffer));
    // Two batch buffers take turns; the oversized rows' batches are their own.
    const oversized = batches.filter((batch) => batch.length > 96 * 1024).length;
    assert.ok(oversized >= 5, `${oversized} oversized rows`);
    assert.ok(memories.size <= 2 + oversized, `${memories.size} buffers for ${batches.length} batches`);
  });

  test('an empty range gives nothing', () => {
    const filler = new RangeFiller(setupFor('csv'), 10, 10);
    assert.equal(
      filler.next(() => assert.fail('no bytes')),
      false,
    );
    assert.equal(filler.rowsMade, 0);
  });
});
