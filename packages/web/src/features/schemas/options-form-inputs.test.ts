import { describe, expect, it } from 'vitest';
import { typeNamed } from '../../test-support/catalogue';
import { isDateParam, isoDate } from './options-form-inputs';
import { readWeights } from './options-form-special';

describe('isoDate: a date parameter for a date box', () => {
  it("reads the registry's mm/dd/yyyy, with or without leading zeros, and ISO days as they are", () => {
    expect(isoDate('12/31/2029')).toBe('2029-12-31');
    expect(isoDate(' 1/5/2020 ')).toBe('2020-01-05');
    expect(isoDate('2020-02-29')).toBe('2020-02-29');
  });

  it('gives an empty box for no value and null for text that is no calendar day', () => {
    for (const value of [undefined, null, '']) expect(isoDate(value)).toBe('');
    for (const value of ['today', '2020-1-5', '01/01/2020 10:00', 20200101]) expect(isoDate(value)).toBeNull();
  });
});

describe("isDateParam: which parameters are calendar days, by the registry's form", () => {
  const date = typeNamed('Date');
  const param = (type: ReturnType<typeof typeNamed>, name: string) => type.parameters.find((p) => p.name === name)!;

  it("takes Date's min and max alike, but not its format", () => {
    expect(isDateParam(param(date, 'min'))).toBe(true);
    expect(isDateParam(param(date, 'max'))).toBe(true);
    expect(isDateParam(param(date, 'format'))).toBe(false);
  });

  it('leaves out dates with a time of day, and times', () => {
    for (const name of ['Datetime', 'Time']) {
      const type = typeNamed(name);
      for (const p of type.parameters) expect(isDateParam(p), `${name}.${p.name}`).toBe(false);
    }
  });

  it('reads the form, not the description: a description naming mm/dd/yyyy alone is no date', () => {
    const min = param(date, 'min');
    expect(isDateParam({ ...min, form: undefined })).toBe(false);
    expect(isDateParam({ ...param(date, 'format'), form: 'date' })).toBe(true);
  });
});

describe("readWeights: a Custom List's distribution as weights", () => {
  it('reads values as a list or a comma-separated string', () => {
    expect(readWeights(['a', 'b'], undefined)).toEqual({ values: ['a', 'b'], weights: null, complex: false });
    expect(readWeights('a, b ,c', null)).toEqual({ values: ['a', 'b', 'c'], weights: null, complex: false });
    expect(readWeights(undefined, undefined).values).toEqual([]);
  });

  it('reads one rule without a condition as weights', () => {
    expect(readWeights(['a'], [{ frequencies: { a: 2 } }]).weights).toEqual({ a: 2 });
    expect(readWeights(['a'], [{ rule: '', frequencies: { a: 2 } }]).weights).toEqual({ a: 2 });
  });

  it('takes conditions, several rules or anything else as a distribution to edit as JSON', () => {
    for (const distribution of [
      [{ rule: "field('x') == 1", frequencies: { a: 1 } }],
      [{ frequencies: { a: 1 } }, { frequencies: { a: 2 } }],
      [{ frequencies: [1] }],
      'a:1',
      {},
    ]) {
      expect(readWeights(['a'], distribution), JSON.stringify(distribution)).toMatchObject({
        weights: null,
        complex: true,
      });
    }
  });
});
