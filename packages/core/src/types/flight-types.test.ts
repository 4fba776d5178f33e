import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allLocales } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { readTable } from '../testing/data-tables.js';
import { problemsOf } from '../testing/schema-problems.js';
import { assertDeclared } from '../testing/type-values.js';
import { findType } from './registry.js';

const AIRPORTS = new Map(readTable('airports.json').map((a) => [a.iata as string, a]));
const COUNTRY_NAMES = new Map(readTable('places-countries.json').map((c) => [c.code as string, c.name as string]));
const AIRLINES = new Map((allLocales.en.airline?.airline ?? []).map((a) => [a.iataCode, a.name]));
const TYPES = [
  'Flight Airline Code',
  'Flight Airline Name',
  'Flight Number',
  'Flight Departure Airport',
  'Flight Departure Airport Code',
  'Flight Departure City',
  'Flight Departure Country',
  'Flight Arrival Airport',
  'Flight Arrival Airport Code',
  'Flight Arrival City',
  'Flight Arrival Country',
  'Flight Departure Time',
  'Flight Duration (Hours)',
];
const SCHEMA = TYPES.map((type) => ({ name: type, type }));

/** Haversine on a 6371 km sphere, written out for the test. */
function kmBetween(a: Record<string, string | number>, b: Record<string, string | number>): number {
  const rad = (degrees: string | number) => (Number(degrees) * Math.PI) / 180;
  const h =
    Math.sin((rad(b.latitude) - rad(a.latitude)) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin((rad(b.longitude) - rad(a.longitude)) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('flight family', () => {
  const rows = generateObjects(SCHEMA, { count: 2000, seed: 'flights' });

  test('departure and arrival are two different real airports, with their own name, city and country', () => {
    for (const row of rows) {
      const from = AIRPORTS.get(row['Flight Departure Airport Code'] as string);
      const to = AIRPORTS.get(row['Flight Arrival Airport Code'] as string);
      assert.ok(from && to, JSON.stringify(row));
      assert.notEqual(from.iata, to.iata);
      assert.equal(row['Flight Departure Airport'], from.name);
      assert.equal(row['Flight Departure City'], from.municipality);
      assert.equal(row['Flight Departure Country'], COUNTRY_NAMES.get(from.country as string));
      assert.equal(row['Flight Arrival Airport'], to.name);
      assert.equal(row['Flight Arrival City'], to.municipality);
      assert.equal(row['Flight Arrival Country'], COUNTRY_NAMES.get(to.country as string));
    }
  });

  test("the number is the airline's IATA code and 1-4 digits; code and name are one real airline", () => {
    for (const row of rows) {
      const code = row['Flight Airline Code'] as string;
      assert.equal(AIRLINES.get(code), row['Flight Airline Name']);
      assert.match(row['Flight Number'] as string, /^[A-Z0-9]{2}[1-9]\d{0,3}$/);
      assert.ok((row['Flight Number'] as string).startsWith(code), `${String(row['Flight Number'])} of ${code}`);
    }
  });

  test('the duration is the great-circle distance at 800 km/h plus half an hour, to 0.1 h', () => {
    for (const row of rows) {
      const km = kmBetween(
        AIRPORTS.get(row['Flight Departure Airport Code'] as string)!,
        AIRPORTS.get(row['Flight Arrival Airport Code'] as string)!,
      );
      const hours = row['Flight Duration (Hours)'] as number;
      assert.ok(Math.abs(hours - (km / 800 + 0.5)) <= 0.05 + 1e-9, `${hours} h for ${Math.round(km)} km`);
    }
    // The coordinates themselves: a pair whose distance is well known (about 5,540 km).
    const km = kmBetween(AIRPORTS.get('JFK')!, AIRPORTS.get('LHR')!);
    assert.ok(km > 5500 && km < 5600, `JFK-LHR ${km} km`);
  });

  test('departure times are ISO 8601 UTC in 2025-2026 on a 5-minute step', () => {
    for (const row of rows) {
      const text = row['Flight Departure Time'] as string;
      assert.match(text, /^202[56]-\d{2}-\d{2}T\d{2}:\d{2}:00\+00:00$/);
      const time = new Date(text);
      assert.equal(time.getUTCMinutes() % 5, 0);
      assert.equal(time.toISOString().slice(0, 19), text.slice(0, 19), 'a real calendar time');
    }
    assert.ok(
      new Set(rows.map((r) => (r['Flight Departure Time'] as string).slice(0, 7))).size === 24,
      'every month of the two years',
    );
  });

  test('format changes only the text of the same departure time; a bad format is rejected on its parameter', () => {
    const custom = generateObjects(
      [
        ...SCHEMA.slice(0, 11),
        { name: 'Flight Departure Time', type: 'Flight Departure Time', format: '%d/%m/%Y %H:%M' },
        SCHEMA[12],
      ],
      { count: 50, seed: 'flights' },
    );
    custom.forEach((row, i) => {
      const [date, time] = (row['Flight Departure Time'] as string).split(' ');
      const [day, month, year] = date.split('/');
      assert.equal(`${year}-${month}-${day}T${time}`, (rows[i]['Flight Departure Time'] as string).slice(0, 16));
    });
    const [problem] = problemsOf([{ name: 'departs', type: 'Flight Departure Time', format: '%Q' }]);
    assert.equal(problem.field, 'departs');
    assert.equal(problem.param, 'format');
  });

  test('the fields agree whichever of them a schema holds, and in any order', () => {
    const alone = generateObjects(
      [
        { name: 'n', type: 'Flight Number' },
        { name: 'c', type: 'Flight Airline Code' },
      ],
      { count: 200, seed: 3 },
    );
    for (const row of alone) assert.ok((row.n as string).startsWith(row.c as string));
  });

  test('values vary; every type names the flight family and declares its characters', () => {
    assert.ok(new Set(rows.map((r) => r['Flight Departure Airport Code'])).size > 200);
    assert.ok(new Set(rows.map((r) => r['Flight Airline Code'])).size > 100);
    for (const type of TYPES) {
      assert.equal(findType(type)?.family, 'flight', type);
      assertDeclared(
        type,
        rows.map((r) => String(r[type])),
      );
    }
  });
});
