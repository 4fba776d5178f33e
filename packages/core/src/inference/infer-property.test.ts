/**
 * Any table infers without a fault, and whatever is inferred is a schema the engine takes: the
 * fields generate rows. Tables are drawn from the kinds of values samples hold (numbers, dates,
 * emails, codes, names, blanks, odd text) under names from the curated table and elsewhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { generateObjects } from '../engine/sample.js';
import { inferSchema } from './infer-schema.js';
import { InferenceError } from './read-sample.js';

const NAMES = [
  'id',
  'email',
  'zip',
  'price',
  'created_at',
  'is_active',
  'status',
  'city',
  'notes',
  'x',
  'Date',
  'Normal',
  'phone',
];

const VALUE = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => n.toFixed(3)),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.emailAddress(),
  fc.constantFrom(
    'true',
    'false',
    'yes',
    'no',
    '',
    '',
    'Paris',
    'Mary Smith',
    '$4.50',
    '007',
    '(555) 123-4567',
    'AB-1234',
    '12:30',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

test('any table infers, and its inferred fields generate rows', () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 6 }),
      fc.array(fc.array(VALUE, { minLength: 6, maxLength: 6 }), { maxLength: 12 }),
      (header, rows) => {
        const text = stringify([header, ...rows.map((row) => row.slice(0, header.length))]);
        let inference;
        try {
          inference = inferSchema(text);
        } catch (error) {
          assert.ok(error instanceof InferenceError, `not an InferenceError: ${(error as Error).stack}`);
          return;
        }
        assert.equal(inference.fields.length, inference.reasons.length);
        generateObjects(inference.fields, { count: 5, seed: 1 });
      },
    ),
    { numRuns: 300, seed: 20261129 },
  );
});
