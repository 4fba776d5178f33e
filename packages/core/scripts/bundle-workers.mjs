/**
 * Bundles the worker threads' entry points (dist/engine/generate-worker.js, the CLI's workers;
 * dist/engine/pool-worker.js, the server's generation threads) into one file each under
 * dist/bundles/. Why: each thread imports about 240 ES modules, and Node 20 keeps no code cache
 * for ES modules, so resolving, reading and compiling them one by one was most of a thread's
 * start-up (docs/performance.md, "Worker start-up, 2026-11-25"). Run after `tsc -b` (it is part
 * of `npm run build`); it bundles tsc's output, so the bundle is the code the tests compile.
 *
 * Packages stay external (loaded from node_modules as before): faker's locales are merged over
 * the English definitions by object identity (types/faker-locale.ts), which a second, bundled
 * copy of faker would break, and the rest are loaded on first use through require.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Bundle name: the compiled entry point it is made from. */
const ENTRIES = {
  'generate-worker': 'engine/generate-worker.js',
  'pool-worker': 'engine/pool-worker.js',
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

for (const [name, entry] of Object.entries(ENTRIES)) {
  const input = `${DIST}${entry}`;
  if (!existsSync(input)) throw new Error(`${input} is missing: run tsc -b packages/core first`);
  const bundle = await rolldown({
    input,
    platform: 'node',
    // Bare specifiers (packages and node: built-ins) stay imports; only our own modules are inlined.
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    plugins: [tscSourceMaps],
    logLevel: 'warn',
  });
  await bundle.write({ file: `${DIST}bundles/${name}.js`, format: 'esm', sourcemap: true, codeSplitting: false });
  await bundle.close();
}
