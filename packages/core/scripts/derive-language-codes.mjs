/**
 * Derives data/language-codes.json: the ISO 639-1 code of every language countries-list (MIT)
 * names, keyed by the English name that places-countries.json stores as a country's language.
 * Language Code reads it to give the code of the row's Language. Run by hand:
 *
 *   node packages/core/scripts/derive-language-codes.mjs
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const countriesList = require('countries-list');

const codes = {};
for (const [code, language] of Object.entries(countriesList.languages).sort(([a], [b]) => a.localeCompare(b))) {
  if (!/^[a-z]{2}$/.test(code)) throw new Error(`countries-list language "${code}" is not an ISO 639-1 code`);
  if (Object.hasOwn(codes, language.name)) throw new Error(`two codes for the language "${language.name}"`);
  codes[language.name] = code;
}
const file = { source: 'countries-list 3.4.1 (MIT): ISO 639-1 code by English language name', codes };
writeFileSync(new URL('../data/language-codes.json', import.meta.url), JSON.stringify(file, null, 0) + '\n');
console.log(`language-codes.json: ${Object.keys(codes).length} languages`);
