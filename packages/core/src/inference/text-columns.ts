/**
 * Columns of text no pattern claimed: a few distinct values repeated (a Custom List, weighted by
 * how often each appears), values found in core's tables (names, cities, states, countries,
 * titles), or else free text, measured in words (Words) or sentences (Sentences).
 */
import { knownValues, TITLES, type KnownValues } from './known-values.js';
import type { Proposal } from './proposal.js';
import type { ValueKind } from './value-kind.js';

export interface TextGuess {
  kind: ValueKind;
  proposal: Proposal;
}

const wordCount = (value: string) => value.split(/\s+/).filter(Boolean).length;

/** At most this many distinct values make a list... */
const MAX_LIST_VALUES = 20;
/** ...when each appears this many times on average (so a list is a pattern, not a coincidence). */
const MIN_REPEATS = 2;
/** Share of distinct values that must be in a table for the column to be of that table's type... */
const TABLE_SHARE = 0.8;
/**
 * ...or, when the column's name already suggests that type, this share: the tables are samples
 * (a few hundred last names), and the name says the rest are of the same kind.
 */
const NAMED_TABLE_SHARE = 0.3;

/** The distinct values by how often they appear, most frequent first (ties in order of appearance). */
export function frequencies(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return new Map([...counts].sort((a, b) => b[1] - a[1]));
}

/** Longer values are text that happens to repeat (a canned note), not a list of choices. */
const MAX_LIST_WORDS = 5;

function listGuess(values: readonly string[], counts: Map<string, number>): TextGuess | null {
  if (counts.size > MAX_LIST_VALUES || values.length < counts.size * MIN_REPEATS) return null;
  for (const value of counts.keys()) if (wordCount(value) > MAX_LIST_WORDS) return null;
  return {
    kind: 'list',
    proposal: {
      type: 'Custom List',
      params: {
        values: [...counts.keys()],
        selectionStyle: 'custom',
        distribution: [{ frequencies: Object.fromEntries(counts) }],
      },
      reason: `the ${values.length} values are ${counts.size} distinct ones (${[...counts.keys()].slice(0, 3).join(', ')}${counts.size > 3 ? '...' : ''}), weighted by how often each appears`,
    },
  };
}

type Matcher = (value: string, known: KnownValues) => boolean;

/** A known first name, then a capitalised word or two (the last-name table is small). */
const fullName: Matcher = (value, known) => {
  const parts = value.split(/\s+/);
  return (
    parts.length >= 2 &&
    parts.length <= 4 &&
    known.firstNames.has(parts[0].toLowerCase()) &&
    parts.slice(1).every((part) => /^\p{Lu}[\p{L}'.-]*$/u.test(part))
  );
};

/** Table types by what their values look like, tried in order. */
const TABLES: readonly (readonly [type: string, what: string, match: Matcher])[] = [
  ['Country Code', 'country codes', (v, k) => k.countryCodes.has(v)],
  ['State (abbrev)', 'state codes', (v, k) => /^[A-Z]{2,3}$/.test(v) && k.stateCodes.has(v)],
  ['Country', 'countries', (v, k) => k.countries.has(v.toLowerCase())],
  ['Full Name', 'full names', fullName],
  ['First Name', 'first names', (v, k) => k.firstNames.has(v.toLowerCase())],
  ['Last Name', 'last names', (v, k) => k.lastNames.has(v.toLowerCase())],
  ['Title', 'titles', (v) => TITLES.has(v.toLowerCase().replace(/\.$/, ''))],
  ['State', 'states or provinces', (v, k) => k.states.has(v.toLowerCase())],
  ['City', 'cities', (v, k) => k.cities.has(v.toLowerCase())],
];

/** Whether at least `needed` of the values match; stops as soon as the misses rule it out. */
function enough(distinct: readonly string[], match: (value: string) => boolean, needed: number): number | null {
  const allowedMisses = Math.floor(distinct.length * (1 - needed));
  let misses = 0;
  for (const value of distinct) if (!match(value) && ++misses > allowedMisses) return null;
  return (distinct.length - misses) / distinct.length;
}

/**
 * The table the values are from, or null. `preferred`: the type the column's name suggests,
 * tried first, so "CA" in a state_code column is a state, in a country column a country.
 */
function tableGuess(distinct: readonly string[], tables: typeof TABLES, needed: number): TextGuess | null {
  const known = knownValues();
  for (const [type, what, match] of tables) {
    const found = enough(distinct, (value) => match(value, known), needed);
    if (found !== null)
      return {
        kind: 'table',
        proposal: {
          type,
          params: {},
          reason: `${found === 1 ? 'all' : `${Math.round(found * 100)}% of the`} ${distinct.length} distinct values are ${what} Rowloom knows`,
        },
      };
  }
  return null;
}

const sentenceCount = (value: string) => value.split(/[.!?]+(?:\s|$)/).filter((s) => s.trim()).length;

function freeTextGuess(values: readonly string[]): TextGuess {
  const words = values.map(wordCount);
  const longest = Math.max(...words);
  if (longest > 12 || values.some((v) => /[.!?]\s+\S/.test(v))) {
    const sentences = values.map(sentenceCount);
    const min = Math.max(1, Math.min(...sentences));
    const max = Math.max(min, ...sentences);
    return {
      kind: 'text',
      proposal: {
        type: 'Sentences',
        params: { min, max },
        reason: `the values are free text of ${min} to ${max} sentences`,
      },
    };
  }
  const min = Math.max(1, Math.min(...words));
  return {
    kind: 'text',
    proposal: {
      type: 'Words',
      params: { min, max: Math.max(min, longest) },
      reason: `the values are free text of ${min} to ${longest} words`,
    },
  };
}

/**
 * `preferred`: the type the column's name suggests. When the values are from that type's table
 * (first names in a first_name column, "CA" in a state_code column), name and values agree and
 * the type stands, however few the distinct values; otherwise a short list of repeated values is
 * a Custom List, before the other tables are tried.
 */
export function textGuess(values: readonly string[], preferred: string | null): TextGuess | null {
  if (values.length === 0) return null;
  const counts = frequencies(values);
  const distinct = [...counts.keys()];
  const named = TABLES.filter(([type]) => type === preferred);
  return (
    tableGuess(distinct, named, NAMED_TABLE_SHARE) ??
    listGuess(values, counts) ??
    tableGuess(
      distinct,
      TABLES.filter(([type]) => type !== preferred),
      TABLE_SHARE,
    ) ??
    freeTextGuess(values)
  );
}
