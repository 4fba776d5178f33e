/**
 * The page's initial JavaScript (the entry script and the chunks it preloads, gzipped) stays
 * under 300 KB, so the page is quick on a slow connection. Lazily loaded chunks (the formula
 * editor) are not counted: they load when used.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { WEB_ROOT } from '../http/web-interface.js';

const BUDGET_BYTES = 300 * 1024;

/** The scripts index.html loads at once: its module script and modulepreload links. */
export function initialScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return [...new Set(sources)];
}

test('the initial JavaScript is under 300 KB gzipped', () => {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const scripts = initialScripts(html);
  assert.ok(scripts.length > 0, 'index.html loads at least one script');
  const sizes = scripts.map((src) => gzipSync(readFileSync(join(WEB_ROOT, src.replace(/^\//, '')))).length);
  const total = sizes.reduce((a, b) => a + b, 0);
  process.stdout.write(
    `# initial JavaScript: ${scripts.length} file(s), ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)\n`,
  );
  assert.ok(
    total < BUDGET_BYTES,
    `${(total / 1024).toFixed(1)} KB gzipped is over the ${BUDGET_BYTES / 1024} KB budget: ${scripts.join(', ')}`,
  );
});
