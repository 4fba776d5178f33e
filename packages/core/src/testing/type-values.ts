/** Test helpers: one type's values, and the check that they stay within its declared characters. */
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';

export function typeValues(
  type: string,
  params: Record<string, unknown> = {},
  count = 2000,
  seed: string | number = 'types',
): string[] {
  return generateObjects([{ name: 't', type, ...params }], { count, seed }).map(
    (row) => textFormValue(row.t) as string,
  );
}

/** Every character of every value is among those the field declared (writers rely on it). */
export function assertDeclared(type: string, all: string[], params: Record<string, unknown> = {}): void {
  const declared = compileSchema([{ name: 't', type, ...params }]).fields[0].characters;
  assert.ok(declared !== null, `${type} declares its characters`);
  const allowed = new Set(declared);
  for (const value of all)
    for (const ch of value) assert.ok(allowed.has(ch), `${type}: "${ch}" in ${value} is not declared`);
}

/**
 * A value as the text formats write it: a Document-DB ObjectID is {"$oid": "<hex>"} in JSON and
 * its hex digits everywhere else; every other value is itself.
 */
export function textFormValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const oid = (value as { $oid?: unknown }).$oid;
    if (keys.length === 1 && typeof oid === 'string') return oid;
  }
  return value;
}
