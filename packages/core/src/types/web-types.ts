/**
 * Names and strings of the web: Top Level Domain, Domain Name, URL, real browser User Agents and
 * Naughty Strings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { derivedData, readDataFile } from '../data/data-files.js';
import { naughtyStrings } from '../data/naughty-strings.js';
import { charactersOf } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';
import { listType } from './list-type.js';
import { LOREM_WORDS } from '../data/lorem-words.js';

/**
 * Rough shares (per mille) of the top-level domains registered domains use most, so values look
 * like a real list of sites: .com about half. The rest of the thousand is spread evenly over
 * every other ASCII TLD in the IANA list.
 */
const COMMON_TLDS: readonly (readonly [string, number])[] = [
  ['com', 480],
  ['net', 50],
  ['org', 50],
  ['de', 30],
  ['uk', 20],
  ['cn', 20],
  ['ru', 20],
  ['nl', 15],
  ['br', 15],
  ['info', 12],
  ['xyz', 10],
  ['top', 10],
  ['au', 10],
  ['fr', 10],
  ['it', 10],
  ['eu', 10],
  ['jp', 10],
  ['ca', 10],
  ['pl', 10],
  ['in', 10],
  ['es', 10],
  ['io', 10],
  ['co', 10],
  ['ch', 5],
  ['us', 5],
  ['edu', 5],
  ['gov', 5],
  ['biz', 5],
  ['me', 5],
  ['online', 5],
  ['se', 5],
  ['kr', 5],
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
  description:
    'A top-level domain without the dot, e.g. com or io: weighted toward the most used ones (about half are com), any ASCII TLD in the IANA list otherwise.',
  params: [],
  output: 'string',
  smallValues: true,
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
    {
      name: 'includeProtocol',
      kind: 'boolean',
      default: true,
      description: 'Start with http:// or https:// (only together with a host)',
    },
    { name: 'includeHost', kind: 'boolean', default: true, description: 'Include a host name (a real domain)' },
    { name: 'includePath', kind: 'boolean', default: true, description: 'Include a path of one to five lorem words' },
    {
      name: 'includeQueryString',
      kind: 'boolean',
      default: true,
      description: 'Include a query string of one to four name=value pairs',
    },
  ],
  output: 'string',
  smallValues: true,
  check(params, problem) {
    if (!params.includeHost && !params.includePath && !params.includeQueryString) {
      problem(
        'includeHost',
        'includeHost, includePath and includeQueryString are all false, which leaves nothing of the URL; set at least one of them to true',
      );
    }
  },
  create(params, context) {
    const protocol = params.includeProtocol === true;
    const host = params.includeHost === true;
    const path = params.includePath === true;
    const query = params.includeQueryString === true;
    const domains = DOMAINS();
    const words = LOREM_WORDS;
    context.declareCharacters(
      charactersOf(host ? domains : [], words, PATH_EXTENSIONS, protocol && host ? 'https://' : '', '/?=&'),
    );
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
        for (let i = 0; i < pairs; i++)
          text += (i === 0 ? '?' : '&') + words[random.below(words.length)] + '=' + words[random.below(words.length)];
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
  description:
    "A real browser User-Agent header, drawn in proportion to how often it was seen (the user-agents package's sample), e.g. Mozilla/5.0 (Windows NT 10.0; Win64; x64) ... Chrome/138.0.0.0 Safari/537.36.",
  params: [],
  output: 'string',
  smallValues: true,
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
  description:
    'A string from the Big List of Naughty Strings that often breaks software: SQL and script injection, odd Unicode, reserved words, even the empty string.',
  params: [],
  output: 'string',
  smallValues: true,
  create() {
    // Any character can occur, so none are declared: writers check every value.
    const strings = naughtyStrings();
    return (random) => strings[random.below(strings.length)];
  },
});

export const webTypes: TypeDefinition[] = [topLevelDomain, domainName, url, userAgent, naughtyString];
