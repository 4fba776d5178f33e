/**
 * Language Code: the ISO 639-1 code of the row's Language (the first official language of the
 * place family's country), so "German" and "de" come together. Countries without a language in
 * countries-list give null, as Language does.
 */
import { readDataFile } from '../data/data-files.js';
import { placeCountries } from '../places/place-countries.js';
import { placeFamily } from '../places/place-family.js';
import { placeTables } from '../places/place-tables.js';
import { charactersOf } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';

interface LanguageCodesFile {
  codes: Record<string, string>;
}

/** Each country's language code, by country index (null where the country has no language). */
function countryLanguageCodes(): (string | null)[] {
  const { codes } = readDataFile<LanguageCodesFile>('language-codes.json');
  return placeCountries().language.map((name) => {
    if (name === null) return null;
    // A data error, caught by the tests: the two files come from the same countries-list.
    if (!Object.hasOwn(codes, name)) throw new Error(`language-codes.json has no code for the language "${name}"`);
    return codes[name];
  });
}

export const languageCodeTypes: TypeDefinition[] = [
  defineType({
    name: 'Language Code',
    category: 'Location',
    description:
      "The ISO 639-1 code of the row's Language (the first official language of the row's country), e.g. en, de.",
    params: [],
    output: 'string',
    smallValues: true,
    family: 'place',
    create: (_params, context) => {
      const family = placeFamily(context);
      const codes = countryLanguageCodes();
      context.declareCharacters(charactersOf(codes.filter((code) => code !== null)));
      // The place tables load on the first value, not when the schema is compiled: a thread that
      // only validates the schema never needs them.
      let country: Uint16Array | null = null;
      return (_random, row) => {
        const place = row.family(family);
        country ??= placeTables().country;
        return codes[country[place]];
      };
    },
  }),
];
