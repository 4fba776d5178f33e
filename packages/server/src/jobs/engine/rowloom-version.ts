/**
 * Which Rowloom this process runs, for the start-up check that servers and workers agree
 * (installation.ts): a shard is only identical to the others when every worker runs the same
 * engine. The server package's version, plus a fingerprint of the engine's built code and data
 * (@rowloom/core's dist), so two builds of the same version number that differ are told apart.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);
let cached: string | null = null;

/** Files that make rows: the engine's code and data, not its tests, benchmarks or maps. */
function engineFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'bench' && entry.name !== 'testing') files.push(...engineFiles(path));
    } else if (/\.(c?js|json)$/.test(entry.name) && !/\.test\.js$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files.sort();
}

/** "0.1.0+3f2a9c1b0d4e" (computed once per process: ~20 ms). */
export function rowloomVersion(): string {
  if (cached) return cached;
  const server = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const coreDist = dirname(require.resolve('@rowloom/core'));
  const hash = createHash('sha256');
  for (const file of engineFiles(coreDist))
    hash.update(relative(coreDist, file)).update('\0').update(readFileSync(file)).update('\0');
  cached = `${server.version}+${hash.digest('hex').slice(0, 12)}`;
  return cached;
}
