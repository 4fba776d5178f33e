/**
 * Date, Datetime and Time: uniform picks in a [min, max] range, printed with a strftime format.
 *
 * Everything is UTC. A Date field picks a day; when its format prints a time of day (%T, %H...)
 * it picks a second of that day as well, as the established product does ("2002-06-19 03:38:00"),
 * with a second draw, so a format without one gives what it always has. The formatted text of
 * each day is computed the first time it is drawn and reused, so a typical Date field costs one
 * table read per row. Time caches by second of the day likewise,
 * and Datetime joins a cached date half and a cached time half when its format allows (dates
 * first, then times, as in the default); otherwise it formats every value with the compiled
 * formatter, which uses integer arithmetic rather than `Date` objects.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { MS_PER_DAY, SECONDS_PER_DAY } from '../time/civil.js';
import { parseDateTime, parseTimeOfDay, type ParsedDateTime, type TimePrecision } from '../time/parse.js';
import {
  checkStrftime,
  compileStrftime,
  readsTimeOfDay,
  splitDateAndTime,
  strftimeCharacters,
  type StrftimeFormatter,
} from '../time/strftime.js';
import { sharedTextTable } from '../time/text-tables.js';
import { withBytes } from '../bytes/byte-forms.js';
import { sharedEncodedTable, type LazyEncodedTable } from '../bytes/lazy-encoded-table.js';
import {
  defineType,
  isShortText,
  type ParamSpec,
  type ResolvedParams,
  type TypeDefinition,
  type ValueGenerator,
} from '../kernel/define-type.js';

const CATEGORY = 'Dates & Times';
export const DEFAULT_FORMAT = '%FT%T%:z';
/** Fixed rather than relative to today, so a schema without min/max gives the same rows every year. */
const DEFAULT_MIN_DATE = '01/01/2000';
const DEFAULT_MAX_DATE = '12/31/2029';
/** Above this many distinct days (about 550 years) the per-day text cache is not worth its memory. */
const MAX_CACHED_DAYS = 200_000;

export const FORMAT_HELP =
  'strftime format (UTC): %Y year, %m month, %d day, %H hour, %M minute, %S second, %b/%B month name, ' +
  '%a/%A weekday, %I/%p 12-hour clock, %j day of year, %L milliseconds, %s epoch seconds, %F = %Y-%m-%d, ' +
  '%T = %H:%M:%S, %:z = +00:00; flags: %-d (no padding), %_d (space), %^b (upper case)';

const DATE_FORM = 'use mm/dd/yyyy such as 12/31/2020 (or ISO yyyy-mm-dd)';
const DATETIME_FORM =
  'use mm/dd/yyyy with an optional time, such as 12/31/2020 or 12/31/2020 11:30 PM (or ISO 2020-12-31T23:30:00Z)';
const TIME_FORM = 'use HH:MM AM/PM such as 11:59 PM, or 24-hour HH:MM[:SS] such as 23:59';

function dateParams(kind: 'Date' | 'Datetime'): ParamSpec[] {
  const withTime =
    kind === 'Datetime'
      ? ' An optional time may follow (12/31/2005 11:30 PM, 23:30 or 23:30:15); without one, min is the start of ' +
        'its day and max the end of its day (23:59:59). A max written to the minute includes that whole minute.'
      : ' Only the day counts; a time of day is ignored. When a format other than the default prints a time of day (%T, %H...), each value ' +
        'gets a random time of its day, from 00:00:00 of the min day to 23:59:59 of the max day; the default (ISO 8601) stays at midnight.';
  return [
    {
      name: 'min',
      kind: 'string',
      form: kind === 'Date' ? 'date' : 'datetime',
      default: DEFAULT_MIN_DATE,
      description:
        `Earliest ${kind === 'Date' ? 'date' : 'date and time'}, mm/dd/yyyy (ISO yyyy-mm-dd also accepted), UTC. ` +
        `Default ${DEFAULT_MIN_DATE}: fixed, so output does not drift with the current date.${withTime}`,
    },
    {
      name: 'max',
      kind: 'string',
      form: kind === 'Date' ? 'date' : 'datetime',
      default: DEFAULT_MAX_DATE,
      description:
        `Latest ${kind === 'Date' ? 'date' : 'date and time'} (inclusive), same forms as min. ` +
        `Default ${DEFAULT_MAX_DATE}: fixed, so output does not drift with the current date.${withTime}`,
    },
    {
      name: 'format',
      kind: 'string',
      default: DEFAULT_FORMAT,
      description: `Output format, default ${DEFAULT_FORMAT} (ISO 8601, e.g. 2007-01-21T09:51:51+00:00). ${FORMAT_HELP}.`,
    },
  ];
}

/** How far past its written value a max reaches, so "max 12/31/2005" includes all of that day. */
const MAX_EXTENT_SECONDS: Readonly<Record<TimePrecision, number>> = {
  day: SECONDS_PER_DAY - 1,
  minute: 59,
  second: 0,
  millisecond: 0,
};

type Problem = (param: string | null, message: string) => void;

/** A string parameter, or null when the schema compiler has already reported it as not text. */
function textParam(params: ResolvedParams, name: string): string | null {
  const value = params[name];
  return typeof value === 'string' ? value : null;
}

interface DateRange {
  min: ParsedDateTime;
  max: ParsedDateTime;
}

/** Parses min and max, reporting each one that is not a valid date (what: "date" or "date and time"). */
function parseRange(params: ResolvedParams, what: string, form: string, problem: Problem): DateRange | null {
  const minText = textParam(params, 'min');
  const maxText = textParam(params, 'max');
  const min = minText === null ? null : parseDateTime(minText);
  const max = maxText === null ? null : parseDateTime(maxText);
  if (minText !== null && min === null) problem('min', `min "${minText}" is not a valid ${what}; ${form}`);
  if (maxText !== null && max === null) problem('max', `max "${maxText}" is not a valid ${what}; ${form}`);
  return min === null || max === null ? null : { min, max };
}

function orderProblem(params: ResolvedParams): string {
  return `max (${String(params.max)}) must not be earlier than min (${String(params.min)})`;
}

/** First and last day number of a Date field. */
function dayBounds(range: DateRange): { first: number; last: number } {
  return { first: Math.floor(range.min.epochMs / MS_PER_DAY), last: Math.floor(range.max.epochMs / MS_PER_DAY) };
}

/** First and last epoch second of a Datetime field. */
function secondBounds(range: DateRange): { first: number; last: number } {
  return {
    first: Math.ceil(range.min.epochMs / 1000),
    last: Math.floor(range.max.epochMs / 1000) + MAX_EXTENT_SECONDS[range.max.precision],
  };
}

/**
 * A generator over the integers [0, size) whose formatted texts are computed on first use and
 * kept: the value depends on the index alone, so caching changes nothing but the speed.
 */
function cachedPick(tableKey: string, size: number, text: (index: number) => string): ValueGenerator {
  const cache = sharedTextTable(tableKey, size);
  const textAt = (index: number): string => {
    const cached = cache[index];
    if (cached !== '') return cached;
    const formatted = text(index);
    cache[index] = formatted;
    return formatted;
  };
  // The byte form keeps each text's UTF-8 once it has been written, shared like the texts.
  let encoded: LazyEncodedTable | null = null;
  return withBytes(
    (random: CounterRandom) => textAt(random.below(size)),
    (random, _row, out) => {
      const index = random.below(size);
      (encoded ??= sharedEncodedTable(tableKey, size)).write(out, index, textAt);
    },
  );
}

/** The inclusive range and formatter of a field, or null when its parameters have a problem. */
interface Plan {
  first: number;
  last: number;
  format: StrftimeFormatter;
}

function checkFormat(params: ResolvedParams, problem: Problem): StrftimeFormatter | null {
  const format = textParam(params, 'format');
  if (format === null) return null;
  const message = checkStrftime(format);
  if (message !== null) {
    problem('format', `format "${format}": ${message}`);
    return null;
  }
  return compileStrftime(format);
}

/** Date (day numbers) and Datetime (epoch seconds): the range, bounded as the type needs, and the format. */
function planRange(
  params: ResolvedParams,
  problem: Problem,
  what: string,
  form: string,
  bounds: (range: DateRange) => { first: number; last: number },
): Plan | null {
  const format = checkFormat(params, problem);
  const range = parseRange(params, what, form, problem);
  if (range === null) return null;
  const { first, last } = bounds(range);
  if (first > last) problem('max', orderProblem(params));
  return format === null || first > last ? null : { first, last, format };
}

const planDate = (params: ResolvedParams, problem: Problem) => planRange(params, problem, 'date', DATE_FORM, dayBounds);
const planDatetime = (params: ResolvedParams, problem: Problem) =>
  planRange(params, problem, 'date and time', DATETIME_FORM, secondBounds);

/** Time: first and last second of the day. */
function planTime(params: ResolvedParams, problem: Problem): Plan | null {
  const format = checkFormat(params, problem);
  const minText = textParam(params, 'min');
  const maxText = textParam(params, 'max');
  const min = minText === null ? null : parseTimeOfDay(minText);
  const max = maxText === null ? null : parseTimeOfDay(maxText);
  if (minText !== null && min === null) problem('min', `min "${minText}" is not a valid time; ${TIME_FORM}`);
  if (maxText !== null && max === null) problem('max', `max "${maxText}" is not a valid time; ${TIME_FORM}`);
  if (min === null || max === null) return null;
  if (min.seconds > max.seconds) {
    problem('max', `${orderProblem(params)}; a time range cannot wrap past midnight`);
    return null;
  }
  const last = max.seconds + (max.precision === 'minute' ? 59 : 0);
  return format === null ? null : { first: min.seconds, last, format };
}

/**
 * create() re-plans from parameters that check() has already accepted (the compiler never
 * creates a field with problems), so nothing can be reported there.
 */
const ignoreProblems: Problem = () => {};

/** Plans parameters that check() accepted; a null here would be a bug in check(). */
function accepted<T>(plan: T | null): T {
  if (plan === null) throw new Error('date parameters passed check() but cannot be planned');
  return plan;
}

/**
 * The text of (day, second of the day) in a format that prints both: from two cached halves (one
 * per day, one per second of the day) when the format prints the date first and the time after,
 * as the usual formats do, which is far cheaper than formatting every value; else formatted whole.
 */
function dayAndTimeText(
  formatText: string,
  firstDay: number,
  dayCount: number,
): (day: number, secondOfDay: number) => string {
  const split = splitDateAndTime(formatText);
  if (split === null || dayCount > MAX_CACHED_DAYS) {
    const format = compileStrftime(formatText);
    return (day, secondOfDay) => format(day * MS_PER_DAY + secondOfDay * 1000);
  }
  const dateText = compileStrftime(split.date);
  const timeText = compileStrftime(split.time);
  const days = sharedTextTable(`day|${split.date}|${firstDay}|${dayCount}`, dayCount);
  const seconds = sharedTextTable(`second|${split.time}`, SECONDS_PER_DAY);
  return (day, secondOfDay) => {
    let datePart = days[day - firstDay];
    if (datePart === '') datePart = days[day - firstDay] = dateText(day * MS_PER_DAY);
    let timePart = seconds[secondOfDay];
    if (timePart === '') timePart = seconds[secondOfDay] = timeText(secondOfDay * 1000);
    return datePart + timePart;
  };
}

const dateType = defineType({
  name: 'Date',
  category: CATEGORY,
  description:
    'A random calendar day between min and max (inclusive, uniform), formatted with a strftime format; a format that prints a time of day (%T, %H...) ' +
    'gets a random time of that day too (uniform from 00:00:00 of min to 23:59:59 of max); the default ISO 8601 format stays at midnight.',
  output: 'date',
  smallValues: (params) => isShortText(params.format),
  params: dateParams('Date'),
  check(params, problem) {
    planDate(params, problem);
  },
  create(params, context) {
    context.declareCharacters(strftimeCharacters(params.format as string));
    const plan = accepted(planDate(params, ignoreProblems));
    const { first, last, format } = plan;
    const size = last - first + 1;
    // The default format (ISO 8601) keeps midnight: a Date is a day unless the schema asks for a time.
    if (params.format !== DEFAULT_FORMAT && readsTimeOfDay(params.format as string)) {
      // The day is drawn as below (the same day for the same seed), then its second: a second
      // draw of this field's own, so no other field's values move.
      const text = dayAndTimeText(params.format as string, first, size);
      return (random) => {
        const day = first + random.intBetween(0, size - 1);
        return text(day, random.below(SECONDS_PER_DAY));
      };
    }
    const textOfDay = (index: number): string => format((first + index) * MS_PER_DAY);
    if (size <= MAX_CACHED_DAYS) return cachedPick(`date|${params.format as string}|${first}|${size}`, size, textOfDay);
    return (random) => textOfDay(random.intBetween(0, size - 1));
  },
});

const datetimeType = defineType({
  name: 'Datetime',
  category: CATEGORY,
  description:
    'A random date and time between min and max (inclusive, uniform to the second), formatted with a strftime format.',
  output: 'datetime',
  smallValues: (params) => isShortText(params.format),
  params: dateParams('Datetime'),
  check(params, problem) {
    planDatetime(params, problem);
  },
  create(params, context) {
    context.declareCharacters(strftimeCharacters(params.format as string));
    const plan = accepted(planDatetime(params, ignoreProblems));
    const { first, last } = plan;
    const firstDay = Math.floor(first / SECONDS_PER_DAY);
    const dayCount = Math.floor(last / SECONDS_PER_DAY) - firstDay + 1;
    const text = dayAndTimeText(params.format as string, firstDay, dayCount);
    return (random) => {
      const second = random.intBetween(first, last);
      const day = Math.floor(second / SECONDS_PER_DAY);
      return text(day, second - day * SECONDS_PER_DAY);
    };
  },
});

const timeType = defineType({
  name: 'Time',
  category: CATEGORY,
  description:
    'A random time of day between min and max (inclusive, uniform to the second), formatted with a strftime format.',
  output: 'time',
  smallValues: (params) => isShortText(params.format),
  params: [
    {
      name: 'min',
      kind: 'string',
      form: 'time',
      default: '12:00 AM',
      description: 'Earliest time, HH:MM AM/PM (e.g. 9:05 AM) or 24-hour HH:MM[:SS]. Default 12:00 AM (midnight).',
    },
    {
      name: 'max',
      kind: 'string',
      form: 'time',
      default: '11:59 PM',
      description:
        'Latest time (inclusive), same forms as min. Written to the minute it includes that whole minute, so the ' +
        'default 11:59 PM reaches 23:59:59. Must not be earlier than min (ranges do not wrap past midnight).',
    },
    {
      name: 'format',
      kind: 'string',
      default: '%T',
      description: `Output format, default %T (e.g. 08:37:48); %I:%M %p gives 08:37 AM. ${FORMAT_HELP}.`,
    },
  ],
  check(params, problem) {
    planTime(params, problem);
  },
  create(params, context) {
    context.declareCharacters(strftimeCharacters(params.format as string));
    const plan = accepted(planTime(params, ignoreProblems));
    const { first, last, format } = plan;
    return cachedPick(`time|${params.format as string}|${first}|${last}`, last - first + 1, (index) =>
      format((first + index) * 1000),
    );
  },
});

export const dateTypes: TypeDefinition[] = [dateType, datetimeType, timeType];
