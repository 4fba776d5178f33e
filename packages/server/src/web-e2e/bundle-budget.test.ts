/**
 * The page's initial JavaScript (the entry script and the chunks it preloads, gzipped) stays
 * under 300 KB, so the page is quick on a slow connection. Lazily loaded chunks (the formula
 * editor) are not counted: they load when used. The figures reported are raw, gzip and brotli,
 * the last two as sent: the build's precompressed copies (packages/web/scripts/precompress.js).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
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

/** The size sent for this coding: the build's copy, or the file itself where it wrote none (under 1 KB). */
function sentSize(file: string, suffix: '.gz' | '.br'): number {
  return statSync(existsSync(file + suffix) ? file + suffix : file).size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('the initial JavaScript is under 300 KB gzipped', () => {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const files = initialScripts(html).map((src) => join(WEB_ROOT, src.replace(/^\//, '')));
  assert.ok(files.length > 0, 'index.html loads at least one script');
  const total = (size: (file: string) => number) => files.reduce((sum, file) => sum + size(file), 0);
  const raw = total((file) => statSync(file).size);
  const gzip = total((file) => sentSize(file, '.gz'));
  const brotli = total((file) => sentSize(file, '.br'));
  process.stdout.write(
    `# initial JavaScript: ${files.length} file(s), ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (budget ${kb(BUDGET_BYTES)} gzipped)\n`,
  );
  assert.ok(gzip < raw && brotli < gzip, 'the copies are smaller, brotli the smallest');
  assert.ok(gzip < BUDGET_BYTES, `${kb(gzip)} gzipped is over the ${kb(BUDGET_BYTES)} budget: ${files.join(', ')}`);
});
