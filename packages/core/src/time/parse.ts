/**
 * Parsing of the Date / Datetime / Time parameters (min, max): the US forms the API documents
 * (`12/31/2005`, `12/31/2005 11:30 PM`, `11:59 PM`) plus ISO 8601, since people paste both.
 * Everything is UTC; an ISO offset is converted. Impossible dates (2/30, month 13) are invalid
 * rather than rolled over as `Date` would.
 */
import { MS_PER_DAY, daysFromCivil, isValidDate } from './civil.js';

/** The smallest unit a parameter spelt out, so a max can cover the whole of its last unit. */
export type TimePrecision = 'day' | 'minute' | 'second' | 'millisecond';

export interface ParsedDateTime {
  epochMs: number;
  precision: TimePrecision;
}

export interface ParsedTimeOfDay {
  /** Seconds since midnight, 0..86399. */
  seconds: number;
  precision: 'minute' | 'second';
}

const TIME_PART = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?`;
const US_DATE = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})(?:(?:\s+|T)${TIME_PART})?$`, 'i');
const ISO_DATE = new RegExp(
  String.raw`^(\d{4})-(\d{2})-(\d{2})` +
    String.raw`(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$`,
  'i',
);
const TIME_ONLY = new RegExp(`^${TIME_PART}$`, 'i');

/**
 * Hour, minute and second with an optional meridiem into seconds since midnight, or null.
 * With AM/PM the hour is 1-12 (12 AM is midnight); without, 0-23.
 */
function clockSeconds(
  hourText: string,
  minuteText: string,
  secondText: string | undefined,
  meridiem: string | undefined,
): number | null {
  let hour = Number(hourText);
  const minute = Number(minuteText);
  const second = secondText === undefined ? 0 : Number(secondText);
  if (minute > 59 || second > 59) return null;
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  return hour * 3600 + minute * 60 + second;
}

/** Midnight UTC of a calendar date, or null when there is no such day (2/30, month 13). */
function dayStartMs(yearText: string, monthText: string, dayText: string): number | null {
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  return isValidDate(year, month, day) ? daysFromCivil(year, month, day) * MS_PER_DAY : null;
}

/** A Date / Datetime parameter with the precision it was written to, or null when invalid. */
export function parseDateTime(text: string): ParsedDateTime | null {
  const trimmed = text.trim();
  const us = US_DATE.exec(trimmed);
  if (us !== null) {
    const [, monthText, dayText, yearText, hourText, minuteText, secondText, meridiem] = us;
    const dayMs = dayStartMs(yearText, monthText, dayText);
    if (dayMs === null) return null;
    if (hourText === undefined) return { epochMs: dayMs, precision: 'day' };
    const seconds = clockSeconds(hourText, minuteText, secondText, meridiem);
    if (seconds === null) return null;
    return { epochMs: dayMs + seconds * 1000, precision: secondText === undefined ? 'minute' : 'second' };
  }
  const iso = ISO_DATE.exec(trimmed);
  if (iso !== null) {
    const [, yearText, monthText, dayText, hourText, minuteText, secondText, fractionText, zone] = iso;
    const dayMs = dayStartMs(yearText, monthText, dayText);
    if (dayMs === null) return null;
    if (hourText === undefined) return { epochMs: dayMs, precision: 'day' };
    const seconds = clockSeconds(hourText, minuteText, secondText, undefined);
    if (seconds === null) return null;
    const millis = fractionText === undefined ? 0 : Math.floor(Number(`0.${fractionText}`) * 1000);
    const offsetMinutes = zone === undefined ? 0 : parseOffset(zone);
    if (offsetMinutes === null) return null;
    return {
      epochMs: dayMs + seconds * 1000 + millis - offsetMinutes * 60_000,
      precision: fractionText !== undefined ? 'millisecond' : secondText !== undefined ? 'second' : 'minute',
    };
  }
  return null;
}

/** "Z", "+05", "-0330", "+05:30" into minutes east of UTC, or null when out of range. */
function parseOffset(zone: string): number | null {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/**
 * A Date / Datetime min or max: `mm/dd/yyyy` with an optional `HH:MM[:SS] [AM|PM]`, or ISO
 * `yyyy-mm-dd[THH:MM[:SS][Z|±hh:mm]]`. Epoch milliseconds (UTC), or null when invalid.
 */
export function parseDateParam(text: string): number | null {
  return parseDateTime(text)?.epochMs ?? null;
}

/** A Time min or max with the precision it was written to, or null when invalid. */
export function parseTimeOfDay(text: string): ParsedTimeOfDay | null {
  const trimmed = text.trim();
  const match = TIME_ONLY.exec(trimmed);
  if (match === null) return null;
  const [, hourText, minuteText, secondText, meridiem] = match;
  const seconds = clockSeconds(hourText, minuteText, secondText, meridiem);
  if (seconds === null) return null;
  return { seconds, precision: secondText === undefined ? 'minute' : 'second' };
}

/** A Time min or max: `HH:MM AM/PM` (`12:00 AM`, `9:05 pm`) or 24-hour `HH:MM[:SS]`; seconds since midnight or null. */
export function parseTimeParam(text: string): number | null {
  return parseTimeOfDay(text)?.seconds ?? null;
}
