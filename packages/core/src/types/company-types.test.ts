import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';

const dataFile = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as T;

const COMPANY = en.company!;
const LAST_NAMES = new Set(en.person!.last_name!.generic!);
const LEGAL = new Set((COMPANY as { legal_entity_type?: string[] }).legal_entity_type!);

const SCHEMA = [
  { name: 'company', type: 'Company Name' },
  { name: 'fake', type: 'Fake Company Name' },
  { name: 'buzz', type: 'Buzzword' },
  { name: 'catch', type: 'Catch Phrase' },
  { name: 'slogan', type: 'Slogan' },
  { name: 'corporate', type: 'Department (Corporate)' },
  { name: 'retail', type: 'Department (Retail)' },
  { name: 'job', type: 'Job Title' },
  { name: 'skill', type: 'Professional-Network Skill' },
  { name: 'linkedin', type: 'LinkedIn Skill' },
  { name: 'university', type: 'University' },
  { name: 'grocery', type: 'Product (Grocery)' },
];

/** True when `text` is one word of each list in order, joined by spaces (words may hold spaces). */
function isPhraseOf(text: string, lists: readonly (readonly string[])[]): boolean {
  if (lists.length === 0) return text === '';
  const [first, ...rest] = lists;
  return first.some((word) =>
    rest.length === 0 ? text === word : text.startsWith(word + ' ') && isPhraseOf(text.slice(word.length + 1), rest),
  );
}

describe('company types', () => {
  const n = 10_000;
  const rows = generateObjects(SCHEMA, { count: n, seed: 'business' }) as Record<string, string>[];
  const column = (name: string) => rows.map((r) => r[name]);

  test('list types pick from their source lists, and use most of them', () => {
    const sources: Record<string, readonly string[]> = {
      company: dataFile<string[]>('company-names.json'),
      retail: en.commerce!.department!,
      job: dataFile<string[]>('job-titles.json'),
      skill: dataFile<string[]>('skills.json'),
      linkedin: dataFile<string[]>('skills.json'),
      university: dataFile<{ name: string }[]>('universities.json').map((u) => u.name),
      grocery: dataFile<string[]>('grocery.json'),
    };
    for (const [field, source] of Object.entries(sources)) {
      const allowed = new Set(source);
      for (const value of column(field)) assert.ok(allowed.has(value), `${field}: ${value}`);
      const distinct = new Set(column(field)).size;
      assert.ok(
        distinct >= Math.min(allowed.size * 0.8, n / 2),
        `${field}: only ${distinct} of ${allowed.size} values`,
      );
    }
  });

  test('corporate departments are the twelve written ones, evenly', () => {
    const departments = [
      'Accounting',
      'Business Development',
      'Engineering',
      'Human Resources',
      'Legal',
      'Marketing',
      'Product Management',
      'Research and Development',
      'Sales',
      'Services',
      'Support',
      'Training',
    ];
    const counts = new Map<string, number>();
    for (const value of column('corporate')) counts.set(value, (counts.get(value) ?? 0) + 1);
    assert.deepEqual(new Set(counts.keys()), new Set(departments));
    const expected = n / departments.length;
    for (const [department, count] of counts)
      assert.ok(Math.abs(count - expected) < 6 * Math.sqrt(expected), `${department}: ${count}`);
  });

  test("fake company names follow faker's three patterns with real last names", () => {
    const seen = new Set<string>();
    for (const value of column('fake')) {
      let m: RegExpMatchArray | null;
      if ((m = value.match(/^(\S+) - (\S+)$/))) {
        assert.ok(LAST_NAMES.has(m[1]) && LAST_NAMES.has(m[2]), value);
        seen.add('pair');
      } else if ((m = value.match(/^(\S+), (\S+) and (\S+)$/))) {
        assert.ok(LAST_NAMES.has(m[1]) && LAST_NAMES.has(m[2]) && LAST_NAMES.has(m[3]), value);
        seen.add('three');
      } else if ((m = value.match(/^(\S+) (.+)$/))) {
        assert.ok(LAST_NAMES.has(m[1]) && LEGAL.has(m[2]), value);
        seen.add('legal');
      } else assert.fail(`unexpected company name ${value}`);
    }
    assert.equal(seen.size, 3);
    assert.ok(new Set(column('fake')).size > n * 0.75);
  });

  test("buzzwords, catch phrases and slogans are made of faker's company words", () => {
    const buzz = new Set(
      [
        COMPANY.buzz_adjective!,
        COMPANY.buzz_noun!,
        COMPANY.buzz_verb!,
        COMPANY.adjective!,
        COMPANY.descriptor!,
        COMPANY.noun!,
      ].flat(),
    );
    for (const value of column('buzz')) assert.ok(buzz.has(value), value);
    assert.ok(new Set(column('buzz')).size > 300);
    for (const value of column('catch').slice(0, 2000))
      assert.ok(isPhraseOf(value, [COMPANY.adjective!, COMPANY.descriptor!, COMPANY.noun!]), value);
    for (const value of column('slogan').slice(0, 2000))
      assert.ok(isPhraseOf(value, [COMPANY.buzz_verb!, COMPANY.buzz_adjective!, COMPANY.buzz_noun!]), value);
    assert.ok(new Set(column('catch')).size > n * 0.9);
    assert.ok(new Set(column('slogan')).size > n * 0.8);
  });

  test('the alias names the same type, and values repeat for a seed', () => {
    const aliased = generateObjects([{ name: 'skill', type: 'LinkedIn Skill' }], { count: 100, seed: 'business' });
    const named = generateObjects([{ name: 'skill', type: 'Professional-Network Skill' }], {
      count: 100,
      seed: 'business',
    });
    assert.deepEqual(aliased, named);
    assert.deepEqual(generateObjects(SCHEMA, { count: 100, seed: 'business' }), rows.slice(0, 100));
    assert.notDeepEqual(generateObjects(SCHEMA, { count: 100, seed: 'other business' }), rows.slice(0, 100));
  });
});
