/**
 * Network addresses and blocks: IP Address v4 CIDR, IP Address v6, IP Address v6 CIDR (host bits
 * zero) and MAC Address, each built from a few 32-bit draws and lookup tables.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { DIGITS } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';

const HEX_DIGITS = '0123456789abcdef';
/** "00".."ff": a byte as two lower-case hex digits. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** "0.".."255.": an octet and its dot, so an IPv4 address is four lookups. */
const OCTET_DOT: readonly string[] = Array.from({ length: 256 }, (_, i) => i + '.');
const OCTET: readonly string[] = Array.from({ length: 256 }, (_, i) => String(i));

/** Prefix lengths drawn uniformly: /8 (a huge block) to /32 (one host). */
const IPV4_PREFIX_MIN = 8;
const IPV4_PREFIX_MAX = 32;
/** /16 to /128 (one interface). */
const IPV6_PREFIX_MIN = 16;
const IPV6_PREFIX_MAX = 128;

const ipv4Cidr = defineType({
  name: 'IP Address v4 CIDR',
  category: 'IT',
  description: `An IPv4 network in CIDR notation, e.g. 192.168.64.0/18: a prefix length from /${IPV4_PREFIX_MIN} to /${IPV4_PREFIX_MAX} and the network address with every host bit zero.`,
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    context.declareCharacters(DIGITS + './');
    return (random) => {
      const prefix = random.intBetween(IPV4_PREFIX_MIN, IPV4_PREFIX_MAX);
      // A shift by 32 is a shift by 0 in JavaScript, hence the /32 case.
      const mask = prefix === 32 ? 0xffffffff : ~(0xffffffff >>> prefix);
      const bits = random.uint32() & mask;
      return (
        OCTET_DOT[bits >>> 24] +
        OCTET_DOT[(bits >>> 16) & 255] +
        OCTET_DOT[(bits >>> 8) & 255] +
        OCTET[bits & 255] +
        '/' +
        prefix
      );
    };
  },
});

/** Eight random hextets in the global unicast block 2000::/3, where real public addresses live. */
function drawIpv6(random: CounterRandom, hextets: Uint16Array): void {
  const a = random.uint32();
  const b = random.uint32();
  const c = random.uint32();
  const d = random.uint32();
  hextets[0] = 0x2000 | ((a >>> 16) & 0x1fff);
  hextets[1] = a & 0xffff;
  hextets[2] = b >>> 16;
  hextets[3] = b & 0xffff;
  hextets[4] = c >>> 16;
  hextets[5] = c & 0xffff;
  hextets[6] = d >>> 16;
  hextets[7] = d & 0xffff;
}

/**
 * The RFC 5952 text form: lower-case hex without leading zeros, the longest run of two or more
 * zero hextets (the first of equal runs) written as "::".
 */
export function formatIpv6(hextets: Uint16Array): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (hextets[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && hextets[end] === 0) end++;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = end;
  }
  if (bestStart < 0) {
    let text = hextets[0].toString(16);
    for (let i = 1; i < 8; i++) text += ':' + hextets[i].toString(16);
    return text;
  }
  let head = '';
  for (let i = 0; i < bestStart; i++) head += (i > 0 ? ':' : '') + hextets[i].toString(16);
  let tail = '';
  for (let i = bestStart + bestLength; i < 8; i++) tail += (tail === '' ? '' : ':') + hextets[i].toString(16);
  return head + '::' + tail;
}

const IPV6_CHARACTERS = HEX_DIGITS + ':';

const ipv6 = defineType({
  name: 'IP Address v6',
  category: 'IT',
  description:
    'A random global unicast IPv6 address (2000::/3) in its canonical RFC 5952 form, e.g. 2a03:2880:f12f:83:face:b00c:0:25de.',
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    context.declareCharacters(IPV6_CHARACTERS);
    const hextets = new Uint16Array(8);
    return (random) => {
      drawIpv6(random, hextets);
      return formatIpv6(hextets);
    };
  },
});

const ipv6Cidr = defineType({
  name: 'IP Address v6 CIDR',
  category: 'IT',
  description: `An IPv6 network in CIDR notation, e.g. 2001:db8:4f00::/40: a prefix length from /${IPV6_PREFIX_MIN} to /${IPV6_PREFIX_MAX} and the network address with every host bit zero, in RFC 5952 form.`,
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    context.declareCharacters(IPV6_CHARACTERS + DIGITS + '/');
    const hextets = new Uint16Array(8);
    return (random) => {
      const prefix = random.intBetween(IPV6_PREFIX_MIN, IPV6_PREFIX_MAX);
      drawIpv6(random, hextets);
      for (let i = 0; i < 8; i++) {
        const keep = prefix - i * 16; // network bits within this hextet
        if (keep <= 0) hextets[i] = 0;
        else if (keep < 16) hextets[i] &= 0xffff << (16 - keep);
      }
      return formatIpv6(hextets) + '/' + prefix;
    };
  },
});

const macAddress = defineType({
  name: 'MAC Address',
  category: 'IT',
  description:
    'A 48-bit unicast hardware address as six lower-case hex bytes separated by colons, e.g. 3c:22:fb:1a:07:9e.',
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    context.declareCharacters(HEX_DIGITS + ':');
    return (random) => {
      const a = random.uint32();
      const b = random.uint32();
      // The lowest bit of the first byte marks multicast groups; a network card's own address is unicast.
      return (
        HEX_BYTE[(a >>> 24) & 0xfe] +
        ':' +
        HEX_BYTE[(a >>> 16) & 255] +
        ':' +
        HEX_BYTE[(a >>> 8) & 255] +
        ':' +
        HEX_BYTE[a & 255] +
        ':' +
        HEX_BYTE[(b >>> 8) & 255] +
        ':' +
        HEX_BYTE[b & 255]
      );
    };
  },
});

export const networkTypes: TypeDefinition[] = [ipv4Cidr, ipv6, ipv6Cidr, macAddress];
