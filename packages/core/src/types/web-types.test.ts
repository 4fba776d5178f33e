import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { en } from '@faker-js/faker';
import { compileSchema } from '../schema/compile.js';
import { problemsOf } from '../testing/schema-problems.js';
import { naughtyStrings } from '../data/naughty-strings.js';
import { assertDeclared, typeValues } from '../testing/type-values.js';

const require = createRequire(import.meta.url);
const values = (type: string, params: Record<string, unknown> = {}, count = 2000, seed: string | number = 'internet') =>
  typeValues(type, params, count, seed);

describe('Top Level Domain', () => {
  const tlds = new Set(require('tlds') as string[]);
  const all = values('Top Level Domain', {}, 20000);

  test('every value is an ASCII TLD from the IANA list (tlds package), never an xn-- one', () => {
    for (const value of all) {
      assert.ok(tlds.has(value), value);
      assert.match(value, /^[a-z][a-z0-9-]*$/);
      assert.ok(!value.startsWith('xn--'));
    }
    assertDeclared('Top Level Domain', all);
  });

  test('weighted toward common ones: com about half, net and org next, and a long tail', () => {
    const counts = new Map<string, number>();
    for (const value of all) counts.set(value, (counts.get(value) ?? 0) + 1);
    const share = (tld: string) => (counts.get(tld) ?? 0) / all.length;
    assert.ok(share('com') > 0.45 && share('com') < 0.52, `com ${share('com')}`);
    assert.ok(share('net') > 0.04 && share('org') > 0.04);
    assert.ok(counts.size > 500, `${counts.size} different TLDs`);
  });
});

describe('Domain Name', () => {
  test('real domains from domains.json, many different ones', () => {
    const known = new Set(
      JSON.parse(readFileSync(new URL('../../data/domains.json', import.meta.url), 'utf8')) as string[],
    );
    const all = values('Domain Name', {}, 5000);
    for (const value of all) assert.ok(known.has(value), value);
    assert.ok(new Set(all).size > 900);
    assertDeclared('Domain Name', all);
  });
});

describe('URL', () => {
  const domains = new Set(
    JSON.parse(readFileSync(new URL('../../data/domains.json', import.meta.url), 'utf8')) as string[],
  );
  const lorem = new Set(en.lorem!.word!);

  function assertWords(url: URL): void {
    const segments = url.pathname.split('/').slice(1);
    if (url.pathname !== '/') {
      assert.ok(segments.length >= 1 && segments.length <= 5, url.pathname);
      segments.forEach((segment, i) =>
        assert.ok(lorem.has(i === segments.length - 1 ? segment.replace(/\.[a-z]+$/, '') : segment), segment),
      );
    }
    for (const [name, value] of url.searchParams) assert.ok(lorem.has(name) && lorem.has(value), `${name}=${value}`);
  }

  test('defaults: an absolute http(s) URL on a real domain, already in WHATWG canonical form', () => {
    const all = values('URL', {}, 3000);
    const protocols = new Set<string>();
    for (const value of all) {
      const url = new URL(value);
      assert.equal(url.href, value, 'parsing changes nothing');
      assert.ok(url.protocol === 'https:' || url.protocol === 'http:');
      protocols.add(url.protocol);
      assert.ok(domains.has(url.hostname), url.hostname);
      assert.notEqual(url.pathname, '/');
      assert.ok(url.search.length > 1);
      const pairs = [...url.searchParams].length;
      assert.ok(pairs >= 1 && pairs <= 4);
      assertWords(url);
    }
    assert.equal(protocols.size, 2);
    assertDeclared('URL', all);
  });

  test('each flag drops its part', () => {
    const base = 'http://base.invalid';
    for (const value of values('URL', { includeProtocol: false }, 300)) {
      assert.doesNotMatch(value, /^https?:/);
      const url = new URL('http://' + value);
      assert.ok(domains.has(url.hostname), value);
    }
    for (const value of values('URL', { includeHost: false }, 300)) {
      assert.match(value, /^\/[a-z]/, 'a relative path');
      const url = new URL(value, base);
      assert.equal(url.origin, base);
      assert.ok(url.search.length > 1);
      assertWords(url);
    }
    for (const value of values('URL', { includePath: false }, 300)) {
      const url = new URL(value);
      assert.equal(url.pathname, '/');
      assert.ok(url.search.length > 1);
      assert.equal(url.href, value);
    }
    for (const value of values('URL', { includeQueryString: false }, 300)) {
      const url = new URL(value);
      assert.equal(url.search, '');
      assert.ok(!value.includes('?'));
    }
    for (const value of values('URL', { includeHost: false, includePath: false }, 100)) {
      assert.match(value, /^\?[a-z]+=[a-z]+(&[a-z]+=[a-z]+)*$/);
    }
    for (const value of values('URL', { includePath: false, includeQueryString: false }, 100)) {
      assert.ok(domains.has(new URL(value).hostname) && new URL(value).href === value + '/');
    }
    assertDeclared('URL', values('URL', { includeProtocol: false, includeHost: false }, 300), {
      includeProtocol: false,
      includeHost: false,
    });
  });

  test('flags accept booleans as text; nothing left of the URL is rejected with a clear message', () => {
    assert.doesNotMatch(values('URL', { includeQueryString: 'false' }, 5)[0], /\?/);
    const problems = problemsOf([
      { name: 'u', type: 'URL', includeHost: false, includePath: false, includeQueryString: false },
    ]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].param, 'includeHost');
    assert.match(problems[0].message, /leaves nothing of the URL; set at least one of them to true/);
    assert.ok(
      problemsOf([{ name: 'u', type: 'URL', includePath: 'sometimes' }]).some((p) => p.param === 'includePath'),
    );
  });
});

describe('User Agent', () => {
  const file = join(dirname(require.resolve('user-agents')), 'user-agents.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as {
    userAgent: string;
    weight: number;
    deviceCategory: string;
  }[];
  const weightOf = new Map<string, number>();
  for (const r of records) weightOf.set(r.userAgent, (weightOf.get(r.userAgent) ?? 0) + r.weight);
  const all = values('User Agent', {}, 20000);

  test('every value is a user agent of the user-agents package', () => {
    for (const value of all) assert.ok(weightOf.has(value), value);
    assert.ok(new Set(all).size > 300, `${new Set(all).size} different`);
    assertDeclared('User Agent', all);
  });

  test("drawn by the package's weights: the heaviest agent about as often as its weight says", () => {
    const total = [...weightOf.values()].reduce((a, b) => a + b, 0);
    const [heaviest, weight] = [...weightOf].sort((a, b) => b[1] - a[1])[0];
    const expected = weight / total;
    const observed = all.filter((v) => v === heaviest).length / all.length;
    // Binomial standard error at n = 20000 is under 0.004 for any share.
    assert.ok(Math.abs(observed - expected) < 0.015, `observed ${observed}, expected ${expected}`);
    const mobile = new Set(records.filter((r) => r.deviceCategory === 'mobile').map((r) => r.userAgent));
    const mobileWeight = [...weightOf].filter(([ua]) => mobile.has(ua)).reduce((a, [, w]) => a + w, 0) / total;
    const mobileObserved = all.filter((v) => mobile.has(v)).length / all.length;
    assert.ok(Math.abs(mobileObserved - mobileWeight) < 0.03, `mobile ${mobileObserved} vs ${mobileWeight}`);
  });
});

describe('Naughty String', () => {
  test('strings from the Big List of Naughty Strings, many different ones', () => {
    const list = new Set(naughtyStrings());
    const all = values('Naughty String', {}, 5000);
    for (const value of all) assert.ok(list.has(value), JSON.stringify(value));
    assert.ok(new Set(all).size > 400);
    assert.equal(
      compileSchema([{ name: 't', type: 'Naughty String' }]).fields[0].characters,
      null,
      'characters are not bounded',
    );
  });
});
