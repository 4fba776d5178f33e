/**
 * Every link in the README and docs/ resolves: a relative link names a file of the repository,
 * and a `#fragment` names a heading of the file it points into (GitHub's heading ids: lower case,
 * punctuation dropped, spaces as hyphens, -1, -2... for repeats). Links to other sites are not
 * fetched (the tests never reach the network).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name));
  const packages = readdirSync(join(ROOT, 'packages'))
    .map((name) => join(ROOT, 'packages', name, 'README.md'))
    .filter(existsSync);
  return [join(ROOT, 'README.md'), ...docs, ...packages];
}

/** The text outside fenced code blocks, where a `](...)` is not a link. */
function prose(path: string): string {
  return readFileSync(path, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const id = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const repeat = seen.get(id) ?? 0;
    seen.set(id, repeat + 1);
    ids.add(repeat === 0 ? id : `${id}-${repeat}`);
  }
  return ids;
}

function brokenLinks(path: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(path).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
    const [file, fragment] = target!.split('#', 2) as [string, string | undefined];
    const linked = file ? resolve(dirname(path), decodeURI(file)) : path;
    if (!existsSync(linked)) broken.push(`${target}: no file ${relative(ROOT, linked)}`);
    else if (fragment && linked.endsWith('.md') && !headingIds(prose(linked)).has(decodeURIComponent(fragment)))
      broken.push(`${target}: no heading #${fragment} in ${relative(ROOT, linked)}`);
  }
  return broken;
}

describe('links in the README and docs/', () => {
  test('heading ids are made the way GitHub makes them', () => {
    assert.deepEqual(
      [
        ...headingIds(
          '# Quick start\n## `rowloom generate --distributed`\n## Quick start\n### Limits & quotas (today)',
        ),
      ],
      ['quick-start', 'rowloom-generate---distributed', 'quick-start-1', 'limits--quotas-today'],
    );
  });

  for (const path of markdownFiles()) {
    test(`${relative(ROOT, path)}: every relative link and #heading resolves`, () => {
      assert.deepEqual(brokenLinks(path), []);
    });
  }
});
