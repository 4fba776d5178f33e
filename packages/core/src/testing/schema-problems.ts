/** Test helper: the problems a schema is rejected with (fails the test when it compiles). */
import assert from 'node:assert/strict';
import { compileSchema } from '../schema/compile.js';
import { SchemaError, type Problem } from '../schema/errors.js';

export function problemsOf(fields: unknown): Problem[] {
  try {
    compileSchema(fields);
  } catch (error) {
    assert.ok(error instanceof SchemaError, `expected a SchemaError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail(`expected the schema to be rejected: ${JSON.stringify(fields)}`);
}
