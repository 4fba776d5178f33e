/**
 * Which strftime format a column of dates is written in, read back with core's own strptime
 * (time/strptime.ts): a format fits when it reads every value, and the format that writes the
 * most of them back exactly wins (so "2024-03-07" is %Y-%m-%d, "3/7/2024" %-m/%-d/%Y, and
 * "13/03/2024" can only be day first). Month first wins a tie, as the registry's own min and max
 * are written month first. The candidates are tried on a few distinct values only; the chosen
 * one then reads them all, for min and max.
 */
import { compileStrptime } from '../time/strptime.js';
import { compileStrftime } from '../time/strftime.js';
import { civilFromDays, MS_PER_DAY } from '../time/civil.js';
import type { Proposal } from './proposal.js';

type Kind = 'Date' | 'Datetime' | 'Time';

const CANDIDATES: readonly (readonly [string, Kind])[] = [
  ['%Y-%m-%d', 'Date'],
  ['%m/%d/%Y', 'Date'],
  ['%-m/%-d/%Y', 'Date'],
  ['%d/%m/%Y', 'Date'],
  ['%-d/%-m/%Y', 'Date'],
  ['%d.%m.%Y', 'Date'],
  ['%Y/%m/%d', 'Date'],
  ['%m-%d-%Y', 'Date'],
  ['%d-%m-%Y', 'Date'],
  ['%b %d, %Y', 'Date'],
  ['%B %d, %Y', 'Date'],
  ['%d %b %Y', 'Date'],
  ['%d %B %Y', 'Date'],
  ['%FT%T%:z', 'Datetime'],
  ['%FT%TZ', 'Datetime'],
  ['%FT%T.%LZ', 'Datetime'],
  ['%FT%T', 'Datetime'],
  ['%F %T', 'Datetime'],
  ['%F %H:%M', 'Datetime'],
  ['%m/%d/%Y %H:%M', 'Datetime'],
  ['%m/%d/%Y %H:%M:%S', 'Datetime'],
  ['%m/%d/%Y %I:%M %p', 'Datetime'],
  ['%-m/%-d/%Y %-I:%M %p', 'Datetime'],
  ['%d/%m/%Y %H:%M', 'Datetime'],
  ['%d/%m/%Y %H:%M:%S', 'Datetime'],
  ['%T', 'Time'],
  ['%H:%M', 'Time'],
  ['%I:%M %p', 'Time'],
  ['%-I:%M %p', 'Time'],
];

/** Distinct values the candidates are tried on. */
const TRIAL_VALUES = 40;
/** Looks like a date or time at all: digits, separators, month names, no longer than a timestamp. */
const DATE_LIKE = /^(?=.*\d)[\w\s/.:,+-]{4,35}$/;
/** A fixed reference: the parts a format does not write (a Time's day) come from it. */
const REFERENCE_MS = Date.UTC(2025, 0, 1);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** mm/dd/yyyy: the form the registry's min and max take. */
function dayText(ms: number): string {
  const { year, month, day } = civilFromDays(Math.floor(ms / MS_PER_DAY));
  return `${pad(month)}/${pad(day)}/${year}`;
}

function clockText(ms: number): string {
  const seconds = Math.floor((((ms % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

const writers = new Map<string, (ms: number) => string>();
/** compileStrftime, once per format for the process (every column tries every candidate). */
function writerOf(format: string): (ms: number) => string {
  let writer = writers.get(format);
  if (!writer) writers.set(format, (writer = compileStrftime(format)));
  return writer;
}

function bestFormat(trial: readonly string[]): readonly [string, Kind] | null {
  let best: readonly [string, Kind] | null = null;
  let bestExact = 0;
  for (const candidate of CANDIDATES) {
    const parse = compileStrptime(candidate[0]);
    if (!parse) continue;
    const write = writerOf(candidate[0]);
    let exact = 0;
    let fits = true;
    for (const value of trial) {
      const ms = parse(value, REFERENCE_MS);
      if (ms === null) {
        fits = false;
        break;
      }
      if (write(ms) === value) exact++;
    }
    if (fits && (best === null || exact > bestExact)) {
      best = candidate;
      bestExact = exact;
    }
  }
  // Values with offsets other than +00:00 read but never write back: the first format that reads them stands.
  return best;
}

/** A Date, Datetime or Time proposal when every value is one, in one format; else null. */
export function dateProposal(values: readonly string[], distinct: readonly string[]): Proposal | null {
  if (distinct.length === 0 || !distinct.every((v) => DATE_LIKE.test(v))) return null;
  const chosen = bestFormat(distinct.slice(0, TRIAL_VALUES));
  if (!chosen) return null;
  const [format, kind] = chosen;
  const parse = compileStrptime(format)!;
  let min = Infinity;
  let max = -Infinity;
  for (const value of distinct) {
    const ms = parse(value, REFERENCE_MS);
    if (ms === null) return null;
    if (ms < min) min = ms;
    if (ms > max) max = ms;
  }
  const what = kind === 'Time' ? 'times' : kind === 'Date' ? 'dates' : 'dates with times';
  const reason = `all ${values.length} values are ${what} written ${format}`;
  if (kind === 'Time') return { type: 'Time', params: { min: clockText(min), max: clockText(max), format }, reason };
  if (kind === 'Date') return { type: 'Date', params: { min: dayText(min), max: dayText(max), format }, reason };
  return {
    type: 'Datetime',
    params: { min: `${dayText(min)} ${clockText(min)}`, max: `${dayText(max)} ${clockText(max)}`, format },
    reason,
  };
}
