/**
 * Mobile app values: App Name, App Version and App Bundle ID. Name and bundle ID form the app
 * family: a row's bundle ID ends with that row's app name (e.g. com.example.Stronghold).
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import { EN } from '../data/faker-en.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import { defineType, type FamilyDefinition, type TypeDefinition } from '../kernel/define-type.js';

/** faker's invented app names (Redhold, Mat Lam Tam...). */
const APP_NAMES = derivedData(() => {
  const names = EN.app?.name;
  if (!Array.isArray(names) || names.length === 0)
    throw new Error('@faker-js/faker EN.app.name is missing: App Name and App Bundle ID need it');
  return names;
});

/** The app's name as the last part of a bundle ID: letters, digits and hyphens only. */
const BUNDLE_NAMES = derivedData(() => APP_NAMES().map((name) => name.replace(/[^A-Za-z0-9-]/g, '')));

/** Real domains reversed, the prefix of a bundle ID: bbc.co.uk -> uk.co.bbc */
const REVERSED_DOMAINS = derivedData(() =>
  readDataFile<string[]>('domains.json').map((domain) => domain.split('.').reverse().join('.')),
);

/** The row's app: an index into the app names. */
export const appFamily: FamilyDefinition<number> = {
  name: 'app',
  draw: (random) => random.below(APP_NAMES().length),
};

const appName = defineType({
  name: 'App Name',
  category: 'IT',
  family: appFamily.name,
  description: "An invented app or product name, e.g. Stronghold or Mat Lam Tam; agrees with the row's App Bundle ID.",
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    const names = APP_NAMES();
    context.declareCharacters(charactersOf(names));
    return (_random, row) => names[row.family(appFamily)];
  },
});

const appBundleId = defineType({
  name: 'App Bundle ID',
  category: 'IT',
  family: appFamily.name,
  description:
    "A reverse-DNS bundle identifier from a real domain and the row's App Name, e.g. com.google.Stronghold (spaces dropped).",
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    const domains = REVERSED_DOMAINS().map((domain) => domain + '.');
    const names = BUNDLE_NAMES();
    context.declareCharacters(charactersOf(domains, names));
    return (random, row) => domains[random.below(domains.length)] + names[row.family(appFamily)];
  },
});

/** faker's version patterns ('0.#.#', '#.##'...): each # a digit. */
const VERSION_PATTERNS = derivedData(() => {
  const patterns = EN.app?.version;
  if (!Array.isArray(patterns) || patterns.length === 0)
    throw new Error('@faker-js/faker EN.app.version is missing: App Version needs it');
  return patterns.map((pattern) => pattern.split(''));
});

const appVersion = defineType({
  name: 'App Version',
  category: 'IT',
  description: 'A short version number such as 0.4.1, 7.3 or 0.52 (one of the patterns 0.#.#, 0.##, #.##, #.#, #.#.#).',
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    const patterns = VERSION_PATTERNS();
    context.declareCharacters(
      charactersOf(
        DIGITS,
        patterns.flat().filter((ch) => ch !== '#'),
      ),
    );
    return (random) => {
      const pattern = patterns[random.below(patterns.length)];
      let text = '';
      for (const ch of pattern) text += ch === '#' ? DIGITS[random.below(10)] : ch;
      return text;
    };
  },
});

export const appTypes: TypeDefinition[] = [appName, appVersion, appBundleId];
