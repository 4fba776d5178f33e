import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';

const APP_NAMES = new Set(en.app!.name as string[]);
const DOMAINS = new Set(
  JSON.parse(readFileSync(new URL('../../data/domains.json', import.meta.url), 'utf8')) as string[],
);

function values(type: string, count = 2000, seed: string | number = 'apps'): string[] {
  return generateObjects([{ name: 't', type }], { count, seed }).map((row) => row.t as string);
}

function assertDeclared(type: string, all: string[]): void {
  const allowed = new Set(compileSchema([{ name: 't', type }]).fields[0].characters ?? '');
  for (const value of all)
    for (const ch of value) assert.ok(allowed.has(ch), `${type}: "${ch}" in ${value} is not declared`);
}

describe('App Name', () => {
  test("names from faker's app list, all of them in use", () => {
    const all = values('App Name', 5000);
    for (const value of all) assert.ok(APP_NAMES.has(value), value);
    assert.equal(new Set(all).size, APP_NAMES.size);
    assertDeclared('App Name', all);
  });
});

describe('App Version', () => {
  test('one of the patterns 0.#.#, 0.##, #.##, #.#, #.#.#, each seen, every digit used', () => {
    const all = values('App Version', 5000);
    const shapes = new Set<string>();
    const digits = new Set<string>();
    for (const value of all) {
      assert.match(value, /^(0\.\d\.\d|0\.\d\d|\d\.\d\d|\d\.\d|\d\.\d\.\d)$/);
      shapes.add(value.replace(/\d/g, '#'));
      for (const ch of value.replace(/\./g, '')) digits.add(ch);
    }
    assert.deepEqual([...shapes].sort(), ['#.#', '#.#.#', '#.##'].sort());
    assert.equal(digits.size, 10);
    assert.ok(new Set(all).size > 500);
    assertDeclared('App Version', all);
  });
});

describe('App Bundle ID (the app family)', () => {
  /** Bundle identifiers (Apple CFBundleIdentifier): letters, digits, hyphens and dots. */
  const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

  test("a real domain reversed, then the row's App Name without spaces", () => {
    const rows = generateObjects(
      [
        { name: 'name', type: 'App Name' },
        { name: 'id', type: 'App Bundle ID' },
        { name: 'version', type: 'App Version' },
      ],
      { count: 3000, seed: 'bundle' },
    ) as { name: string; id: string }[];
    for (const { name, id } of rows) {
      assert.match(id, BUNDLE_ID);
      const dot = id.lastIndexOf('.');
      assert.equal(id.slice(dot + 1), name.replace(/ /g, ''), `${id} does not end with ${name}`);
      const domain = id.slice(0, dot).split('.').reverse().join('.');
      assert.ok(DOMAINS.has(domain), `${domain} is not in domains.json`);
    }
    assert.ok(
      rows.some((r) => r.name.includes(' ')),
      'names with spaces are covered',
    );
    assert.ok(new Set(rows.map((r) => r.id)).size > 2500);
  });

  test('alone it still ends with an app name; characters declared', () => {
    const bundleNames = new Set([...APP_NAMES].map((n) => n.replace(/ /g, '')));
    const all = values('App Bundle ID', 2000);
    for (const id of all) assert.ok(bundleNames.has(id.slice(id.lastIndexOf('.') + 1)), id);
    assertDeclared('App Bundle ID', all);
  });
});
