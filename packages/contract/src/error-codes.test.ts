/** The error codes are documented: docs/api.md's table lists every code of the catalogue with its meaning, and nothing else. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERROR_CODES } from './errors.js';

const API_DOC = new URL('../../../docs/api.md', import.meta.url);
const HEADER = '| code | meaning |';

test("docs/api.md's table of error codes is the catalogue", () => {
  const doc = readFileSync(API_DOC, 'utf8');
  const start = doc.indexOf(HEADER);
  assert.ok(start >= 0, `docs/api.md has no table headed ${HEADER}`);
  const table = doc.slice(start, doc.indexOf('\n\n', start));
  const rows = [...table.matchAll(/^\| `([a-z_]+)` \| (.*) \|$/gm)].map(([, code, meaning]) => [code, meaning]);
  assert.deepEqual(Object.fromEntries(rows), ERROR_CODES);
});
