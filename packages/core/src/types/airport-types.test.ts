import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { countryCodes, placeCoordinatesByCountry, readTable } from '../testing/data-tables.js';
import { assertDeclared } from '../testing/type-values.js';
import { findType } from './registry.js';

const AIRPORTS = readTable('airports.json');
const TYPES: Record<string, string> = {
  'Airport Code': 'iata',
  'Airport GPS Code': 'gps',
  'Airport Name': 'name',
  'Airport Municipality': 'municipality',
  'Airport Country Code': 'country',
  'Airport Region Code': 'region',
  'Airport Continent': 'continent',
  'Airport Latitude': 'latitude',
  'Airport Longitude': 'longitude',
  'Airport Elevation (Feet)': 'elevation',
};
const SCHEMA = Object.keys(TYPES).map((type) => ({ name: type, type }));

describe('airport data', () => {
  test('a few hundred airports, IATA and GPS (ICAO) codes unique and well formed', () => {
    assert.ok(AIRPORTS.length >= 200, `${AIRPORTS.length} airports`);
    assert.equal(new Set(AIRPORTS.map((a) => a.iata)).size, AIRPORTS.length, 'duplicate IATA code');
    assert.equal(new Set(AIRPORTS.map((a) => a.gps)).size, AIRPORTS.length, 'duplicate GPS code');
    assert.equal(new Set(AIRPORTS.map((a) => a.name)).size, AIRPORTS.length, 'duplicate name');
    for (const a of AIRPORTS) {
      assert.match(String(a.iata), /^[A-Z]{3}$/);
      assert.match(String(a.gps), /^[A-Z]{4}$/);
    }
  });

  test('countries are ISO codes, regions belong to them, coordinates and elevations are on Earth', () => {
    const countries = countryCodes();
    for (const a of AIRPORTS) {
      const label = JSON.stringify(a);
      assert.ok(countries.has(a.country as string), label);
      assert.ok(String(a.region).startsWith(`${a.country}-`), label);
      assert.ok(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'].includes(a.continent as string), label);
      assert.ok(Math.abs(a.latitude as number) <= 90 && Math.abs(a.longitude as number) <= 180, label);
      assert.ok(
        Number.isInteger(a.elevation) && (a.elevation as number) > -100 && (a.elevation as number) < 15_000,
        label,
      );
    }
  });

  test('every airport lies within 160 km of a town or ZIP code of its own country (GeoNames, zipcodes)', () => {
    const places = placeCoordinatesByCountry();
    const rad = (degrees: number) => (degrees * Math.PI) / 180;
    const km = (lat1: number, lon1: number, lat2: number, lon2: number) =>
      2 *
      6371 *
      Math.asin(
        Math.sqrt(
          Math.sin(rad(lat2 - lat1) / 2) ** 2 +
            Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2,
        ),
      );
    for (const a of AIRPORTS) {
      const [lat, lon] = [a.latitude as number, a.longitude as number];
      const near = (places.get(a.country as string) ?? []).some(
        ([plat, plon]) => Math.abs(plat - lat) < 2 && km(lat, lon, plat, plon) < 160,
      );
      assert.ok(near, `${String(a.iata)} (${lat}, ${lon}) is far from every place of ${String(a.country)}`);
    }
  });

  test('ICAO codes start with their region letter (K: contiguous US, C: Canada, E/L: Europe, Y: Australia...)', () => {
    const firstLetter: Record<string, string> = {
      CA: 'C',
      AU: 'Y',
      GB: 'E',
      DE: 'E',
      FR: 'L',
      ES: 'L',
      IT: 'L',
      CN: 'Z',
      BR: 'S',
      JP: 'R',
      IN: 'V',
    };
    for (const a of AIRPORTS) {
      const expected = firstLetter[a.country as string];
      // The Canary Islands are in ICAO's African region (GC).
      if (expected !== undefined && a.region !== 'ES-CN')
        assert.equal(String(a.gps)[0], expected, `${a.iata} ${a.gps}`);
      if (a.country === 'US' && !['US-AK', 'US-HI'].includes(a.region as string)) assert.equal(a.gps, `K${a.iata}`);
    }
  });
});

describe('airport family', () => {
  const rows = generateObjects(SCHEMA, { count: 1000, seed: 'airports' });
  const byCode = new Map(AIRPORTS.map((a) => [a.iata, a]));

  test('code, name, city, country, region and coordinates of a row are one airport', () => {
    for (const row of rows) {
      const airport = byCode.get(row['Airport Code'] as string);
      assert.ok(airport, `unknown code ${String(row['Airport Code'])}`);
      for (const [type, column] of Object.entries(TYPES))
        assert.equal(row[type], airport[column], `${type} of ${String(airport.iata)}`);
    }
  });

  test('numbers are numbers; values vary; the same seed gives the same rows', () => {
    for (const row of rows) {
      assert.equal(typeof row['Airport Latitude'], 'number');
      assert.ok(Number.isInteger(row['Airport Elevation (Feet)']));
    }
    assert.ok(new Set(rows.map((r) => r['Airport Code'])).size > 150);
    assert.deepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'airports' }), rows);
  });

  test('every type names the airport family and declares its characters', () => {
    for (const type of Object.keys(TYPES)) {
      assert.equal(findType(type)?.family, 'airport', type);
      assertDeclared(
        type,
        rows.map((r) => String(r[type])),
      );
    }
  });
});
