import { describe, expect, it } from 'vitest';
import { fieldSpecs, newField, type SchemaState } from './schema-model';
import { saveBody, stateOf, type SavedSchema } from './SchemasPage-api';

const schema: SchemaState = {
  name: 'people',
  fields: [
    newField({ name: 'id', type: 'Row Number' }),
    newField({ name: 'age', type: 'Number', params: { min: 18, max: 90, decimals: 0 }, percentBlank: 5 }),
    newField({ name: 'label', type: 'Formula', params: { value: "'#' + field('id').to_s" }, formula: 'this.upcase' }),
  ],
  file: {
    count: 300,
    format: 'sql',
    options: { table: 'people', include_header: false, create_table: true },
    seed: '123',
  },
  dirty: true,
};

describe('saveBody: what PUT /api/schemas/NAME takes', () => {
  it("carries the fields as specs, the row count, the format and only that format's options, and no seed unless fixed", () => {
    expect(saveBody(schema)).toEqual({
      fields: [
        { name: 'id', type: 'Row Number' },
        { name: 'age', type: 'Number', min: 18, max: 90, decimals: 0, percentBlank: 5 },
        { name: 'label', type: 'Formula', value: "'#' + field('id').to_s", formula: 'this.upcase' },
      ],
      count: 300,
      format: 'sql',
      options: { table: 'people', create_table: true },
      seed: null,
    });
  });

  it('carries the seed when it is fixed (and none for a fixed but empty seed box)', () => {
    expect(saveBody({ ...schema, file: { ...schema.file, seed: '20261128', fixedSeed: true } }).seed).toBe('20261128');
    expect(saveBody({ ...schema, file: { ...schema.file, seed: '', fixedSeed: true } }).seed).toBeNull();
  });
});

describe('stateOf: a saved schema opened in the builder', () => {
  const saved: SavedSchema = {
    name: 'people',
    fields: saveBody(schema).fields,
    count: 300,
    format: 'sql',
    options: { table: 'people', create_table: true },
    seed: null,
    project: null,
    updated_at: '2026-01-01T00:00:00Z',
  };

  it('gives back what was saved, with a fresh preview seed', () => {
    const state = stateOf(saved);
    expect(state.name).toBe('people');
    expect(fieldSpecs(state.fields)).toEqual(fieldSpecs(schema.fields));
    expect(state.file).toMatchObject({ count: 300, format: 'sql', options: { table: 'people', create_table: true } });
    expect(state.file.seed).toMatch(/^\d+$/);
    expect(state.file.fixedSeed).toBe(false);
  });

  it('opens a schema saved with a fixed seed with that seed, still fixed', () => {
    expect(stateOf({ ...saved, seed: '20261128' }).file).toMatchObject({ seed: '20261128', fixedSeed: true });
    // A server from before seeds were saved answers none.
    const { seed: _none, ...older } = saved;
    expect(stateOf(older as SavedSchema).file.fixedSeed).toBe(false);
  });

  it('opens a schema saved with no file settings, or a format this page does not know, as CSV with no options', () => {
    // What the server answers for a schema saved without file settings.
    expect(stateOf({ ...saved, format: null, options: {} }).file).toMatchObject({ format: 'csv', options: {} });
    // A format of a newer server than this page.
    expect(stateOf({ ...saved, format: 'parquet' } as unknown as SavedSchema).file.format).toBe('csv');
  });
});
