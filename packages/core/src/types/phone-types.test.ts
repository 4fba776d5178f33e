import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { en_US } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';
import { problemsOf } from '../testing/schema-problems.js';

const AREA_CODES = new Set(en_US.phone_number!.area_code as string[]);
const EXCHANGE_CODES = new Set(en_US.phone_number!.exchange_code as string[]);

function values(params: Record<string, unknown> = {}, count = 2000, seed: string | number = 'phones'): string[] {
  return generateObjects([{ name: 't', type: 'Phone', ...params }], { count, seed }).map((row) => row.t as string);
}

/** Each of the eight layouts Mockaroo's Phone type offers, as a pattern capturing country code, area, exchange and line. */
const LAYOUTS: Record<string, RegExp> = {
  '###-###-####': /^()(\d{3})-(\d{3})-(\d{4})$/,
  '(###) ###-####': /^()\((\d{3})\) (\d{3})-(\d{4})$/,
  '### ### ####': /^()(\d{3}) (\d{3}) (\d{4})$/,
  '+# ### ### ####': /^\+(1) (\d{3}) (\d{3}) (\d{4})$/,
  '+# (###) ###-####': /^\+(1) \((\d{3})\) (\d{3})-(\d{4})$/,
  '+#-###-###-####': /^\+(1)-(\d{3})-(\d{3})-(\d{4})$/,
  '#-(###)###-####': /^(1)-\((\d{3})\)(\d{3})-(\d{4})$/,
  '##########': /^()(\d{3})(\d{3})(\d{4})$/,
};

describe('Phone', () => {
  test('every layout exactly, with real US area and exchange codes and the country code 1', () => {
    for (const [format, pattern] of Object.entries(LAYOUTS)) {
      const all = values({ format }, 1000, format);
      const lines = new Set<string>();
      for (const value of all) {
        const match = pattern.exec(value);
        assert.ok(match, `${value} does not have the layout ${format}`);
        assert.equal(value.replace(/\d/g, '#').replace(/^(\+?)1/, '$1#'), format);
        assert.ok(AREA_CODES.has(match[2]), `${value}: area code ${match[2]}`);
        assert.ok(EXCHANGE_CODES.has(match[3]), `${value}: exchange code ${match[3]}`);
        lines.add(match[4]);
      }
      assert.ok(new Set(all).size > 990, `${format}: numbers repeat`);
      assert.ok(lines.size > 900);
      const declared = new Set(compileSchema([{ name: 't', type: 'Phone', format }]).fields[0].characters ?? '');
      for (const value of all)
        for (const ch of value) assert.ok(declared.has(ch), `"${ch}" not declared for ${format}`);
    }
  });

  test('the default is #-(###)###-####', () => {
    for (const value of values({}, 200)) assert.match(value, LAYOUTS['#-(###)###-####']);
    for (const value of values({ format: '' }, 20)) assert.match(value, LAYOUTS['#-(###)###-####']);
  });

  test('area codes spread over the whole list', () => {
    const areas = new Set(values({ format: '##########' }, 20000).map((v) => v.slice(0, 3)));
    assert.ok(areas.size > AREA_CODES.size * 0.95, `${areas.size} of ${AREA_CODES.size}`);
  });

  test('another layout is rejected, naming the allowed ones', () => {
    const problems = problemsOf([{ name: 'p', type: 'Phone', format: '###.###.####' }]);
    assert.equal(problems[0].param, 'format');
    assert.match(problems[0].message, /\(###\) ###-####/);
  });

  test('reproducible for a seed', () => {
    assert.deepEqual(values({}, 50, 9), values({}, 50, 9));
    assert.notDeepEqual(values({}, 50, 9), values({}, 50, 10));
  });
});
