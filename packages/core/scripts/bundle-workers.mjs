/**
 * Bundles the worker threads' entry points (dist/engine/generate-worker.js, the CLI's workers;
 * dist/pool/pool-worker.js, the server's generation threads) into one file each under
 * dist/bundles/. Why: each thread imports about 240 ES modules, and Node 20 keeps no code cache
 * for ES modules, so resolving, reading and compiling them one by one was most of a thread's
 * start-up (docs/performance.md, "Worker start-up"). Run after `tsc -b` (it is part
 * of `npm run build`); it bundles tsc's output, so the bundle is the code the tests compile.
 *
 * Packages stay external (loaded from node_modules as before): faker's locales are merged over
 * the English definitions by object identity (types/faker-locale.ts), which a second, bundled
 * copy of faker would break, and the rest are loaded on first use through require.
 *
 * Each bundle is CommonJS (NAME.bundle.cjs) and comes with a V8 code cache (NAME.code-cache)
 * and an entry point (NAME.cjs) that runs it through run-bundle.cjs: see that file for why and
 * how the cache is checked. node:crypto and node:zlib are loaded on first call (lazyBuiltins).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { rolldown } from 'rolldown';

const { codeCacheFile, wrapCommonJs } = createRequire(import.meta.url)('./run-bundle.cjs');

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Bundle name: the compiled entry point it is made from. */
const ENTRIES = {
  'generate-worker': 'engine/generate-worker.js',
  'pool-worker': 'pool/pool-worker.js',
  // The benchmark's step-by-step copy of generate-worker (bench/worker-startup-split.ts), so it
  // times the same kind of load as the real thread does.
  'worker-startup-split': 'bench/worker-startup-split.js',
};

/** Reads tsc's source map beside each module, so the bundle's map points at the .ts sources. */
const tscSourceMaps = {
  name: 'tsc-source-maps',
  load(id) {
    if (!id.startsWith(DIST) || !id.endsWith('.js') || !existsSync(`${id}.map`)) return null;
    const code = readFileSync(id, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
    return { code, map: readFileSync(`${id}.map`, 'utf8') };
  },
};

/**
 * Built-in modules that only some types need (images: zlib; hashes, ciphers: crypto), with the
 * functions our modules import from them. Each thread compiled them at start-up although the
 * standard schema never calls them (crypto alone is 17 internal modules). In the bundles, an
 * import of one of these resolves to a module of wrappers that load the built-in on first call.
 * Importing any other name from them fails the build (rolldown: missing export), so a new use
 * is added here on purpose; only plain functions can be wrapped this way.
 */
const LAZY_BUILTINS = {
  'node:crypto': ['createCipheriv', 'createHash', 'createHmac', 'hash', 'randomInt'],
  'node:zlib': ['crc32', 'deflateSync', 'inflateSync'],
};
const LAZY_PREFIX = '\0lazy-builtin:';

const lazyBuiltins = {
  name: 'lazy-builtins',
  resolveId(id) {
    return id in LAZY_BUILTINS ? `${LAZY_PREFIX}${id}` : null;
  },
  load(id) {
    if (!id.startsWith(LAZY_PREFIX)) return null;
    const builtin = id.slice(LAZY_PREFIX.length);
    const wrappers = LAZY_BUILTINS[builtin].map(
      (fn) => `export function ${fn}(...args) { return load().${fn}(...args); }`,
    );
    return [
      `import { createRequire } from 'node:module';`,
      `let loaded;`,
      `const load = () => (loaded ??= createRequire(import.meta.url)(${JSON.stringify(builtin)}));`,
      ...wrappers,
    ].join('\n');
  },
};

/** NAME.cjs: what a thread is started on (engine/worker-scripts.ts). */
const entryPoint = (name) =>
  `'use strict';\n// Made by scripts/bundle-workers.mjs: runs ${name}.bundle.cjs with its code cache.\n` +
  `require('./run-bundle.cjs').runBundle(__dirname, ${JSON.stringify(name)});\n`;

mkdirSync(`${DIST}bundles`, { recursive: true });
copyFileSync(fileURLToPath(new URL('./run-bundle.cjs', import.meta.url)), `${DIST}bundles/run-bundle.cjs`);
for (const [name, entry] of Object.entries(ENTRIES)) {
  const input = `${DIST}${entry}`;
  if (!existsSync(input)) throw new Error(`${input} is missing: run tsc -b packages/core first`);
  const bundle = await rolldown({
    input,
    platform: 'node',
    // Bare specifiers (packages and node: built-ins) stay imports; only our own modules are inlined.
    // (except the lazy built-ins, which lazyBuiltins turns into modules of our own).
    external: (id) =>
      !id.startsWith('.') && !id.startsWith('/') && !(id in LAZY_BUILTINS) && !id.startsWith(LAZY_PREFIX),
    plugins: [lazyBuiltins, tscSourceMaps],
    logLevel: 'warn',
  });
  const file = `${DIST}bundles/${name}.bundle.cjs`;
  await bundle.write({ file, format: 'cjs', sourcemap: true, codeSplitting: false });
  await bundle.close();
  // Compiling is enough: the cache then holds the top-level code and what V8 compiles eagerly,
  // which measured the same as a cache made after a first row (docs/performance.md).
  const bytes = readFileSync(file);
  const data = new Script(wrapCommonJs(bytes.toString('utf8')), { filename: file }).createCachedData();
  writeFileSync(`${DIST}bundles/${name}.code-cache`, codeCacheFile(bytes, data));
  writeFileSync(`${DIST}bundles/${name}.cjs`, entryPoint(name));
}
