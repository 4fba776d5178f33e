/**
 * Internet values: network addresses and blocks (IPv4 CIDR, IPv6, IPv6 CIDR, MAC), names
 * (Top Level Domain, Domain Name, URL), real browser User Agents, Naughty Strings, and the file
 * family: MIME Type and File Name of one row agree (the name's extension is one of the type's).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { derivedData, readDataFile } from '../data/data-files.js';
import { EN } from '../data/faker-en.js';
import { naughtyStrings } from '../data/naughty-strings.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf, DIGITS } from './characters.js';
import { defineType, type FamilyDefinition, type TypeDefinition } from './define-type.js';
import { listType } from './list-type.js';

const HEX_DIGITS = '0123456789abcdef';
/** "00".."ff": a byte as two lower-case hex digits. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** "0.".."255.": an octet and its dot, so an IPv4 address is four lookups. */
const OCTET_DOT: readonly string[] = Array.from({ length: 256 }, (_, i) => i + '.');
const OCTET: readonly string[] = Array.from({ length: 256 }, (_, i) => String(i));

// ---------------------------------------------------------------------------------------------
// Addresses

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
  create(_params, context) {
    context.declareCharacters(DIGITS + './');
    return (random) => {
      const prefix = random.intBetween(IPV4_PREFIX_MIN, IPV4_PREFIX_MAX);
      // A shift by 32 is a shift by 0 in JavaScript, hence the /32 case.
      const mask = prefix === 32 ? 0xffffffff : ~(0xffffffff >>> prefix);
      const bits = random.uint32() & mask;
      return OCTET_DOT[bits >>> 24] + OCTET_DOT[(bits >>> 16) & 255] + OCTET_DOT[(bits >>> 8) & 255] + OCTET[bits & 255] + '/' + prefix;
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
  for (let i = 0; i < 8; ) {
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
  description: 'A random global unicast IPv6 address (2000::/3) in its canonical RFC 5952 form, e.g. 2a03:2880:f12f:83:face:b00c:0:25de.',
  params: [],
  output: 'string',
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
  description: 'A 48-bit unicast hardware address as six lower-case hex bytes separated by colons, e.g. 3c:22:fb:1a:07:9e.',
  params: [],
  output: 'string',
  create(_params, context) {
    context.declareCharacters(HEX_DIGITS + ':');
    return (random) => {
      const a = random.uint32();
      const b = random.uint32();
      // The lowest bit of the first byte marks multicast groups; a network card's own address is unicast.
      return (
        HEX_BYTE[(a >>> 24) & 0xfe] + ':' + HEX_BYTE[(a >>> 16) & 255] + ':' + HEX_BYTE[(a >>> 8) & 255] + ':' +
        HEX_BYTE[a & 255] + ':' + HEX_BYTE[(b >>> 8) & 255] + ':' + HEX_BYTE[b & 255]
      );
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Names

/**
 * Rough shares (per mille) of the top-level domains registered domains use most, so values look
 * like a real list of sites: .com about half. The rest of the thousand is spread evenly over
 * every other ASCII TLD in the IANA list.
 */
const COMMON_TLDS: readonly (readonly [string, number])[] = [
  ['com', 480], ['net', 50], ['org', 50], ['de', 30], ['uk', 20], ['cn', 20], ['ru', 20], ['nl', 15], ['br', 15],
  ['info', 12], ['xyz', 10], ['top', 10], ['au', 10], ['fr', 10], ['it', 10], ['eu', 10], ['jp', 10], ['ca', 10],
  ['pl', 10], ['in', 10], ['es', 10], ['io', 10], ['co', 10], ['ch', 5], ['us', 5], ['edu', 5], ['gov', 5],
  ['biz', 5], ['me', 5], ['online', 5], ['se', 5], ['kr', 5],
];
const TLD_TICKETS = 1000;

/** ASCII TLDs only: no internationalised ones, in Unicode or in their xn-- form. */
export const ASCII_TLDS = derivedData(() => {
  // The package's main is a JSON file: required, as ESM would need an import attribute.
  const all = createRequire(import.meta.url)('tlds') as string[];
  return all.filter((tld) => /^[a-z][a-z0-9-]*$/.test(tld) && !tld.startsWith('xn--'));
});

/** One slot per ticket: the common TLD it draws, or null for "any TLD, uniformly". */
const tldTickets = derivedData(() => {
  const known = new Set(ASCII_TLDS());
  const slots: (string | null)[] = [];
  for (const [tld, share] of COMMON_TLDS) {
    if (!known.has(tld)) throw new Error(`the common TLD "${tld}" is not in the tlds package`);
    for (let i = 0; i < share; i++) slots.push(tld);
  }
  if (slots.length > TLD_TICKETS) throw new Error('the common TLD shares add up to more than 1000');
  while (slots.length < TLD_TICKETS) slots.push(null);
  return slots;
});

const topLevelDomain = defineType({
  name: 'Top Level Domain',
  category: 'IT',
  description: 'A top-level domain without the dot, e.g. com or io: weighted toward the most used ones (about half are com), any ASCII TLD in the IANA list otherwise.',
  params: [],
  output: 'string',
  create(_params, context) {
    const all = ASCII_TLDS();
    const slots = tldTickets();
    context.declareCharacters(charactersOf(all));
    return (random) => slots[random.below(TLD_TICKETS)] ?? all[random.below(all.length)];
  },
});

/** domains.json: well-known real domains, written by hand. */
export const DOMAINS = derivedData(() => readDataFile<string[]>('domains.json'));

const domainName = listType({
  name: 'Domain Name',
  category: 'IT',
  description: 'The domain name of a well-known real website, e.g. wikipedia.org or bbc.co.uk.',
  values: DOMAINS,
});

const LOREM_WORDS = derivedData(() => {
  const words = EN.lorem?.word;
  if (!Array.isArray(words) || words.length === 0) throw new Error('@faker-js/faker EN.lorem.word is missing: URL and File Name need it');
  return words;
});

/** Endings seen on real page and resource paths. */
const PATH_EXTENSIONS = ['.html', '.htm', '.php', '.aspx', '.jsp', '.json', '.xml', '.js', '.png', '.jpg', '.gif'];
const URL_MAX_SEGMENTS = 5;
const URL_MAX_QUERY_PAIRS = 4;

const url = defineType({
  name: 'URL',
  category: 'IT',
  description:
    'A web address on a real domain with a path and query string of lorem words, e.g. https://bbc.co.uk/quia/odit.html?nisi=vero; the include flags drop parts (without a host the value is a relative /path?query).',
  params: [
    { name: 'includeProtocol', kind: 'boolean', default: true, description: 'Start with http:// or https:// (only together with a host)' },
    { name: 'includeHost', kind: 'boolean', default: true, description: 'Include a host name (a real domain)' },
    { name: 'includePath', kind: 'boolean', default: true, description: 'Include a path of one to five lorem words' },
    { name: 'includeQueryString', kind: 'boolean', default: true, description: 'Include a query string of one to four name=value pairs' },
  ],
  output: 'string',
  check(params, problem) {
    if (!params.includeHost && !params.includePath && !params.includeQueryString) {
      problem('includeHost', 'includeHost, includePath and includeQueryString are all false, which leaves nothing of the URL; set at least one of them to true');
    }
  },
  create(params, context) {
    const protocol = params.includeProtocol === true;
    const host = params.includeHost === true;
    const path = params.includePath === true;
    const query = params.includeQueryString === true;
    const domains = DOMAINS();
    const words = LOREM_WORDS();
    context.declareCharacters(charactersOf(host ? domains : [], words, PATH_EXTENSIONS, protocol && host ? 'https://' : '', '/?=&'));
    return (random) => {
      let text = '';
      if (host) {
        if (protocol) text = random.chance(0.75) ? 'https://' : 'http://';
        text += domains[random.below(domains.length)];
      }
      if (path) {
        const segments = random.intBetween(1, URL_MAX_SEGMENTS);
        for (let i = 0; i < segments; i++) text += '/' + words[random.below(words.length)];
        if (random.chance(0.5)) text += PATH_EXTENSIONS[random.below(PATH_EXTENSIONS.length)];
      } else if (host && query) {
        text += '/';
      }
      if (query) {
        const pairs = random.intBetween(1, URL_MAX_QUERY_PAIRS);
        for (let i = 0; i < pairs; i++) text += (i === 0 ? '?' : '&') + words[random.below(words.length)] + '=' + words[random.below(words.length)];
      }
      return text;
    };
  },
});

// ---------------------------------------------------------------------------------------------
// User agents

interface UserAgentRecord {
  userAgent: string;
  weight: number;
}

/**
 * The user-agents package's real, weighted browser sample, read from its JSON (its own picker
 * uses Math.random, which cannot be seeded). Identical strings are merged, weights summed,
 * into a cumulative table to search.
 */
const USER_AGENTS = derivedData(() => {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('user-agents')), 'user-agents.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as UserAgentRecord[];
  const weights = new Map<string, number>();
  for (const record of records) {
    if (typeof record.userAgent === 'string' && record.userAgent !== '' && record.weight > 0) {
      weights.set(record.userAgent, (weights.get(record.userAgent) ?? 0) + record.weight);
    }
  }
  if (weights.size === 0) throw new Error('the user-agents package provided no user agents');
  const agents = [...weights.keys()];
  const cumulative = new Float64Array(agents.length);
  let total = 0;
  agents.forEach((agent, i) => {
    total += weights.get(agent)!;
    cumulative[i] = total;
  });
  return { agents, cumulative, total, characters: charactersOf(agents) };
});

/** Every user agent string the User Agent type can produce. */
export function userAgentStrings(): readonly string[] {
  return USER_AGENTS().agents;
}

const userAgent = defineType({
  name: 'User Agent',
  category: 'IT',
  description: 'A real browser User-Agent header, drawn in proportion to how often it was seen (the user-agents package\'s sample), e.g. Mozilla/5.0 (Windows NT 10.0; Win64; x64) ... Chrome/138.0.0.0 Safari/537.36.',
  params: [],
  output: 'string',
  create(_params, context) {
    const { agents, cumulative, total, characters } = USER_AGENTS();
    context.declareCharacters(characters);
    const last = agents.length - 1;
    return (random) => {
      const ticket = random.next() * total;
      let low = 0;
      let high = last;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (cumulative[middle] > ticket) high = middle;
        else low = middle + 1;
      }
      return agents[low];
    };
  },
});

const naughtyString = defineType({
  name: 'Naughty String',
  category: 'IT',
  description: 'A string from the Big List of Naughty Strings that often breaks software: SQL and script injection, odd Unicode, reserved words, even the empty string.',
  params: [],
  output: 'string',
  create() {
    // Any character can occur, so none are declared: writers check every value.
    const strings = naughtyStrings();
    return (random) => strings[random.below(strings.length)];
  },
});

// ---------------------------------------------------------------------------------------------
// The file family: MIME Type and File Name

export interface FileKind {
  readonly mimeType: string;
  /** Without the dot. */
  readonly extension: string;
}

/** faker's common MIME types with their extensions; one FileKind per type and extension. */
const MIME_TYPES = derivedData(() => {
  const definitions = EN.system?.mime_type;
  if (!definitions) throw new Error('@faker-js/faker EN.system.mime_type is missing: MIME Type and File Name need it');
  const kinds = Object.entries(definitions)
    .filter(([, d]) => Array.isArray(d.extensions) && d.extensions.length > 0)
    .map(([mimeType, d]) => d.extensions.map((extension): FileKind => ({ mimeType, extension })));
  if (kinds.length === 0) throw new Error('@faker-js/faker EN.system.mime_type has no types with extensions');
  return kinds;
});

/** Every (MIME type, extension) pair MIME Type and File Name draw from. */
export function fileKinds(): readonly FileKind[] {
  return MIME_TYPES().flat();
}

/** One MIME type per row, uniformly, then one of its extensions. */
export const fileFamily: FamilyDefinition<FileKind> = {
  name: 'file',
  draw(random) {
    const types = MIME_TYPES();
    const extensions = types[random.below(types.length)];
    return extensions[random.below(extensions.length)];
  },
};

const mimeType = defineType({
  name: 'MIME Type',
  category: 'IT',
  description: 'A common media type such as image/png or application/pdf; agrees with the row\'s File Name.',
  params: [],
  output: 'string',
  create(_params, context) {
    context.declareCharacters(charactersOf(MIME_TYPES().map((kinds) => kinds[0].mimeType)));
    return (_random, row) => row.family(fileFamily).mimeType;
  },
});

const FILE_NAME_MAX_WORDS = 3;

const fileName = defineType({
  name: 'File Name',
  category: 'IT',
  description: 'One to three capitalised lorem words and an extension, e.g. VelitDonec.pdf; the extension is one of the row\'s MIME Type.',
  params: [],
  output: 'string',
  create(_params, context) {
    const words = LOREM_WORDS().map((w) => w.charAt(0).toUpperCase() + w.slice(1));
    context.declareCharacters(charactersOf(words, fileKinds().map((k) => '.' + k.extension)));
    return (random, row) => {
      const count = random.intBetween(1, FILE_NAME_MAX_WORDS);
      let name = words[random.below(words.length)];
      for (let i = 1; i < count; i++) name += words[random.below(words.length)];
      return name + '.' + row.family(fileFamily).extension;
    };
  },
});

export const internetTypes: TypeDefinition[] = [
  ipv4Cidr,
  ipv6,
  ipv6Cidr,
  macAddress,
  topLevelDomain,
  domainName,
  url,
  userAgent,
  naughtyString,
  mimeType,
  fileName,
];
