import { describe, expect, it } from 'vitest';
import {
  fieldSpecs,
  fieldsFromSpecs,
  generateQuery,
  generateUrl,
  initialSchema,
  newField,
  schemaReducer,
  type FileSettings,
  type SchemaState,
} from './schema-model';

function schemaWith(fields = initialSchema().fields, dirty = false): SchemaState {
  return { name: 'people', fields, file: { count: 10, format: 'csv', options: {}, seed: '42' }, dirty };
}

describe('schemaReducer', () => {
  it("adds a field with the last field's type and a copy of its parameters, named after its position", () => {
    const list = newField({ name: 'colour', type: 'Custom List', params: { values: ['red', 'blue'] } });
    const state = schemaReducer(schemaWith([newField({ name: 'id' }), list]), { kind: 'add' });
    const added = state.fields[2];
    expect(added).toMatchObject({
      name: 'field_3',
      type: 'Custom List',
      params: { values: ['red', 'blue'] },
      percentBlank: 0,
      formula: '',
    });
    expect(added.params).not.toBe(list.params);
    expect(added.key).not.toBe(list.key);
    expect(state.dirty).toBe(true);
  });

  it('adds a Row Number named field_1 to an empty schema, and takes what the action gives', () => {
    expect(schemaReducer(schemaWith([]), { kind: 'add' }).fields[0]).toMatchObject({
      name: 'field_1',
      type: 'Row Number',
      params: {},
    });
    const given = schemaReducer(schemaWith(), { kind: 'add', field: { name: 'city', type: 'City' } });
    expect(given.fields.at(-1)).toMatchObject({ name: 'city', type: 'City' });
  });

  it('removes, updates and moves fields by key and position', () => {
    const [a, b, c] = [newField({ name: 'a' }), newField({ name: 'b' }), newField({ name: 'c' })];
    const start = schemaWith([a, b, c]);
    expect(schemaReducer(start, { kind: 'remove', key: b.key }).fields.map((f) => f.name)).toEqual(['a', 'c']);
    const updated = schemaReducer(start, { kind: 'update', key: c.key, patch: { name: 'z', percentBlank: 25 } });
    expect(updated.fields[2]).toMatchObject({ key: c.key, name: 'z', percentBlank: 25 });
    expect(updated.fields[0]).toBe(a);
    expect(schemaReducer(start, { kind: 'move', from: 0, to: 2 }).fields.map((f) => f.name)).toEqual(['b', 'c', 'a']);
    expect(schemaReducer(start, { kind: 'move', from: 2, to: 0 }).fields.map((f) => f.name)).toEqual(['c', 'a', 'b']);
    expect(start.fields.map((f) => f.name)).toEqual(['a', 'b', 'c']);
  });

  it('counts a new preview seed alone as no change worth saving, but any other file setting as one', () => {
    const clean = schemaWith();
    const reseeded = schemaReducer(clean, { kind: 'set-file', patch: { seed: '7' } });
    expect(reseeded.file.seed).toBe('7');
    expect(reseeded.dirty).toBe(false);
    expect(schemaReducer(clean, { kind: 'set-file', patch: { format: 'json' } }).dirty).toBe(true);
    expect(schemaReducer(clean, { kind: 'set-file', patch: { seed: '8', count: 5 } })).toMatchObject({
      dirty: true,
      file: { seed: '8', count: 5, format: 'csv' },
    });
    expect(schemaReducer(schemaWith(undefined, true), { kind: 'set-file', patch: { seed: '9' } }).dirty).toBe(true);
  });

  it('counts a new seed as a change once the seed is fixed (it is saved then), and fixing it as one too', () => {
    const clean = schemaWith();
    const fixed = schemaReducer(clean, { kind: 'set-file', patch: { fixedSeed: true } });
    expect(fixed.dirty).toBe(true);
    const saved = schemaReducer(fixed, { kind: 'saved', name: 'people' });
    expect(schemaReducer(saved, { kind: 'set-file', patch: { seed: '7' } }).dirty).toBe(true);
  });

  it("forgets a restored backup's name once the schema is saved under a name", () => {
    const restored = { ...schemaWith(), name: '', backupName: 'patients' };
    expect(schemaReducer(restored, { kind: 'saved', name: 'mine' })).toMatchObject({
      name: 'mine',
      backupName: undefined,
    });
  });

  it('loads clean unless told it is a restored draft, and a save records the name and cleans', () => {
    const loaded = schemaReducer(schemaWith(undefined, true), {
      kind: 'load',
      state: { name: 'x', fields: [], file: schemaWith().file },
    });
    expect(loaded).toMatchObject({ name: 'x', fields: [], dirty: false });
    expect(schemaReducer(loaded, { kind: 'load', state: loaded, dirty: true }).dirty).toBe(true);
    expect(schemaReducer(schemaWith(undefined, true), { kind: 'saved', name: 'orders' })).toMatchObject({
      name: 'orders',
      dirty: false,
    });
  });
});

describe('fieldSpecs: the fields as the generate and save requests carry them', () => {
  it('spreads the parameters and leaves out a zero blank % and an empty or blank formula', () => {
    const fields = [
      newField({ name: 'id', type: 'Row Number' }),
      newField({
        name: 'n',
        type: 'Number',
        params: { min: 1, max: 9, decimals: 0 },
        percentBlank: 12.5,
        formula: 'this * 2',
      }),
      newField({ name: 'w', type: 'Words', formula: '  \n ' }),
    ];
    expect(fieldSpecs(fields)).toEqual([
      { name: 'id', type: 'Row Number' },
      { name: 'n', type: 'Number', min: 1, max: 9, decimals: 0, percentBlank: 12.5, formula: 'this * 2' },
      { name: 'w', type: 'Words' },
    ]);
  });

  it("never sends the field's React key", () => {
    for (const spec of fieldSpecs(initialSchema().fields)) expect(Object.keys(spec)).not.toContain('key');
  });
});

describe('fieldsFromSpecs: a schema read back', () => {
  it('reverses fieldSpecs', () => {
    const fields = [
      newField({ name: 'n', type: 'Number', params: { min: 1, max: 9 }, percentBlank: 5, formula: 'this + 1' }),
      newField({ name: 'e', type: 'Email Address' }),
    ];
    const back = fieldsFromSpecs(fieldSpecs(fields));
    expect(back.map(({ key: _key, ...rest }) => rest)).toEqual(fields.map(({ key: _key, ...rest }) => rest));
  });

  it('reads the blank % under any of its names, and a blank % that is no number as 0', () => {
    const specs = [
      { name: 'a', type: 'Words', percentageBlank: 30 },
      { name: 'b', type: 'Words', null_percentage: '40' },
      { name: 'c', type: 'Words', percentBlank: 'lots' },
    ];
    expect(fieldsFromSpecs(specs).map((f) => [f.percentBlank, f.params])).toEqual([
      [30, {}],
      [40, {}],
      [0, {}],
    ]);
  });

  it('takes a missing name or type as empty text and a formula that is not text as none', () => {
    const [field] = fieldsFromSpecs([{ formula: null, min: 3 }]);
    expect(field).toMatchObject({ name: '', type: '', formula: '', params: { min: 3 } });
  });
});

describe('generateQuery and generateUrl', () => {
  const file: FileSettings = {
    count: 250,
    format: 'sql',
    options: { table: 'people', create_table: true, keyspace: '' },
    seed: 'abc',
  };

  it('carries count, seed and every option that is set, booleans as text', () => {
    const query = generateQuery(file);
    expect(Object.fromEntries(query)).toEqual({ count: '250', seed: 'abc', table: 'people', create_table: 'true' });
    expect(query.has('keyspace')).toBe(false);
    expect(generateQuery({ ...file, options: { include_header: false } }).get('include_header')).toBe('false');
  });

  it("posts to the chosen format's endpoint unless told another count or format", () => {
    expect(generateUrl(file)).toBe('/api/generate.sql?count=250&seed=abc&table=people&create_table=true');
    expect(generateUrl(file, { count: 5, format: 'json' })).toBe(
      '/api/generate.json?count=5&seed=abc&table=people&create_table=true',
    );
  });

  it('encodes a seed and options that need it', () => {
    const url = new URL(
      generateUrl({ count: 1, format: 'custom', options: { delimiter: '&;' }, seed: 'a b&c' }),
      'http://x',
    );
    expect(url.searchParams.get('seed')).toBe('a b&c');
    expect(url.searchParams.get('delimiter')).toBe('&;');
  });
});

describe('initialSchema and newField', () => {
  it('starts clean and unnamed with four fields, 1000 CSV rows and a numeric seed', () => {
    const schema = initialSchema();
    expect(schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['id', 'Row Number'],
      ['first_name', 'First Name'],
      ['last_name', 'Last Name'],
      ['email', 'Email Address'],
    ]);
    expect(schema).toMatchObject({ name: '', dirty: false, file: { count: 1000, format: 'csv', options: {} } });
    expect(schema.file.seed).toMatch(/^\d+$/);
  });

  it('gives every field its own key', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newField().key));
    expect(keys.size).toBe(200);
  });
});
