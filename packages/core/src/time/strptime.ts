/**
 * The inverse of strftime: reads a text written in a strftime format back into an instant, so
 * a formula can treat a Date, Datetime or Time field's value as a date (the fields keep
 * writing plain text, which is what keeps generation without formulas fast).
 *
 * The format is compiled once into a regular expression with one group per directive. Parts
 * the format does not write are taken from a reference instant (the generation's now()), as
 * Ruby's strptime takes them from today: a Time field's "08:30:00" is 08:30 on the reference
 * day, and "%m/%d" is that day in the reference year. Names are matched case-insensitively;
 * week numbers and weekdays are read but do not move the date.
 */
import { civilFromDays, daysFromCivil, daysInMonth, MS_PER_DAY } from './civil.js';

/** Reads a text into epoch milliseconds (UTC), or null when it does not fit the format. */
export type StrptimeParser = (text: string, referenceMs: number) => number | null;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The parts a text can give. */
interface Parts {
  year?: number;
  century?: number;
  yearOfCentury?: number;
  month?: number;
  day?: number;
  dayOfYear?: number;
  hour?: number;
  hour12?: number;
  pm?: boolean;
  minute?: number;
  second?: number;
  fractionMs?: number;
  offsetMinutes?: number;
  epochSeconds?: number;
}

type Setter = (parts: Parts, text: string) => boolean;

interface Reader {
  /** The group for a value standing alone (next to literal text), lenient about width. */
  pattern: string;
  /**
   * The group for a value written right next to another number (%Y%m%d): fixed width, so the
   * regular expression has one way to split the digits. Without it such a format is not read.
   */
  fixed?: string;
  /** Reads digits (two of them side by side need `fixed`). */
  numeric?: true;
  set: Setter;
  /** false for parts read but not used (weekdays, week numbers): a format of only those cannot be read back. */
  informative?: false;
}

/** A number between min and max; `width` digits when it touches another number (' ' pad: space or digit first). */
const int = (
  key: keyof Parts,
  digits: string,
  width: number | null,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
  pad: '0' | ' ' = '0',
): Reader => ({
  pattern: `\\s*([-+]?\\d{${digits}})`,
  fixed: width === null ? undefined : pad === ' ' ? `( \\d{${width - 1}}|\\d{${width}})` : `(\\d{${width}})`,
  numeric: true,
  set: (parts, text) => {
    const n = Number(text.trim());
    if (n < min || n > max) return false;
    parts[key] = n as never;
    return true;
  },
});

const nameOf = (names: readonly string[], key: 'month' | 'weekday'): Reader => ({
  pattern: `([A-Za-z]{3,9})`,
  set: (parts, text) => {
    const lower = text.toLowerCase();
    const index = names.findIndex((name) => name === lower || name.slice(0, 3) === lower);
    if (index < 0) return false;
    if (key === 'month') parts.month = index + 1;
    return true;
  },
});

const ignoredNumber = (width: number): Reader => ({
  pattern: `\\s*(\\d{1,${width}})`,
  fixed: `(\\d{${width}})`,
  numeric: true,
  set: () => true,
  informative: false,
});

const fraction = (width: number | null): Reader => ({
  pattern: '(\\d+)',
  fixed: width === null ? undefined : `(\\d{${width}})`,
  numeric: true,
  set: (parts, text) => ((parts.fractionMs = Number(`0.${text}`) * 1000), true),
});

const year = (key: 'year' | 'century'): Reader => ({
  ...int(key, '1,6', 4),
  pattern: '\\s*([-+]?\\d{4}|[-+]?\\d{1,6})',
  fixed: '([-+]?\\d{4})',
});

const READERS: Readonly<Record<string, Reader>> = {
  Y: year('year'),
  G: year('year'),
  C: int('century', '1,2', 2),
  y: int('yearOfCentury', '1,2', 2, 0, 99),
  g: int('yearOfCentury', '1,2', 2, 0, 99),
  m: int('month', '1,2', 2, 1, 12),
  d: int('day', '1,2', 2, 1, 31),
  e: int('day', '1,2', 2, 1, 31, ' '),
  j: int('dayOfYear', '1,3', 3, 1, 366),
  H: int('hour', '1,2', 2, 0, 24),
  k: int('hour', '1,2', 2, 0, 24, ' '),
  I: int('hour12', '1,2', 2, 1, 12),
  l: int('hour12', '1,2', 2, 1, 12, ' '),
  M: int('minute', '1,2', 2, 0, 59),
  S: int('second', '1,2', 2, 0, 60),
  s: int('epochSeconds', '1,15', null, Number.MIN_SAFE_INTEGER),
  U: ignoredNumber(2),
  W: ignoredNumber(2),
  V: ignoredNumber(2),
  u: ignoredNumber(1),
  w: ignoredNumber(1),
  L: fraction(3),
  N: fraction(null),
  B: nameOf(MONTHS, 'month'),
  b: nameOf(MONTHS, 'month'),
  h: nameOf(MONTHS, 'month'),
  A: { ...nameOf(WEEKDAYS, 'weekday'), informative: false },
  a: { ...nameOf(WEEKDAYS, 'weekday'), informative: false },
  p: { pattern: '([AaPp]\\.?[Mm]\\.?)', set: (parts, text) => ((parts.pm = /^p/i.test(text)), true) },
  P: { pattern: '([AaPp]\\.?[Mm]\\.?)', set: (parts, text) => ((parts.pm = /^p/i.test(text)), true) },
  z: {
    pattern: '(Z|UTC|[-+]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?)',
    set: (parts, text) => {
      const match = /^([-+])(\d{2}):?(\d{2})?/.exec(text);
      parts.offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
      return true;
    },
  },
  Z: { pattern: '([A-Za-z]{1,5}|[-+]\\d{2}:?\\d{2})', set: () => true, informative: false },
};

const COMPOSITES: Readonly<Record<string, string>> = {
  F: '%Y-%m-%d',
  T: '%H:%M:%S',
  X: '%H:%M:%S',
  D: '%m/%d/%y',
  x: '%m/%d/%y',
  R: '%H:%M',
  r: '%I:%M:%S %p',
  c: '%a %b %e %H:%M:%S %Y',
  v: '%e-%b-%Y',
  '+': '%a %b %e %H:%M:%S %Z %Y',
};

const LITERALS: Readonly<Record<string, string>> = { n: '\n', t: '\t', '%': '%' };

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A format as literal texts and readers, composites expanded. */
type Token = string | Reader;

/** Most directives one format may hold: bounds the regular expression a field's format becomes. */
const MAX_READERS = 24;

/** Appends the format's tokens; false when it holds a directive strptime cannot read. */
function tokenize(format: string, tokens: Token[], depth: number): boolean {
  for (let i = 0; i < format.length; i++) {
    const ch = format[i];
    if (ch !== '%') {
      tokens.push(ch);
      continue;
    }
    // Flags, width and colons change how a value is written, not what it is.
    let j = i + 1;
    while (j < format.length && '-_0^#:'.includes(format[j])) j++;
    while (j < format.length && format[j] >= '0' && format[j] <= '9') j++;
    const code = format[j];
    i = j;
    if (code === undefined) return false;
    if (LITERALS[code] !== undefined) tokens.push(LITERALS[code]);
    else if (COMPOSITES[code] !== undefined) {
      if (depth > 1 || !tokenize(COMPOSITES[code], tokens, depth + 1)) return false;
    } else if (READERS[code] !== undefined) tokens.push(READERS[code]);
    else return false;
  }
  return true;
}

const isNumeric = (token: Token | undefined): boolean => typeof token === 'object' && token.numeric === true;

/**
 * The regular expression of the tokens. Numbers side by side take their fixed widths, so every
 * text has at most one way to match and matching stays linear (no backtracking blow-up on a
 * user's format); null when a number without a fixed width touches another number.
 */
function patternOf(tokens: readonly Token[]): string | null {
  let pattern = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token === 'string') {
      pattern += /\s/.test(token) ? '\\s*' : escapeRegex(token);
      continue;
    }
    const touching = token.numeric === true && (isNumeric(tokens[i - 1]) || isNumeric(tokens[i + 1]));
    if (!touching) pattern += token.pattern;
    else if (token.fixed !== undefined) pattern += token.fixed;
    else return null;
  }
  return pattern;
}

function toEpochMs(parts: Parts, referenceMs: number): number | null {
  if (parts.epochSeconds !== undefined) return parts.epochSeconds * 1000 + (parts.fractionMs ?? 0);
  const reference = civilFromDays(Math.floor(referenceMs / MS_PER_DAY));
  const hasDate =
    parts.year !== undefined ||
    parts.yearOfCentury !== undefined ||
    parts.month !== undefined ||
    parts.day !== undefined ||
    parts.dayOfYear !== undefined;
  let year = parts.year ?? reference.year;
  if (parts.year === undefined && parts.yearOfCentury !== undefined) {
    // Ruby's %y: 69-99 are 1969-1999, 00-68 are 2000-2068 (unless %C gives the century).
    year =
      parts.century !== undefined
        ? parts.century * 100 + parts.yearOfCentury
        : parts.yearOfCentury + (parts.yearOfCentury < 69 ? 2000 : 1900);
  }
  let days: number;
  if (!hasDate) days = Math.floor(referenceMs / MS_PER_DAY);
  else if (parts.dayOfYear !== undefined && parts.month === undefined)
    days = daysFromCivil(year, 1, 1) + parts.dayOfYear - 1;
  else {
    const month = parts.month ?? (parts.year !== undefined || parts.yearOfCentury !== undefined ? 1 : reference.month);
    const day = parts.day ?? 1;
    if (day > daysInMonth(year, month)) return null;
    days = daysFromCivil(year, month, day);
  }
  let hour = parts.hour ?? 0;
  if (parts.hour12 !== undefined) hour = (parts.hour12 % 12) + (parts.pm ? 12 : 0);
  const seconds = hour * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0) - (parts.offsetMinutes ?? 0) * 60;
  return days * MS_PER_DAY + seconds * 1000 + Math.round(parts.fractionMs ?? 0);
}

const compiled = new Map<string, StrptimeParser | null>();
const MAX_COMPILED = 256;

/** A parser for texts written in `format`, or null when the format cannot be read back. */
export function compileStrptime(format: string): StrptimeParser | null {
  if (compiled.has(format)) return compiled.get(format)!;
  const tokens: Token[] = [];
  const readers = tokenize(format, tokens, 0) ? tokens.filter((t): t is Reader => typeof t === 'object') : [];
  const informative = readers.some((r) => r.informative !== false);
  const pattern = informative && readers.length <= MAX_READERS ? patternOf(tokens) : null;
  const parser =
    pattern === null
      ? null
      : makeParser(
          new RegExp(`^\\s*${pattern}\\s*$`),
          readers.map((r) => r.set),
        );
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(format, parser);
  return parser;
}

function makeParser(regex: RegExp, setters: readonly Setter[]): StrptimeParser {
  return (text, referenceMs) => {
    const match = regex.exec(text);
    if (match === null) return null;
    const parts: Parts = {};
    for (let i = 0; i < setters.length; i++) if (!setters[i](parts, match[i + 1])) return null;
    return toEpochMs(parts, referenceMs);
  };
}
