/**
 * Run after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside each text file of
 * dist/ of at least 1 KB, at the highest levels (they are made once, here, and served many
 * times; the server sends them to clients that accept them, packages/server's web-interface.ts).
 * A copy that would not be smaller is not written. The copies are build output, never committed.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest']);
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && TEXT.has(extname(entry.name))) yield path;
  }
}

async function precompress(path) {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) return 0;
  const copies = [
    [
      '.br',
      await brotli(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    ],
    ['.gz', await gzip(bytes, { level: 9 })],
  ];
  let written = 0;
  for (const [suffix, coded] of copies) {
    if (coded.length >= bytes.length) continue;
    await writeFile(path + suffix, coded);
    written++;
  }
  return written;
}

const started = Date.now();
await stat(DIST);
let count = 0;
for await (const path of files(DIST)) count += await precompress(path);
process.stdout.write(`precompressed: ${count} .br/.gz files in ${Date.now() - started} ms\n`);
