/**
 * Core's folders form layers: no folder imports, through any chain, a folder that imports it
 * back, and kernel/ (the contracts every feature shares: the type definition, the generator
 * context, field values, limits, the row budget) imports only the leaf folders below it. A
 * newcomer can then read any folder knowing only what is under it. Imports are read with
 * TypeScript's own pre-processor, from the sources; tests and benchmarks are left out.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import ts from 'typescript';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const OUTSIDE_THE_LAYERS = new Set(['bench', 'testing']);
/** What kernel/ may stand on: folders that import nothing of ours but each other's leaves. */
const BELOW_KERNEL = new Set(['kernel', 'random', 'scenarios', 'data', 'time']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The top folder of a file under src/ ('.' for the files at the top). */
const folderOf = (path: string): string => {
  const parts = relative(SRC, path).split(sep);
  return parts.length === 1 ? '.' : parts[0]!;
};

function folderEdges(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sources(SRC)) {
    const from = folderOf(file);
    if (OUTSIDE_THE_LAYERS.has(from)) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), fileName));
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, `${relative(SRC, file)} imports ${fileName}`);
    }
  }
  return edges;
}

/** A chain of folders that leads back to its start, as its imports, or null. */
function findCycle(edges: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    state.set(folder, 'open');
    for (const [next, why] of edges.get(folder) ?? []) {
      path.push(why);
      if (state.get(next) === 'open') return [...path];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
      path.pop();
    }
    state.set(folder, 'done');
    return null;
  };
  for (const folder of edges.keys()) {
    if (state.has(folder)) continue;
    const found = visit(folder);
    if (found) return found;
  }
  return null;
}

describe("core's folders form layers", () => {
  const edges = folderEdges();

  test('the imports between folders were read (the test sees the sources)', () => {
    assert.ok((edges.get('types')?.size ?? 0) > 3, 'types/ should import several folders');
    assert.ok(edges.get('engine')?.has('schema'), 'engine/ imports schema/');
  });

  test('no folder reaches itself through its imports', () => {
    const cycle = findCycle(edges);
    assert.equal(cycle, null, `a circle of folders:\n  ${cycle?.join('\n  ')}`);
  });

  test('kernel/ stands only on the leaf folders', () => {
    const above = [...(edges.get('kernel') ?? new Map<string, string>())].filter(([to]) => !BELOW_KERNEL.has(to));
    assert.deepEqual(
      above.map(([, why]) => why),
      [],
    );
  });
});
