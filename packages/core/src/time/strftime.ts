/**
 * A compiled strftime formatter (Ruby / C directives, always UTC).
 *
 * The format is parsed once into a flat list of operations; formatting a value is then one
 * day/time split, one civil-date computation when a date directive is present, and one loop of
 * table lookups: no `Date`, no regular expression and no number-to-string conversion for the
 * usual fields. Datetime fields format every generated value, so this is on the hot path.
 *
 * Time zone: generated datetimes carry no zone and are UTC, so %Z is "UTC" and %z "+0000".
 * Resolution is the millisecond: %N prints nanoseconds with the digits below ms as zeros.
 * Years: %Y is zero-padded to 4 digits (5 with the sign for negative years) and printed whole
 * beyond 9999, as Ruby does ("0987", "-0044", "12345").
 */
import { MS_PER_DAY, isLeapYear } from './civil.js';

/** Raised by compileStrftime for a format checkStrftime would reject. */
export class StrftimeError extends Error {
  constructor(
    message: string,
    /** 1-based position of the offending `%` in the format. */
    readonly position: number,
  ) {
    super(message);
    this.name = 'StrftimeError';
  }
}

export type StrftimeFormatter = (epochMs: number) => string;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_ABBREVIATIONS = MONTH_NAMES.map((name) => name.slice(0, 3));
/** Indexed by %w (0 = Sunday). */
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKDAY_ABBREVIATIONS = WEEKDAY_NAMES.map((name) => name.slice(0, 3));

// Operation codes. Numeric codes read one integer and look it up in the op's table.
const LITERAL = 0;
const YEAR = 1;
const CENTURY = 2;
const YEAR_OF_CENTURY = 3;
const MONTH = 4;
const DAY = 5;
const DAY_OF_YEAR = 6;
const HOUR = 7;
const HOUR12 = 8;
const MINUTE = 9;
const SECOND = 10;
const FRACTION = 11;
const WEEKDAY_FROM_MONDAY = 12;
const WEEKDAY = 13;
const WEEK_FROM_SUNDAY = 14;
const WEEK_FROM_MONDAY = 15;
const ISO_WEEK = 16;
const ISO_YEAR = 17;
const ISO_YEAR_OF_CENTURY = 18;
const EPOCH_SECONDS = 19;
const MONTH_NAME = 20;
const WEEKDAY_NAME = 21;
const MERIDIEM = 22;
const NESTED = 23;

const DATE_CODES = new Set([
  YEAR,
  CENTURY,
  YEAR_OF_CENTURY,
  MONTH,
  DAY,
  DAY_OF_YEAR,
  WEEK_FROM_SUNDAY,
  WEEK_FROM_MONDAY,
  ISO_WEEK,
  ISO_YEAR,
  ISO_YEAR_OF_CENTURY,
  MONTH_NAME,
]);
const TIME_CODES = new Set([HOUR, HOUR12, MINUTE, SECOND, FRACTION, MERIDIEM]);
const ISO_CODES = new Set([ISO_WEEK, ISO_YEAR, ISO_YEAR_OF_CENTURY]);

/** One step of a compiled format. Every op has the same shape so the render loop stays monomorphic. */
class Op {
  constructor(
    readonly code: number,
    /** LITERAL: the text. */
    readonly text: string,
    /** Numeric and name codes: the value's text by index (numbers beyond it use width/pad). */
    readonly table: readonly string[],
    readonly width: number,
    /** '0', ' ' or '' (no padding). */
    readonly pad: string,
    /** NESTED: a composite (%F, %c...) with its own width or case flags. */
    readonly nested: StrftimeFormatter | null,
    readonly upper: boolean,
    /** Numeric codes: the width for a negative value (a year's default width leaves room for the sign). */
    readonly negativeWidth: number = width,
    /** Literal text folded into this op (already inside `table`; needed for numbers beyond it). */
    readonly prefix: string = '',
    readonly suffix: string = '',
  ) {}
}

/** The op with literal text folded in front of and after every table entry. */
function withAffixes(op: Op, prefix: string, suffix: string): Op {
  const table = op.table.map((text) => prefix + text + suffix);
  return new Op(
    op.code,
    op.text,
    table,
    op.width,
    op.pad,
    op.nested,
    op.upper,
    op.negativeWidth,
    prefix + op.prefix,
    op.suffix + suffix,
  );
}

/**
 * Folds each literal into the table of the field next to it, so "%Y-%m-%d" renders as three
 * lookups and three concatenations rather than five: each concatenation allocates a string,
 * and they are most of the cost of formatting.
 */
function fuseLiterals(ops: readonly Op[]): Op[] {
  const fused: Op[] = [];
  let pending = '';
  for (const op of ops) {
    if (op.code === LITERAL) {
      pending += op.text;
    } else if (op.code === NESTED) {
      if (pending !== '') fused.push(literalOp(pending));
      fused.push(op);
      pending = '';
    } else {
      fused.push(pending === '' ? op : withAffixes(op, pending, ''));
      pending = '';
    }
  }
  if (pending !== '') {
    const last = fused.length > 0 ? fused[fused.length - 1] : null;
    if (last !== null && last.code !== NESTED) fused[fused.length - 1] = withAffixes(last, '', pending);
    else fused.push(literalOp(pending));
  }
  return fused;
}

function literalOp(text: string): Op {
  return new Op(LITERAL, text, [], 0, '', null, false);
}

function formatNumber(value: number, width: number, pad: string): string {
  const negative = value < 0;
  const digits = String(negative ? -value : value);
  const length = digits.length + (negative ? 1 : 0);
  if (pad === '' || length >= width) return negative ? '-' + digits : digits;
  const fill = pad.repeat(width - length);
  return pad === '0' ? (negative ? '-' : '') + fill + digits : fill + (negative ? '-' : '') + digits;
}

const numberTables = new Map<string, readonly string[]>();

/** The texts of 0..999 (0..9999 for 4-wide fields such as years) at one width and padding. */
function numberTable(width: number, pad: string): readonly string[] {
  const key = `${width}/${pad}`;
  let table = numberTables.get(key);
  if (table === undefined) {
    const size = width === 4 || pad === '' ? 10000 : 1000;
    const built: string[] = new Array(size);
    for (let value = 0; value < size; value++) built[value] = formatNumber(value, width, pad);
    table = built;
    numberTables.set(key, table);
  }
  return table;
}

const fractionTables = new Map<number, readonly string[]>();

/** The first `digits` digits of the fraction of a second, by millisecond. */
function fractionTable(digits: number): readonly string[] {
  let table = fractionTables.get(digits);
  if (table === undefined) {
    const built: string[] = new Array(1000);
    for (let millis = 0; millis < 1000; millis++) {
      const text = formatNumber(millis, 3, '0');
      built[millis] = digits <= 3 ? text.slice(0, digits) : text + '0'.repeat(digits - 3);
    }
    table = built;
    fractionTables.set(digits, table);
  }
  return table;
}

interface NumericDirective {
  kind: 'number';
  code: number;
  width: number;
  pad: string;
}
interface NamesDirective {
  kind: 'names';
  code: number;
  names: readonly string[];
  /** '#' flag: %p becomes lower case, everything else upper case (Ruby's "change case"). */
  swapToLower?: boolean;
}
interface FixedDirective {
  kind: 'fixed';
  text: string;
}
interface FractionDirective {
  kind: 'fraction';
  digits: number;
}
interface CompositeDirective {
  kind: 'composite';
  expansion: string;
}
interface ZoneDirective {
  kind: 'zone';
}
type Directive =
  NumericDirective | NamesDirective | FixedDirective | FractionDirective | CompositeDirective | ZoneDirective;

const num = (code: number, width: number, pad = '0'): NumericDirective => ({ kind: 'number', code, width, pad });

const DIRECTIVES: Readonly<Record<string, Directive>> = {
  Y: num(YEAR, 4),
  C: num(CENTURY, 2),
  y: num(YEAR_OF_CENTURY, 2),
  G: num(ISO_YEAR, 4),
  g: num(ISO_YEAR_OF_CENTURY, 2),
  m: num(MONTH, 2),
  d: num(DAY, 2),
  e: num(DAY, 2, ' '),
  j: num(DAY_OF_YEAR, 3),
  U: num(WEEK_FROM_SUNDAY, 2),
  W: num(WEEK_FROM_MONDAY, 2),
  V: num(ISO_WEEK, 2),
  u: num(WEEKDAY_FROM_MONDAY, 1),
  w: num(WEEKDAY, 1),
  H: num(HOUR, 2),
  k: num(HOUR, 2, ' '),
  I: num(HOUR12, 2),
  l: num(HOUR12, 2, ' '),
  M: num(MINUTE, 2),
  S: num(SECOND, 2),
  s: num(EPOCH_SECONDS, 1),
  L: { kind: 'fraction', digits: 3 },
  N: { kind: 'fraction', digits: 9 },
  B: { kind: 'names', code: MONTH_NAME, names: MONTH_NAMES },
  b: { kind: 'names', code: MONTH_NAME, names: MONTH_ABBREVIATIONS },
  h: { kind: 'names', code: MONTH_NAME, names: MONTH_ABBREVIATIONS },
  A: { kind: 'names', code: WEEKDAY_NAME, names: WEEKDAY_NAMES },
  a: { kind: 'names', code: WEEKDAY_NAME, names: WEEKDAY_ABBREVIATIONS },
  p: { kind: 'names', code: MERIDIEM, names: ['AM', 'PM'], swapToLower: true },
  P: { kind: 'names', code: MERIDIEM, names: ['am', 'pm'] },
  Z: { kind: 'fixed', text: 'UTC' },
  z: { kind: 'zone' },
  n: { kind: 'fixed', text: '\n' },
  t: { kind: 'fixed', text: '\t' },
  '%': { kind: 'fixed', text: '%' },
  F: { kind: 'composite', expansion: '%Y-%m-%d' },
  T: { kind: 'composite', expansion: '%H:%M:%S' },
  X: { kind: 'composite', expansion: '%H:%M:%S' },
  D: { kind: 'composite', expansion: '%m/%d/%y' },
  x: { kind: 'composite', expansion: '%m/%d/%y' },
  R: { kind: 'composite', expansion: '%H:%M' },
  r: { kind: 'composite', expansion: '%I:%M:%S %p' },
  c: { kind: 'composite', expansion: '%a %b %e %H:%M:%S %Y' },
  v: { kind: 'composite', expansion: '%e-%^b-%4Y' },
  '+': { kind: 'composite', expansion: '%a %b %e %H:%M:%S %Z %Y' },
};

/** `%z` with 0..3 colons: +hhmm, +hh:mm, +hh:mm:ss, +hh (always zero offset). */
const ZONE_OFFSETS = ['+0000', '+00:00', '+00:00:00', '+00'];

const SUPPORTED =
  '%Y %C %y %G %g %m %B %b %h %d %e %j %U %W %V %u %w %A %a %H %k %I %l %M %S %L %N %p %P ' +
  '%Z %z %:z %::z %s %F %T %D %R %r %c %x %X %v %+ %n %t %%, with flags - _ 0 ^ # and a width';

const FLAG_CHARS = '-_0^#';
/** Beyond this a width is a typo, and honouring it would only make enormous strings. */
const MAX_WIDTH = 64;

function padText(text: string, width: number, pad: string): string {
  return pad !== '' && text.length < width ? pad.repeat(width - text.length) + text : text;
}

interface DirectiveUse {
  directive: Directive;
  /** Index just past the directive. */
  end: number;
  /** From the flags: '' (-), ' ' (_), '0' (0), or null for the directive's own padding. */
  pad: string | null;
  upper: boolean;
  swapCase: boolean;
  /** 0 when none is written. */
  width: number;
  colons: number;
}

/** Reads the directive whose `%` is at `percent`; throws StrftimeError when it is not valid. */
function readDirective(format: string, percent: number): DirectiveUse {
  const position = percent + 1;
  let j = percent + 1;
  let pad: string | null = null;
  let upper = false;
  let swapCase = false;
  while (j < format.length && FLAG_CHARS.includes(format[j])) {
    const flag = format[j];
    if (flag === '-') pad = '';
    else if (flag === '_') pad = ' ';
    else if (flag === '0') pad = '0';
    else if (flag === '^') upper = true;
    else swapCase = true;
    j++;
  }
  const widthStart = j;
  while (j < format.length && format[j] >= '0' && format[j] <= '9') j++;
  const width = j > widthStart ? Number(format.slice(widthStart, j)) : 0;
  let colons = 0;
  while (j < format.length && format[j] === ':') {
    colons++;
    j++;
  }
  if (j >= format.length) {
    throw new StrftimeError(
      `incomplete strftime directive "${format.slice(percent)}" at position ${position} (end of the format); ` +
        'write %% for a literal percent sign',
      position,
    );
  }
  const letter = format[j];
  const written = format.slice(percent, j + 1);
  j++;
  const directive = Object.prototype.hasOwnProperty.call(DIRECTIVES, letter) ? DIRECTIVES[letter] : undefined;
  if (directive === undefined) {
    throw new StrftimeError(
      `unknown strftime directive "${written}" at position ${position}; supported: ${SUPPORTED}`,
      position,
    );
  }
  if (colons > 0 && (directive.kind !== 'zone' || colons > 3)) {
    throw new StrftimeError(
      `strftime directive "${written}" at position ${position}: colons are only allowed in %:z, %::z and %:::z`,
      position,
    );
  }
  if (width > MAX_WIDTH) {
    throw new StrftimeError(
      `strftime directive "${written}" at position ${position}: width ${width} is larger than ${MAX_WIDTH}`,
      position,
    );
  }
  return { directive, end: j, pad, upper, swapCase, width, colons };
}

function compileOps(format: string): Op[] {
  const ops: Op[] = [];
  let literal = '';
  const flushLiteral = (): void => {
    if (literal !== '') ops.push(literalOp(literal));
    literal = '';
  };
  let i = 0;
  while (i < format.length) {
    const percent = format.indexOf('%', i);
    if (percent < 0) {
      literal += format.slice(i);
      break;
    }
    literal += format.slice(i, percent);
    const { directive, end, pad, upper, swapCase, width, colons } = readDirective(format, percent);
    i = end;

    switch (directive.kind) {
      case 'number': {
        flushLiteral();
        const finalPad = pad ?? directive.pad;
        const finalWidth = width > 0 ? width : directive.width;
        // Ruby prints year -44 as "-0044": the default year width does not count the sign.
        const signed = width === 0 && (directive.code === YEAR || directive.code === ISO_YEAR);
        const table = numberTable(finalWidth, finalPad);
        ops.push(
          new Op(directive.code, '', table, finalWidth, finalPad, null, false, signed ? finalWidth + 1 : finalWidth),
        );
        break;
      }
      case 'fraction': {
        flushLiteral();
        // As in Ruby, the width of %L / %N is the number of fraction digits.
        const digits = width > 0 ? width : directive.digits;
        ops.push(new Op(FRACTION, '', fractionTable(digits), digits, '', null, false));
        break;
      }
      case 'names': {
        flushLiteral();
        const toLower = swapCase && directive.swapToLower === true;
        const toUpper = upper || (swapCase && !toLower);
        const finalPad = pad ?? ' ';
        const names = directive.names.map((name) =>
          padText(toLower ? name.toLowerCase() : toUpper ? name.toUpperCase() : name, width, finalPad),
        );
        ops.push(new Op(directive.code, '', names, width, finalPad, null, false));
        break;
      }
      case 'fixed':
      case 'zone': {
        const text = directive.kind === 'zone' ? ZONE_OFFSETS[colons] : directive.text;
        // Ruby's '#' lower-cases %Z ("utc"); the other fixed texts have no letters.
        const cased = swapCase ? text.toLowerCase() : upper ? text.toUpperCase() : text;
        literal += padText(cased, width, pad ?? ' ');
        break;
      }
      case 'composite': {
        if (width === 0 && pad === null && !upper && !swapCase) {
          // The common case: splice the expansion in, so %F costs what %Y-%m-%d costs.
          for (const op of compileOps(directive.expansion)) {
            if (op.code === LITERAL) literal += op.text;
            else {
              flushLiteral();
              ops.push(op);
            }
          }
        } else {
          flushLiteral();
          const nested = compileStrftime(directive.expansion);
          ops.push(new Op(NESTED, '', [], width, pad ?? ' ', nested, upper || swapCase));
        }
        break;
      }
    }
  }
  flushLiteral();
  return ops;
}

/**
 * Compiles a strftime format into a formatter of epoch milliseconds (UTC).
 * Throws StrftimeError for a format that `checkStrftime` reports.
 */
/**
 * Compiled formatters by format text. A formatter is a pure function of its format, and a
 * server compiles the same few formats for every request, so they are compiled once.
 */
const compiledFormats = new Map<string, StrftimeFormatter>();
const MAX_COMPILED_FORMATS = 256;

export function compileStrftime(format: string): StrftimeFormatter {
  let formatter = compiledFormats.get(format);
  if (formatter === undefined) {
    formatter = compileUncached(format);
    if (compiledFormats.size >= MAX_COMPILED_FORMATS)
      compiledFormats.delete(compiledFormats.keys().next().value as string);
    compiledFormats.set(format, formatter);
  }
  return formatter;
}

function compileUncached(format: string): StrftimeFormatter {
  const ops = fuseLiterals(compileOps(format));
  if (ops.length === 0) return () => '';
  if (ops.length === 1 && ops[0].code === LITERAL) {
    const text = ops[0].text;
    return () => text;
  }
  const needsDate = ops.some((op) => DATE_CODES.has(op.code));
  const needsTime = ops.some((op) => TIME_CODES.has(op.code));
  const needsIso = ops.some((op) => ISO_CODES.has(op.code));
  return (epochMs: number) => render(ops, needsDate, needsTime, needsIso, epochMs);
}

type Reads = 'date' | 'time' | 'both' | 'nothing';

/** Which part of the instant a directive prints. */
function reads(directive: Directive): Reads {
  switch (directive.kind) {
    case 'fixed':
    case 'zone':
      return 'nothing';
    case 'fraction':
      return 'time';
    case 'composite': {
      const parts = new Set(directiveReads(directive.expansion).map((span) => span.reads));
      return parts.has('both') || (parts.has('date') && parts.has('time'))
        ? 'both'
        : parts.has('time')
          ? 'time'
          : 'date';
    }
    default:
      if (directive.code === EPOCH_SECONDS) return 'both';
      return TIME_CODES.has(directive.code) ? 'time' : 'date';
  }
}

function directiveReads(format: string): { start: number; reads: Reads }[] {
  const spans: { start: number; reads: Reads }[] = [];
  for (let percent = format.indexOf('%'); percent >= 0;) {
    const use = readDirective(format, percent);
    spans.push({ start: percent, reads: reads(use.directive) });
    percent = format.indexOf('%', use.end);
  }
  return spans;
}

/**
 * Splits a valid format into a part that prints only from the date and a part that prints only
 * from the time of day, so that `date + time` formats like the whole (as for "%FT%T%:z":
 * "%FT" and "%T%:z"); null when their directives interleave (%c, %s, "%H %F"). It lets a
 * datetime generator cache both halves (one per day, one per second of the day) and join them.
 */
export function splitDateAndTime(format: string): { date: string; time: string } | null {
  const spans = directiveReads(format);
  if (spans.some((span) => span.reads === 'both')) return null;
  const firstTime = spans.findIndex((span) => span.reads === 'time');
  if (firstTime < 0) return { date: format, time: '' };
  if (spans.slice(firstTime).some((span) => span.reads === 'date')) return null;
  // Text before the first time directive stays with the date part (all of it goes to the time part when there is no date).
  const hasDate = spans.slice(0, firstTime).some((span) => span.reads === 'date');
  const at = hasDate ? spans[firstTime].start : 0;
  return { date: format.slice(0, at), time: format.slice(at) };
}

/**
 * Whether a valid format prints anything that depends on the time of day (%H, %M, %S, %p, %L,
 * %T, %c, %s...): a Date field with such a format draws a time of day as well.
 */
export function readsTimeOfDay(format: string): boolean {
  return directiveReads(format).some((span) => span.reads === 'time' || span.reads === 'both');
}

/** null when the format is valid, else a message naming the bad directive and its position. */
export function checkStrftime(format: string): string | null {
  try {
    compileOps(format);
    return null;
  } catch (error) {
    if (error instanceof StrftimeError) return error.message;
    throw error;
  }
}

function render(
  ops: readonly Op[],
  needsDate: boolean,
  needsTime: boolean,
  needsIso: boolean,
  epochMs: number,
): string {
  const days = Math.floor(epochMs / MS_PER_DAY);
  let hour = 0;
  let minute = 0;
  let second = 0;
  let millis = 0;
  if (needsTime) {
    const msOfDay = Math.floor(epochMs - days * MS_PER_DAY);
    const secondOfDay = (msOfDay / 1000) | 0;
    millis = msOfDay - secondOfDay * 1000;
    hour = (secondOfDay / 3600) | 0;
    const rest = secondOfDay - hour * 3600;
    minute = (rest / 60) | 0;
    second = rest - minute * 60;
  }
  // 1970-01-01 was a Thursday (4); `% 7` keeps the sign, so shift into range.
  const weekday = ((days % 7) + 11) % 7;
  let year = 0;
  let month = 0;
  let day = 0;
  let dayOfYear0 = 0;
  let isoYear = 0;
  let isoWeek = 0;
  if (needsDate) {
    // civil_from_days, inlined (see civil.ts): the year counted from March 1.
    const z = days + 719468;
    const era = Math.floor(z / 146097);
    const doe = z - era * 146097;
    const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36524) | 0) - ((doe / 146096) | 0)) / 365) | 0;
    const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0));
    const mp = ((5 * doy + 2) / 153) | 0;
    day = doy - (((153 * mp + 2) / 5) | 0) + 1;
    month = mp < 10 ? mp + 3 : mp - 9;
    year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    // Mar 1 is doy 0 and Jan 1 is doy 306; Jan and Feb end the March-based year.
    dayOfYear0 = month <= 2 ? doy - 306 : doy + (isLeapYear(year) ? 60 : 59);
    if (needsIso) {
      // The ISO week belongs to the year holding its Thursday.
      const mondayBased = (weekday + 6) % 7;
      const thursday0 = dayOfYear0 - mondayBased + 3;
      if (thursday0 < 0) {
        isoYear = year - 1;
        isoWeek = (((thursday0 + (isLeapYear(isoYear) ? 366 : 365)) / 7) | 0) + 1;
      } else if (thursday0 >= (isLeapYear(year) ? 366 : 365)) {
        isoYear = year + 1;
        isoWeek = 1;
      } else {
        isoYear = year;
        isoWeek = ((thursday0 / 7) | 0) + 1;
      }
    }
  }

  let out = '';
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    let value: number;
    switch (op.code) {
      case LITERAL:
        out += op.text;
        continue;
      case MONTH_NAME:
        out += op.table[month - 1];
        continue;
      case WEEKDAY_NAME:
        out += op.table[weekday];
        continue;
      case MERIDIEM:
        out += op.table[hour < 12 ? 0 : 1];
        continue;
      case FRACTION:
        out += op.table[millis];
        continue;
      case NESTED: {
        let text = op.nested!(epochMs);
        if (op.upper) text = text.toUpperCase();
        out += padText(text, op.width, op.pad);
        continue;
      }
      case YEAR:
        value = year;
        break;
      case CENTURY:
        value = Math.floor(year / 100);
        break;
      case YEAR_OF_CENTURY:
        value = ((year % 100) + 100) % 100;
        break;
      case MONTH:
        value = month;
        break;
      case DAY:
        value = day;
        break;
      case DAY_OF_YEAR:
        value = dayOfYear0 + 1;
        break;
      case HOUR:
        value = hour;
        break;
      case HOUR12:
        value = hour % 12 === 0 ? 12 : hour % 12;
        break;
      case MINUTE:
        value = minute;
        break;
      case SECOND:
        value = second;
        break;
      case WEEKDAY_FROM_MONDAY:
        value = weekday === 0 ? 7 : weekday;
        break;
      case WEEKDAY:
        value = weekday;
        break;
      case WEEK_FROM_SUNDAY:
        value = ((dayOfYear0 + 7 - weekday) / 7) | 0;
        break;
      case WEEK_FROM_MONDAY:
        value = ((dayOfYear0 + 7 - ((weekday + 6) % 7)) / 7) | 0;
        break;
      case ISO_WEEK:
        value = isoWeek;
        break;
      case ISO_YEAR:
        value = isoYear;
        break;
      case ISO_YEAR_OF_CENTURY:
        value = ((isoYear % 100) + 100) % 100;
        break;
      default: // EPOCH_SECONDS
        value = Math.floor(epochMs / 1000);
        break;
    }
    const table = op.table;
    out +=
      value >= 0 && value < table.length
        ? table[value]
        : op.prefix + formatNumber(value, value < 0 ? op.negativeWidth : op.width, op.pad) + op.suffix;
  }
  return out;
}

/**
 * Every character a format can print (a superset: the format's own characters, digits, signs,
 * padding, and the letters of month, weekday, AM/PM and zone names). Lets writers skip
 * escaping checks for date columns (CreateContext.declareCharacters).
 */
const NAME_CHARACTERS = [...MONTH_NAMES, ...WEEKDAY_NAMES, 'AM', 'PM', 'am', 'pm', 'UTC'].join('');

const charactersByFormat = new Map<string, string>();

export function strftimeCharacters(format: string): string {
  let characters = charactersByFormat.get(format);
  if (characters === undefined) {
    const whitespace = format.includes('%n') || format.includes('%t') ? '\n\t' : '';
    characters = [...new Set(format + NAME_CHARACTERS + '0123456789 +-:.' + whitespace)].join('');
    if (charactersByFormat.size >= MAX_COMPILED_FORMATS)
      charactersByFormat.delete(charactersByFormat.keys().next().value as string);
    charactersByFormat.set(format, characters);
  }
  return characters;
}
