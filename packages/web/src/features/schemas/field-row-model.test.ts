import { describe, expect, it } from 'vitest';
import { typeNamed } from '../../test-support/catalogue';
import {
  describedBy,
  namePath,
  fitsParam,
  oneLine,
  paramsKeptFor,
  parentPath,
  placeOf,
  placeProblems,
  positionOf,
} from './field-row-model';
import { newField, schemaReducer, type SchemaState } from './schema-model';

describe('paramsKeptFor: what a change of type keeps', () => {
  it('keeps the parameters the new type also has and drops the rest', () => {
    const numberParams = { min: 5, max: 50, decimals: 0 };
    expect(paramsKeptFor(typeNamed('Words'), numberParams)).toEqual({ min: 5, max: 50 });
    expect(paramsKeptFor(typeNamed('Normal Distribution'), numberParams)).toEqual({ decimals: 0 });
    expect(paramsKeptFor(typeNamed('Email Address'), numberParams)).toEqual({});
  });

  it("keeps a Custom List's values and weights when it becomes another list type, and drops them for a Template", () => {
    const list = { values: ['a', 'b'], selectionStyle: 'sequential', distribution: [{ frequencies: { a: 2, b: 1 } }] };
    expect(paramsKeptFor(typeNamed('Dataset Column'), list)).toEqual({
      selectionStyle: 'sequential',
      distribution: list.distribution,
    });
    expect(paramsKeptFor(typeNamed('Template'), list)).toEqual({});
  });

  it("drops a value the new type's parameter of the same name does not take: a Date's max is no Number's max", () => {
    const dateParams = { min: '01/01/2000', max: '12/31/2005', format: '%m/%d/%Y' };
    expect(paramsKeptFor(typeNamed('Number'), dateParams)).toEqual({});
    expect(paramsKeptFor(typeNamed('Datetime'), dateParams)).toEqual(dateParams);
    expect(paramsKeptFor(typeNamed('Time'), dateParams)).toEqual({ format: '%m/%d/%Y' });
    expect(paramsKeptFor(typeNamed('Date'), { min: '12:00 AM', max: '11:59 PM' })).toEqual({});
  });

  it('keeps a number only within the new bounds and a whole one for an integer; a choice only when allowed', () => {
    const param = (type: string, name: string) => typeNamed(type).parameters.find((p) => p.name === name)!;
    const decimals = param('Number', 'decimals');
    expect(fitsParam(decimals, 2)).toBe(true);
    expect(fitsParam(decimals, 2.5)).toBe(false);
    expect(fitsParam(decimals, '2')).toBe(false);
    if (decimals.max !== undefined) expect(fitsParam(decimals, decimals.max + 1)).toBe(false);
    const choice = typeNamed('Custom List').parameters.find((p) => p.allowed?.length)!;
    expect(fitsParam(choice, choice.allowed![0].toUpperCase())).toBe(true);
    expect(fitsParam(choice, 'no such choice')).toBe(false);
    expect(fitsParam(param('Custom List', 'values'), ['a', 'b'])).toBe(true);
    expect(fitsParam(param('Custom List', 'values'), [1, 2])).toBe(false);
  });

  it('keeps nothing for a type the catalogue does not know', () => {
    expect(paramsKeptFor(undefined, { min: 1 })).toEqual({});
  });

  it("changes a field's type through the reducer as the grid does, leaving its name, blank % and formula", () => {
    const field = newField({
      name: 'age',
      type: 'Number',
      params: { min: 18, max: 90, decimals: 0 },
      percentBlank: 10,
      formula: 'this + 1',
    });
    const state: SchemaState = {
      name: '',
      fields: [field],
      file: { count: 1, format: 'csv', options: {}, seed: '1' },
      dirty: false,
    };
    const words = typeNamed('Words');
    const next = schemaReducer(state, {
      kind: 'update',
      key: field.key,
      patch: { type: words.name, params: paramsKeptFor(words, field.params) },
    });
    expect(next.fields[0]).toEqual({ ...field, type: 'Words', params: { min: 18, max: 90 } });
    expect(next.dirty).toBe(true);
  });
});

describe('placeOf: beside which control a problem shows', () => {
  const number = typeNamed('Number');
  const list = typeNamed('Custom List');

  it('puts a problem with no parameter, or the name, beside the name', () => {
    expect(placeOf({ field: 'a', param: null, message: 'm' }, number)).toBe('name');
    expect(placeOf({ field: 'a', param: 'name', message: 'm' }, number)).toBe('name');
  });

  it('knows the type, the blank % under all its names and the formula', () => {
    expect(placeOf({ field: 'a', param: 'type', message: 'm' }, number)).toBe('type');
    for (const param of ['percentBlank', 'percentageBlank', 'null_percentage'])
      expect(placeOf({ field: 'a', param, message: 'm' }, number)).toBe('percentBlank');
    expect(placeOf({ field: 'a', param: 'formula', message: 'm' }, number)).toBe('formula');
  });

  it("puts a parameter's problem, or one inside it, beside that parameter", () => {
    expect(placeOf({ field: 'a', param: 'max', message: 'm' }, number)).toEqual({ param: 'max' });
    expect(placeOf({ field: 'a', param: 'distribution[0].rule', message: 'm' }, list)).toEqual({
      param: 'distribution',
    });
    expect(placeOf({ field: 'a', param: 'values.3', message: 'm' }, list)).toEqual({ param: 'values' });
  });

  it('puts a parameter the type does not have beside the name', () => {
    expect(placeOf({ field: 'a', param: 'colour', message: 'm' }, number)).toBe('name');
    expect(placeOf({ field: 'a', param: 'max', message: 'm' }, undefined)).toBe('name');
  });
});

describe('placeProblems and describedBy: problems tied to their controls for screen readers', () => {
  const problems = placeProblems(
    [
      { field: 'n', param: 'max', message: 'max must be at least min' },
      { field: 'n', param: null, message: 'duplicate name' },
      { field: 'n', param: 'max', message: 'max is too large' },
    ],
    typeNamed('Number'),
    'row7',
  );

  it('gives each problem an id of its row and its place', () => {
    expect(problems.map((p) => [p.id, p.place])).toEqual([
      ['row7-problem-0', { param: 'max' }],
      ['row7-problem-1', 'name'],
      ['row7-problem-2', { param: 'max' }],
    ]);
  });

  it('lists the ids of the problems at a place, then any other description, or nothing', () => {
    expect(describedBy(problems, { param: 'max' })).toBe('row7-problem-0 row7-problem-2');
    expect(describedBy(problems, 'name', 'row7-path', undefined)).toBe('row7-problem-1 row7-path');
    expect(describedBy(problems, { param: 'min' })).toBeUndefined();
    expect(describedBy(problems, 'formula')).toBeUndefined();
  });
});

describe('nested names', () => {
  it('splits a dotted name into its path, ignoring empty parts', () => {
    expect(namePath('address.city')).toEqual(['address', 'city']);
    expect(namePath('orders[].items[2].id')).toEqual(['orders[]', 'items[2]', 'id']);
    expect(namePath('.a..b.')).toEqual(['a', 'b']);
  });

  it('gives the parents shown before a nested name and its depth, at most 6', () => {
    expect(parentPath('id')).toEqual({ parents: [], depth: 0 });
    expect(parentPath('address.geo.lat')).toEqual({ parents: ['address', 'geo'], depth: 2 });
    expect(parentPath('a.b.c.d.e.f.g.h').depth).toBe(6);
  });
});

describe('positionOf: where in a formula a problem is', () => {
  it('reads the last "at LINE:COLUMN" of a message', () => {
    expect(positionOf('unexpected ")" at 2:14')).toEqual({ line: 2, column: 14 });
    expect(positionOf("in field('x') at 1:3: unknown method at 3:7")).toEqual({ line: 3, column: 7 });
    expect(positionOf('unknown field "x"')).toBeNull();
    expect(positionOf('that:1:2')).toBeNull();
  });
});

describe('oneLine: a multi-line formula in a one-line box', () => {
  it('shows each line break as ⏎, so statements do not run together', () => {
    expect(oneLine('x = 1\nx + 2')).toBe('x = 1 ⏎ x + 2');
    expect(oneLine('a\r\nb')).toBe('a ⏎ b');
    expect(oneLine('one line')).toBe('one line');
  });
});
