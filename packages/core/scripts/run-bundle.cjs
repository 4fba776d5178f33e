'use strict';
/**
 * Runs a worker bundle (dist/bundles/NAME.bundle.cjs) with the V8 code cache the build made for
 * it (NAME.code-cache), except under --enable-source-maps (see runBundle). scripts/bundle-workers.mjs copies this file to dist/bundles/ and writes
 * one entry point per bundle, NAME.cjs, that calls it; those entry points are what the engine
 * starts its threads on (engine/worker-scripts.ts).
 *
 * Why: a thread that compiled the 500 KB bundle itself spent about 40% of its start-up's
 * instructions scanning and parsing it, and Node 20 has no compile cache of its own. Why
 * CommonJS: an ES-module entry makes every thread load Node's ES-module loader (about 16 more
 * built-in modules), and only a classic script can be given `cachedData`.
 *
 * Safety: V8 checks a code cache against its own version, its flags and the source's LENGTH
 * only, so a bundle edited or rebuilt without its cache could run stale bytecode. The cache file
 * therefore carries a copy of the exact bundle bytes it was made from, and is used only when they
 * are equal (a memory compare; no hashing, which would load node:crypto or node:zlib). Any
 * mismatch, a missing file or V8 rejecting the data (another Node version, other V8 flags) falls
 * back to compiling the source: slower, never different.
 *
 * Code-cache file layout: u32 LE byte length N of the bundle, the bundle's N bytes, V8's data.
 */
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

/** Node's own CommonJS wrapper; the cache is made over exactly this text (see bundle-workers.mjs). */
function wrapCommonJs(source) {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

/** V8's data from `cacheFile` if it was made from exactly `bundle`; else why not. */
function readCodeCache(cacheFile, bundle) {
  let file;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return { status: 'missing' };
  }
  const length = file.length >= 4 ? file.readUInt32LE(0) : -1;
  if (length !== bundle.length || !file.subarray(4, 4 + length).equals(bundle)) return { status: 'stale' };
  return { data: file.subarray(4 + length) };
}

/** The bytes of a code-cache file for `bundle` made from V8's `data` (the layout above). */
function codeCacheFile(bundle, data) {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(bundle.length, 0);
  return Buffer.concat([header, bundle, data]);
}

/**
 * Compiles `dir/NAME.bundle.cjs`, with its code cache when that was made from exactly these
 * bytes. `status` says how the cache was used: 'used', 'rejected' (by V8: another Node version
 * or other V8 flags), 'stale' (made from other bytes) or 'missing'.
 */
function compileBundle(dir, name) {
  const filename = join(dir, `${name}.bundle.cjs`);
  const bundle = readFileSync(filename);
  const cache = readCodeCache(join(dir, `${name}.code-cache`), bundle);
  const script = new Script(wrapCommonJs(bundle.toString('utf8')), { filename, cachedData: cache.data });
  const status = cache.data === undefined ? cache.status : script.cachedDataRejected ? 'rejected' : 'used';
  return { script, filename, status };
}

/**
 * Runs `dir/NAME.bundle.cjs` as a CommonJS module of this thread; returns the cache's status.
 * Under `--enable-source-maps` it is loaded by Node's own `require` instead ('source-maps'):
 * only that registers the bundle's source map, so stack traces name the .ts files.
 */
function runBundle(dir, name) {
  if (process.sourceMapsEnabled) {
    require(join(dir, `${name}.bundle.cjs`));
    return 'source-maps';
  }
  const { script, filename, status } = compileBundle(dir, name);
  const module = { exports: {}, filename, id: filename };
  script.runInThisContext().call(module.exports, module.exports, createRequire(filename), module, filename, dir);
  return status;
}

module.exports = { runBundle, compileBundle, wrapCommonJs, codeCacheFile };
