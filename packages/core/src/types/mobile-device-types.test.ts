import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared } from '../testing/type-values.js';
import { problemsOf } from '../testing/schema-problems.js';
import { testReproducibility } from '../testing/type-reproducibility.js';
import { findType } from './registry.js';

type DeviceRow = [string, string, string, string];
const DEVICES = (
  JSON.parse(readFileSync(new URL('../../data/mobile-devices.json', import.meta.url), 'utf8')) as { rows: DeviceRow[] }
).rows;

const TYPES = ['Mobile Device Brand', 'Mobile Device Model', 'Mobile Device OS', 'Mobile Device Release Date'];

describe('mobile device data', () => {
  test('150+ devices, no model twice, real calendar days, an OS a phone of its brand runs', () => {
    assert.ok(DEVICES.length >= 150, `${DEVICES.length} devices`);
    const models = DEVICES.map(([, model]) => model);
    assert.equal(new Set(models).size, models.length, 'a model is listed twice');
    for (const [brand, model, os, date] of DEVICES) {
      const day = new Date(`${date}T00:00:00Z`);
      assert.equal(day.toISOString().slice(0, 10), date, `${model}: ${date}`);
      assert.ok(day.getUTCFullYear() >= 2000 && day.getUTCFullYear() <= 2025, `${model}: ${date}`);
      if (brand === 'Apple') assert.match(os, /^(iPhone OS|iOS) \d+$/, model);
      else
        assert.match(
          os,
          /^(Android|HarmonyOS|BlackBerry|BlackBerry OS|Windows Phone|Symbian OS) [\d.]+$/,
          `${model}: ${os}`,
        );
    }
  });

  test('a phone never launches on an OS older than one a phone had more than a year before it', () => {
    const version = (os: string) => Number(/([\d.]+)$/.exec(os)![1].split('.').slice(0, 2).join('.'));
    const sorted = DEVICES.filter(([, , os]) => os.startsWith('Android') || os.startsWith('iOS')).sort((a, b) =>
      a[3].localeCompare(b[3]),
    );
    // A phone may launch on an older Android than a phone released a few months before it, not years.
    for (let i = 0; i < sorted.length; i++) {
      for (let j = 0; j < i; j++) {
        const [, modelA, osA, dateA] = sorted[j];
        const [, modelB, osB, dateB] = sorted[i];
        if (osA.split(' ')[0] !== osB.split(' ')[0]) continue;
        const yearsApart = (Date.parse(dateB) - Date.parse(dateA)) / (365.25 * 86_400_000);
        if (yearsApart > 1)
          assert.ok(version(osB) >= version(osA), `${modelB} (${osB}, ${dateB}) after ${modelA} (${osA}, ${dateA})`);
      }
    }
  });
});

describe('mobile device family', () => {
  const rows = generateObjects(
    TYPES.map((type) => ({ name: type, type })),
    { count: 5000, seed: 'devices' },
  ) as Record<string, string>[];
  const byModel = new Map(DEVICES.map((d) => [d[1], d]));

  test("a row's brand, model, OS and release date are one device", () => {
    for (const row of rows) {
      assert.deepEqual(
        [
          row['Mobile Device Brand'],
          row['Mobile Device Model'],
          row['Mobile Device OS'],
          row['Mobile Device Release Date'],
        ],
        byModel.get(row['Mobile Device Model']),
      );
    }
    assert.ok(new Set(rows.map((r) => r['Mobile Device Model'])).size > 200);
    for (const type of TYPES)
      assertDeclared(
        type,
        rows.map((r) => r[type]),
      );
  });

  test('Release Date takes a strftime format and rejects a bad one naming the parameter', () => {
    const formatted = generateObjects(
      [
        { name: 'model', type: 'Mobile Device Model' },
        { name: 'released', type: 'Mobile Device Release Date', format: '%m/%d/%Y' },
      ],
      { count: 200, seed: 1 },
    ) as Record<string, string>[];
    for (const row of formatted) {
      const [, , , date] = byModel.get(row.model)!;
      const [y, m, d] = date.split('-');
      assert.equal(row.released, `${m}/${d}/${y}`);
    }
    const problems = problemsOf([{ name: 'released', type: 'Mobile Device Release Date', format: '%Q' }]);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /format/);
  });

  test('every mobile device type declares the mobile-device family', () => {
    for (const type of TYPES) assert.equal(findType(type)?.family, 'mobile-device', type);
  });

  testReproducibility(TYPES);
});
