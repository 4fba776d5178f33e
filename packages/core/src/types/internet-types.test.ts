import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { base, en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';
import { problemsOf } from '../testing/schema-problems.js';
import { naughtyStrings } from '../data/naughty-strings.js';

const require = createRequire(import.meta.url);

function values(type: string, params: Record<string, unknown> = {}, count = 2000, seed: string | number = 'internet'): string[] {
  return generateObjects([{ name: 't', type, ...params }], { count, seed }).map((row) => row.t as string);
}

/** Every character of every value is among those the field declared (writers rely on it). */
function assertDeclared(type: string, all: string[], params: Record<string, unknown> = {}): void {
  const declared = compileSchema([{ name: 't', type, ...params }]).fields[0].characters;
  assert.ok(declared !== null, `${type} declares its characters`);
  const allowed = new Set(declared);
  for (const value of all) for (const ch of value) assert.ok(allowed.has(ch), `${type}: "${ch}" in ${value} is not declared`);
}

describe('IP Address v4 CIDR', () => {
  const all = values('IP Address v4 CIDR', {}, 20000);

  test('valid IPv4 networks: node:net parses the address, host bits are zero, prefix /8 to /32', () => {
    const prefixes = new Set<number>();
    for (const value of all) {
      const [address, prefixText] = value.split('/');
      assert.ok(isIPv4(address), value);
      const prefix = Number(prefixText);
      assert.ok(Number.isInteger(prefix) && prefix >= 8 && prefix <= 32, value);
      prefixes.add(prefix);
      const bits = address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
      const hostBits = prefix === 32 ? 0 : bits % 2 ** (32 - prefix);
      assert.equal(hostBits, 0, `${value} has host bits set`);
    }
    assert.equal(prefixes.size, 25, 'every prefix from /8 to /32 occurs');
    assertDeclared('IP Address v4 CIDR', all);
  });

  test('varied and reproducible', () => {
    // Short prefixes have few networks (256 /8s), so some repeat; most values are different.
    assert.ok(new Set(all).size > 18000, `${new Set(all).size} different`);
    assert.deepEqual(values('IP Address v4 CIDR', {}, 50, 3), values('IP Address v4 CIDR', {}, 50, 3));
    assert.notDeepEqual(values('IP Address v4 CIDR', {}, 50, 3), values('IP Address v4 CIDR', {}, 50, 4));
  });
});

/** The 8 hextets of an IPv6 address (expanding ::), as numbers. */
function hextets(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === null ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((h) => parseInt(h, 16));
}

/** RFC 5952: lower case, no leading zeros, "::" only for the longest run of 2+ zero hextets. */
function assertCanonicalIpv6(address: string): void {
  assert.ok(isIPv6(address), address);
  assert.match(address, /^[0-9a-f:]+$/);
  const parts = hextets(address);
  assert.equal(parts.length, 8, address);
  for (const group of address.split(':')) if (group !== '') assert.ok(group === '0' || !group.startsWith('0'), `${address}: leading zero`);
  let longest = 0;
  for (let i = 0; i < 8; i++) {
    let run = 0;
    while (i + run < 8 && parts[i + run] === 0) run++;
    longest = Math.max(longest, run);
  }
  if (longest >= 2) assert.ok(address.includes('::'), `${address}: a zero run of ${longest} is not compressed`);
  else assert.ok(!address.includes('::'), `${address}: "::" stands for a single zero`);
  if (address.includes('::')) {
    const compressed = 8 - address.split('::').flatMap((s) => (s ? s.split(':') : [])).length;
    assert.equal(compressed, longest, `${address}: "::" is not the longest zero run`);
  }
}

describe('IP Address v6', () => {
  test('valid (node:net), canonical RFC 5952 text, global unicast 2000::/3, varied', () => {
    const all = values('IP Address v6', {}, 20000);
    const unicast = new BlockList();
    unicast.addSubnet('2000::', 3, 'ipv6');
    for (const value of all) {
      assertCanonicalIpv6(value);
      assert.ok(unicast.check(value, 'ipv6'), `${value} is outside 2000::/3`);
    }
    assert.equal(new Set(all).size, all.length);
    assertDeclared('IP Address v6', all);
  });
});

describe('IP Address v6 CIDR', () => {
  const all = values('IP Address v6 CIDR', {}, 20000);

  test('a network address masked to its prefix (/16 to /128), in canonical form', () => {
    const prefixes = new Set<number>();
    for (const value of all) {
      const [address, prefixText] = value.split('/');
      const prefix = Number(prefixText);
      assert.ok(Number.isInteger(prefix) && prefix >= 16 && prefix <= 128, value);
      prefixes.add(prefix);
      assertCanonicalIpv6(address);
      // Every bit past the prefix is zero.
      const bits = hextets(address).map((h) => h.toString(2).padStart(16, '0')).join('');
      assert.ok(!bits.slice(prefix).includes('1'), `${value} has host bits set`);
    }
    assert.equal(prefixes.size, 113);
    assert.ok(all.some((v) => v.includes('::')), 'short prefixes compress');
    assertDeclared('IP Address v6 CIDR', all);
  });
});

describe('MAC Address', () => {
  test('six lower-case hex bytes joined by colons, unicast, varied', () => {
    const all = values('MAC Address', {}, 5000);
    for (const value of all) {
      assert.match(value, /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
      assert.equal(parseInt(value.slice(0, 2), 16) & 1, 0, `${value} is a multicast address`);
    }
    assert.equal(new Set(all).size, all.length);
    // Every bit but the multicast one varies.
    const seen = new Set(all.map((v) => v.slice(0, 2)));
    assert.ok(seen.size > 100);
    assertDeclared('MAC Address', all);
  });
});

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
    const known = new Set(JSON.parse(readFileSync(new URL('../../data/domains.json', import.meta.url), 'utf8')) as string[]);
    const all = values('Domain Name', {}, 5000);
    for (const value of all) assert.ok(known.has(value), value);
    assert.ok(new Set(all).size > 900);
    assertDeclared('Domain Name', all);
  });
});

describe('URL', () => {
  const domains = new Set(JSON.parse(readFileSync(new URL('../../data/domains.json', import.meta.url), 'utf8')) as string[]);
  const lorem = new Set(en.lorem!.word!);

  function assertWords(url: URL): void {
    const segments = url.pathname.split('/').slice(1);
    if (url.pathname !== '/') {
      assert.ok(segments.length >= 1 && segments.length <= 5, url.pathname);
      segments.forEach((segment, i) => assert.ok(lorem.has(i === segments.length - 1 ? segment.replace(/\.[a-z]+$/, '') : segment), segment));
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
    assertDeclared('URL', values('URL', { includeProtocol: false, includeHost: false }, 300), { includeProtocol: false, includeHost: false });
  });

  test('flags accept booleans as text; nothing left of the URL is rejected with a clear message', () => {
    assert.doesNotMatch(values('URL', { includeQueryString: 'false' }, 5)[0], /\?/);
    const problems = problemsOf([{ name: 'u', type: 'URL', includeHost: false, includePath: false, includeQueryString: false }]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].param, 'includeHost');
    assert.match(problems[0].message, /leaves nothing of the URL; set at least one of them to true/);
    assert.ok(problemsOf([{ name: 'u', type: 'URL', includePath: 'sometimes' }]).some((p) => p.param === 'includePath'));
  });
});

describe('User Agent', () => {
  const file = join(dirname(require.resolve('user-agents')), 'user-agents.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as { userAgent: string; weight: number; deviceCategory: string }[];
  const weightOf = new Map<string, number>();
  for (const r of records) weightOf.set(r.userAgent, (weightOf.get(r.userAgent) ?? 0) + r.weight);
  const all = values('User Agent', {}, 20000);

  test('every value is a user agent of the user-agents package', () => {
    for (const value of all) assert.ok(weightOf.has(value), value);
    assert.ok(new Set(all).size > 300, `${new Set(all).size} different`);
    assertDeclared('User Agent', all);
  });

  test('drawn by the package\'s weights: the heaviest agent about as often as its weight says', () => {
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
    assert.equal(compileSchema([{ name: 't', type: 'Naughty String' }]).fields[0].characters, null, 'characters are not bounded');
  });
});

describe('MIME Type and File Name (the file family)', () => {
  const mimeTypes = base.system!.mime_type! as Record<string, { extensions: string[] }>;
  const rows = generateObjects(
    [
      { name: 'mime', type: 'MIME Type' },
      { name: 'file', type: 'File Name' },
    ],
    { count: 5000, seed: 'files' },
  ) as { mime: string; file: string }[];

  test('MIME types are real media types (faker\'s list, type/subtype syntax of RFC 6838), varied', () => {
    for (const { mime } of rows) {
      assert.ok(Object.hasOwn(mimeTypes, mime), mime);
      assert.match(mime, /^(application|audio|font|image|text|video)\/[a-z0-9][a-z0-9!#$&^_.+-]*$/);
    }
    assert.ok(new Set(rows.map((r) => r.mime)).size > 60);
  });

  test('the file name\'s extension is one of the row\'s MIME type\'s', () => {
    for (const { mime, file } of rows) {
      const extension = file.slice(file.lastIndexOf('.') + 1);
      assert.ok(mimeTypes[mime].extensions.includes(extension), `${file} does not fit ${mime}`);
    }
    // Types with several extensions use more than one of them.
    const jpegNames = rows.filter((r) => r.mime === 'image/jpeg').map((r) => r.file.split('.').pop());
    if (mimeTypes['image/jpeg']?.extensions.length > 1 && jpegNames.length > 20) assert.ok(new Set(jpegNames).size > 1);
  });

  test('file names: one to three capitalised lorem words', () => {
    const lorem = new Set(en.lorem!.word!);
    for (const { file } of rows) {
      const stem = file.slice(0, file.lastIndexOf('.'));
      const words = stem.match(/[A-Z][a-z]*/g) ?? [];
      assert.equal(words.join(''), stem, file);
      assert.ok(words.length >= 1 && words.length <= 3, file);
      for (const word of words) assert.ok(lorem.has(word.toLowerCase()), `${word} in ${file}`);
    }
    assert.ok(new Set(rows.map((r) => r.file)).size > 4900);
  });

  test('each alone works too, and declares its characters', () => {
    assertDeclared('MIME Type', values('MIME Type', {}, 500));
    assertDeclared('File Name', values('File Name', {}, 500));
  });
});
