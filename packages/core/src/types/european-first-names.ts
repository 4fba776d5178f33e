/**
 * First names of European countries, by sex, from faker's locales for those countries (Latin
 * script only, so values sit beside English names in any file). Kept per locale: a row picks a
 * locale first, then a name, so each country gets an even share however long its list is (a
 * union would be half French, Italian and Czech) and names common to several countries, such as
 * Anna, come up more often, as they do in life.
 */
import { derivedData } from '../data/data-files.js';
import { charactersOf } from '../kernel/characters.js';
import { fakerLocale } from './faker-locale.js';

/**
 * faker locales with their own sex-tagged first names. Left out: de_AT (the same names as de),
 * fr_LU (the same as fr), en_GB / en_IE / cy (no names of their own: English ones), and the
 * Greek and Cyrillic locales (another script).
 */
const LOCALES = [
  'de',
  'de_CH',
  'fr',
  'fr_BE',
  'fr_CH',
  'es',
  'it',
  'nl',
  'nl_BE',
  'pl',
  'pt_PT',
  'sv',
  'da',
  'nb_NO',
  'fi',
  'cs_CZ',
  'sk',
  'hu',
  'ro',
  'hr',
  'sl_SI',
  'lv',
  'sr_RS_latin',
] as const;

export interface EuropeanFirstNames {
  /** Per locale, that locale's names: [locale][name]. */
  readonly female: readonly (readonly string[])[];
  readonly male: readonly (readonly string[])[];
  /** Female and male names of each locale together, for the other gender identities. */
  readonly any: readonly (readonly string[])[];
  readonly characters: string;
}

export const europeanFirstNames = derivedData((): EuropeanFirstNames => {
  const female: string[][] = [];
  const male: string[][] = [];
  for (const code of LOCALES) {
    const names = fakerLocale(code).person?.first_name;
    // A locale without names of its own inherits English's (the same object as faker's own
    // English locale has): that would not be European.
    if (!names || names === fakerLocale('en').person?.first_name || !names.female?.length || !names.male?.length) {
      throw new Error(`faker locale ${code} has no first names of its own`);
    }
    female.push(names.female);
    male.push(names.male);
  }
  const any = female.map((names, i) => [...names, ...male[i]]);
  return { female, male, any, characters: charactersOf(...any) };
});
