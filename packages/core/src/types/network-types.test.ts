import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { assertDeclared, typeValues } from '../testing/type-values.js';

const values = (type: string, params: Record<string, unknown> = {}, count = 2000, seed: string | number = 'internet') =>
  typeValues(type, params, count, seed);

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
  for (const group of address.split(':'))
    if (group !== '') assert.ok(group === '0' || !group.startsWith('0'), `${address}: leading zero`);
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
      const bits = hextets(address)
        .map((h) => h.toString(2).padStart(16, '0'))
        .join('');
      assert.ok(!bits.slice(prefix).includes('1'), `${value} has host bits set`);
    }
    assert.equal(prefixes.size, 113);
    assert.ok(
      all.some((v) => v.includes('::')),
      'short prefixes compress',
    );
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
