/**
 * The functions of the formula language, one table: the checker validates calls against it and
 * docs/formulas.md is rendered from it (a test fails when they drift).
 */
import { createHash, createHmac } from 'node:crypto';
import type { CounterRandom } from '../random/counter-random.js';
import { compileStrftime } from '../time/strftime.js';
import { naughtyStrings } from '../data/naughty-strings.js';
import { JsonFragment, Verbatim } from '../kernel/values.js';
import { MAX_TEXT } from './limits.js';
import { BCRYPT_MAX_COST, BCRYPT_MIN_COST, bcryptHash } from './bcrypt-hash.js';
import { FormulaDate, FormulaDuration, toDate, toInteger, toNumber, toText } from './runtime.js';

/** What a call can reach besides its arguments. */
export interface CallEnvironment {
  random: CounterRandom;
  /** The same for every row of one generation (and on every worker thread). */
  startedAt: FormulaDate;
  generationUuid: string;
}

export interface FunctionSpec {
  name: string;
  minArgs: number;
  maxArgs: number;
  signature: string;
  description: string;
  example: string;
  call(args: unknown[], environment: CallEnvironment): unknown;
  /**
   * The same function with its (at most two) arguments one by one, for the functions formulas
   * call most: a call site then fills no array (call-arguments.ts). `call` is made from it (byArguments).
   */
  direct?: (a?: unknown, b?: unknown) => unknown;
}

/** `call` and `direct` of a function that needs no environment, from its direct form. */
function byArguments(direct: (a?: unknown, b?: unknown) => unknown): Pick<FunctionSpec, 'call' | 'direct'> {
  return { direct, call: (args) => direct(args[0], args[1]) };
}

const DAY_MS = 86_400_000;

function twoDigit(n: number, asText: unknown): number | string {
  return asText === true ? (n < 10 ? '0' : '') + n : n;
}

function duration(months: number, ms: number) {
  return (args: unknown[]) => {
    const n = toNumber(args[0]);
    return new FormulaDuration(months * n, ms * n);
  };
}

const DIGEST_ALGORITHMS: Record<string, string> = {
  MD5: 'md5',
  SHA1: 'sha1',
  SHA256: 'sha256',
  SHA384: 'sha384',
  SHA512: 'sha512',
  RMD160: 'ripemd160',
};

/** The id in the object-id JSON form; Mockaroo calls it mongo_object_id (both names work). */
const DOCUMENT_DB_OBJECT_ID: FunctionSpec = {
  name: 'document_db_object_id',
  minArgs: 0,
  maxArgs: 1,
  signature: 'document_db_object_id(id)',
  description:
    'The id in the document database\'s object-id JSON form, {"$oid": "..."}: a JSON object in JSON output, that text in other formats. Without an id, a new 24-hex-digit object id (its time part is the generation\'s start).',
  example: 'document_db_object_id(id)',
  call: ([id], { random, startedAt }) => {
    const oid = id === undefined || id === null ? newObjectId(startedAt, random) : toText(id);
    return new JsonFragment(JSON.stringify({ $oid: oid }));
  },
};

export const FUNCTIONS: readonly FunctionSpec[] = [
  {
    name: 'base64',
    minArgs: 1,
    maxArgs: 1,
    signature: 'base64(text)',
    description: 'Encodes as base64.',
    example: 'base64(\'hi\') → "aGk="',
    call: ([s]) => Buffer.from(toText(s), 'utf8').toString('base64'),
  },
  {
    name: 'hex',
    minArgs: 1,
    maxArgs: 1,
    signature: 'hex(text)',
    description: 'Encodes as hexadecimal.',
    example: 'hex(\'hi\') → "6869"',
    call: ([s]) => Buffer.from(toText(s), 'utf8').toString('hex'),
  },
  {
    name: 'code',
    minArgs: 1,
    maxArgs: 1,
    signature: 'code(text)',
    description:
      'Writes the text without quotes in every format (SQL, CSV, JSON): for injecting code such as CURRENT_TIMESTAMP.',
    example: "code('CURRENT_TIMESTAMP')",
    call: ([s]) => new Verbatim(toText(s), true),
  },
  {
    name: 'concat',
    minArgs: 1,
    maxArgs: 100,
    signature: 'concat(a, b, ...)',
    description: 'Joins all arguments as text (nil is empty).',
    example: 'concat(upper(last_name), \'-\', id) → "SMITH-7"',
    call: (args) => {
      let text = '';
      for (let i = 0; i < args.length; i++) text += toText(args[i]);
      return text;
    },
  },
  {
    name: 'lower',
    minArgs: 1,
    maxArgs: 1,
    signature: 'lower(text)',
    description: 'Lowercase.',
    example: 'lower(\'AbC\') → "abc"',
    ...byArguments((s) => (s === null ? null : toText(s).toLowerCase())),
  },
  {
    name: 'upper',
    minArgs: 1,
    maxArgs: 1,
    signature: 'upper(text)',
    description: 'Uppercase.',
    example: 'upper(\'AbC\') → "ABC"',
    ...byArguments((s) => (s === null ? null : toText(s).toUpperCase())),
  },
  {
    name: 'pad',
    minArgs: 2,
    maxArgs: 4,
    signature: 'pad(value, length, fill, side)',
    description: "Pads to a fixed length with fill (default ' '); side is left (default), right or center.",
    example: "pad(7, 3, '0', 'left') → \"007\"",
    call: ([value, length, fill, side]) => {
      const text = toText(value);
      const target = Math.min(MAX_TEXT, toInteger(length));
      const filler = fill === undefined || fill === null || toText(fill) === '' ? ' ' : toText(fill);
      if (side === 'right') return text.padEnd(target, filler);
      if (side === 'center') {
        const total = Math.max(0, target - text.length);
        return ''.padEnd(Math.floor(total / 2), filler) + text + ''.padEnd(Math.ceil(total / 2), filler);
      }
      return text.padStart(target, filler);
    },
  },
  {
    name: 'format',
    minArgs: 2,
    maxArgs: 2,
    signature: 'format(number, decimals)',
    description: 'The number as text with exactly that many decimals.',
    example: 'format(2.5, 2) → "2.50"',
    call: ([n, d]) => (n === null ? null : toNumber(n).toFixed(Math.max(0, Math.min(20, toInteger(d))))),
  },
  {
    name: 'round',
    minArgs: 1,
    maxArgs: 2,
    signature: 'round(number, places)',
    description: 'Rounds to places decimals (default 0), halves away from zero.',
    example: 'round(2.345, 2) → 2.35',
    ...byArguments((n, places) => {
      if (n === null) return null;
      const p = Math.max(0, Math.min(15, places === undefined ? 0 : toInteger(places)));
      const factor = 10 ** p;
      const x = toNumber(n);
      return (Math.sign(x) * Math.round(Math.abs(x) * factor + Number.EPSILON)) / factor;
    }),
  },
  {
    name: 'random',
    minArgs: 2,
    maxArgs: 2,
    signature: 'random(min, max)',
    description:
      'A random value between min and max inclusive: integers when both are integers, decimals otherwise, a moment when both are dates.',
    example: 'random(1, 6) → 4',
    call: ([min, max], { random }) => {
      if (min instanceof FormulaDate && max instanceof FormulaDate) {
        const [a, b] = min.epochMs <= max.epochMs ? [min.epochMs, max.epochMs] : [max.epochMs, min.epochMs];
        return new FormulaDate(random.intBetween(Math.ceil(a / 1000), Math.floor(b / 1000)) * 1000, min.numberUnit);
      }
      const a = toNumber(min);
      const b = toNumber(max);
      const [low, high] = a <= b ? [a, b] : [b, a];
      if (Number.isInteger(low) && Number.isInteger(high)) return random.intBetween(low, high);
      return low + random.double() * (high - low);
    },
  },
  {
    name: 'rand',
    minArgs: 0,
    maxArgs: 1,
    signature: 'rand(n)',
    description:
      "Ruby's rand: a whole number from 0 to n - 1, or with no n (or 0) a decimal from 0 up to 1; rand(a..b) is a whole number from a to b.",
    example: 'rand(10) → 7',
    call: ([n], { random }) => {
      const limit = n === undefined ? 0 : Math.floor(Math.abs(toNumber(n)));
      return limit >= 1 ? random.below(limit) : random.double();
    },
  },
  {
    name: 'now',
    minArgs: 0,
    maxArgs: 0,
    signature: 'now()',
    description:
      'The moment this generation started, the same for every row: with a seed and no `now` option, the fixed reference 2025-01-01T00:00:00Z, so reruns give the same bytes. Like a Ruby Time, adding a number adds seconds.',
    example: 'now() - days(1)',
    call: (_args, { startedAt }) => startedAt,
  },
  {
    name: 'data_generation_started_at',
    minArgs: 0,
    maxArgs: 0,
    signature: 'data_generation_started_at',
    description: 'The moment this generation started, the same for every row.',
    example: 'data_generation_started_at',
    call: (_args, { startedAt }) => startedAt,
  },
  {
    name: 'data_generation_uuid',
    minArgs: 0,
    maxArgs: 0,
    signature: 'data_generation_uuid',
    description: 'A UUID identifying this generation, the same for every row (derived from the seed).',
    example: 'data_generation_uuid',
    call: (_args, { generationUuid }) => generationUuid,
  },
  {
    name: 'date',
    minArgs: 1,
    maxArgs: 2,
    signature: 'date(text, format)',
    description: 'Parses a date: mm/dd/yyyy by default (also ISO yyyy-mm-dd); nil when it is not a date.',
    example: "date('7/4/2015')",
    call: ([text]) => {
      const parsed = toDate(text);
      // A Ruby Date: adding a number adds days.
      return parsed === null ? null : new FormulaDate(parsed.epochMs, 'days');
    },
  },
  {
    name: 'date_diff',
    minArgs: 3,
    maxArgs: 3,
    signature: 'date_diff(unit, from, to)',
    description: 'to minus from in days, hours, minutes or seconds (whole units, truncated).',
    example: "date_diff('days', date('1/1/2020'), date('3/1/2020')) → 60",
    call: ([unit, from, to]) => {
      const a = toDate(from);
      const b = toDate(to);
      if (!a || !b) return null;
      const divisor = ({ days: DAY_MS, hours: 3_600_000, minutes: 60_000, seconds: 1000 } as Record<string, number>)[
        toText(unit)
      ];
      return divisor === undefined ? null : Math.trunc((b.epochMs - a.epochMs) / divisor);
    },
  },
  {
    name: 'epoch',
    minArgs: 1,
    maxArgs: 1,
    signature: 'epoch(date)',
    description: 'Seconds since 1970-01-01 UTC.',
    example: "epoch(date('1/2/1970')) → 86400",
    call: ([d]) => {
      const date = toDate(d);
      return date ? Math.floor(date.epochMs / 1000) : null;
    },
  },
  {
    name: 'time',
    minArgs: 1,
    maxArgs: 1,
    signature: 'time(date)',
    description: 'The time of day as HH:MM:SS.',
    example: 'time(now())',
    call: ([d]) => {
      const date = toDate(d);
      return date ? compileStrftime('%T')(date.epochMs) : null;
    },
  },
  {
    name: 'year',
    minArgs: 1,
    maxArgs: 1,
    signature: 'year(date)',
    description: 'The year as a number.',
    example: "year(date('7/4/2015')) → 2015",
    call: ([d]) => {
      const date = toDate(d);
      return date ? new Date(date.epochMs).getUTCFullYear() : null;
    },
  },
  {
    name: 'month',
    minArgs: 1,
    maxArgs: 2,
    signature: 'month(date, two_digits)',
    description: 'The month as a number; with true, as 2-digit text.',
    example: 'month(date(\'7/4/2015\'), true) → "07"',
    call: ([d, text]) => {
      const date = toDate(d);
      return date ? twoDigit(new Date(date.epochMs).getUTCMonth() + 1, text) : null;
    },
  },
  {
    name: 'day',
    minArgs: 1,
    maxArgs: 2,
    signature: 'day(date, two_digits)',
    description: 'The day of the month; with true, as 2-digit text.',
    example: "day(date('7/4/2015')) → 4",
    call: ([d, text]) => {
      const date = toDate(d);
      return date ? twoDigit(new Date(date.epochMs).getUTCDate(), text) : null;
    },
  },
  {
    name: 'years',
    minArgs: 1,
    maxArgs: 1,
    signature: 'years(n)',
    description: 'A duration to add to or subtract from a date.',
    example: 'now() - years(2)',
    call: duration(12, 0),
  },
  {
    name: 'months',
    minArgs: 1,
    maxArgs: 1,
    signature: 'months(n)',
    description: 'A duration of n months (the day is kept within the month).',
    example: 'now() + months(1)',
    call: duration(1, 0),
  },
  {
    name: 'days',
    minArgs: 1,
    maxArgs: 1,
    signature: 'days(n)',
    description: 'A duration of n days.',
    example: 'now() + days(-9125)',
    call: duration(0, DAY_MS),
  },
  {
    name: 'hours',
    minArgs: 1,
    maxArgs: 1,
    signature: 'hours(n)',
    description: 'A duration of n hours.',
    example: 'now() - hours(3)',
    call: duration(0, 3_600_000),
  },
  {
    name: 'minutes',
    minArgs: 1,
    maxArgs: 1,
    signature: 'minutes(n)',
    description: 'A duration of n minutes.',
    example: 'now() - minutes(30)',
    call: duration(0, 60_000),
  },
  {
    name: 'seconds',
    minArgs: 1,
    maxArgs: 1,
    signature: 'seconds(n)',
    description: 'A duration of n seconds.',
    example: 'now() - seconds(random(0, 59))',
    call: duration(0, 1000),
  },
  {
    name: 'digest',
    minArgs: 1,
    maxArgs: 4,
    signature: 'digest(text, algorithm, encoding[, hmac_key])',
    description:
      'A hash of the text: MD5, SHA1, SHA256 (default), SHA384, SHA512 or RMD160 (or HMAC with a key, SHA256); hex (default) or base64.',
    example: "digest('abc', 'MD5', 'hex') → \"900150983cd24fb0d6963f7d28e17f72\"",
    call: ([text, algorithm, encoding, key]) => {
      const name = toText(algorithm ?? 'SHA256').toUpperCase();
      const output = toText(encoding ?? 'hex').toLowerCase() === 'base64' ? 'base64' : 'hex';
      if (name === 'HMAC') return createHmac('sha256', toText(key)).update(toText(text)).digest(output);
      const algo = DIGEST_ALGORITHMS[name];
      if (!algo) return null;
      try {
        return createHash(algo).update(toText(text)).digest(output);
      } catch {
        return null; // an algorithm this Node build lacks (RMD160 without legacy OpenSSL)
      }
    },
  },
  DOCUMENT_DB_OBJECT_ID,
  // Mockaroo documents the same function under this name.
  {
    ...DOCUMENT_DB_OBJECT_ID,
    name: 'mongo_object_id',
    signature: 'mongo_object_id(id)',
    description: `Mockaroo's name for document_db_object_id: ${DOCUMENT_DB_OBJECT_ID.description}`,
    example: 'mongo_object_id(id)',
  },
  {
    name: 'bcrypt',
    minArgs: 1,
    maxArgs: 2,
    signature: 'bcrypt(text, cost)',
    description: `A real bcrypt hash of the text (\`$2a$04$...\`) that any bcrypt library verifies; the salt follows the seed. cost is ${BCRYPT_MIN_COST} (the default, about 1 ms a value) to ${BCRYPT_MAX_COST}; others are clamped to that range. nil gives nil.`,
    example: 'bcrypt(password)',
    call: ([text, cost], { random }) => {
      if (text === null || text === undefined) return null;
      const rounds =
        cost === undefined || cost === null
          ? BCRYPT_MIN_COST
          : Math.max(BCRYPT_MIN_COST, Math.min(BCRYPT_MAX_COST, toInteger(cost)));
      return bcryptHash(toText(text), rounds, random);
    },
  },
  {
    name: 'naughty',
    minArgs: 1,
    maxArgs: 2,
    signature: 'naughty(value, percent)',
    description:
      'A string from the Big List of Naughty Strings (injection, odd Unicode, reserved words) percent of the time (default 10), otherwise the value: for testing input handling.',
    example: 'naughty(comment, 20)',
    call: ([value, percent], { random }) => {
      const chance = percent === undefined || percent === null ? 10 : toNumber(percent);
      if (random.next() * 100 >= chance) return value;
      const strings = naughtyStrings();
      return strings[random.below(strings.length)];
    },
  },
];

/** A document-database object id: 4 bytes of seconds, then 8 random bytes, as 24 hex digits. */
function newObjectId(startedAt: FormulaDate, random: CounterRandom): string {
  const seconds = Math.max(0, Math.floor(startedAt.epochMs / 1000)) >>> 0;
  return (
    seconds.toString(16).padStart(8, '0') +
    random.uint32().toString(16).padStart(8, '0') +
    random.uint32().toString(16).padStart(8, '0')
  );
}

/**
 * Calls the checker compiles itself, because their arguments must be known when the formula
 * compiles (a field, a dataset and its columns, a type and its parameters). Listed for the docs.
 */
export const SPECIAL_FORMS: readonly { signature: string; description: string; example: string }[] = [
  {
    signature: "field('Name')",
    description: 'The value of the named field: for names with capitals, spaces or dots.',
    example: "field('First Name')",
  },
  {
    signature: "from_dataset('dataset', 'column', key: value, ...)",
    description:
      'The column of the first row of an uploaded dataset whose key columns equal the values (compared as text); nil when no row matches. The index is built once per request, so a join costs one lookup per row.',
    example: "from_dataset('stores', 'city', id: store_id)",
  },
  {
    signature: "generate('Type Name', param: value, ...)",
    description:
      "A value of any registered type, with its parameters as literal keyword arguments. Types of a family (person, place...) read the row's record, so they agree with the row.",
    example: "generate('Number', min: 1, max: 10, decimals: 0)",
  },
  {
    signature: '/pattern/.gen',
    description:
      'A text matching the pattern, with the classes of the Regular Expression type (\\d, \\w, [:name:], {{field}}...).',
    example: '/[A-Z]{3}-\\d{4}/.gen',
  },
  {
    signature: 'row_number()',
    description:
      "The row's number, from 1 (the top-level row's inside a JSON Array): a suffix that keeps values apart, as an import does for a UNIQUE column.",
    example: "this.sub('@', row_number().to_s + '@')",
  },
  {
    signature: "children('table', 'column')",
    description:
      "In a project's table: the list of that column's values in the rows of another table that belong to this row (its reference with children points here), so aggregates agree with their rows: an order's total is the sum of its lines.",
    example: "children('order_lines', 'amount').sum",
  },
];

export const FUNCTIONS_BY_NAME: ReadonlyMap<string, FunctionSpec> = new Map(FUNCTIONS.map((f) => [f.name, f]));
