import { describe, expect, it } from 'vitest';
import type { InferResult } from '@rowloom/contract';
import {
  exportName,
  fieldsAfterImport,
  fromExport,
  MAX_FIELDS,
  MAX_SAMPLE_CHARS,
  proposedFields,
  sampleHead,
  toExport,
} from './import-export';
import { fieldSpecs, newField, type SchemaState } from './schema-model';

/** A backup file as the established product writes it: its own id, formula null, every column's null_percentage. */
const PATIENTS = {
  id: 4711,
  num_rows: 200,
  file_format: 'csv',
  name: 'patients',
  include_header: true,
  line_ending: 'unix',
  bom: false,
  columns: [
    { name: 'mrn', type: 'Character Sequence', null_percentage: 0, formula: null, format: '^^##^^######' },
    { name: 'given', type: 'First Name', null_percentage: 0, formula: null },
    { name: 'suffix', type: 'Suffix', null_percentage: 80, formula: null },
    {
      name: 'twins',
      type: 'Custom List',
      null_percentage: 0,
      formula: null,
      values: ['Y', 'N'],
      selectionStyle: 'random',
      distribution: null,
    },
    { name: 'area', type: 'Phone', null_percentage: 0, formula: 'this[0,2]', format: '+#-###-###-####' },
  ],
};

function schemaOf(partial: Partial<SchemaState> = {}): SchemaState {
  return {
    name: 'orders',
    fields: [],
    file: { count: 10, format: 'csv', options: {}, seed: '1' },
    dirty: false,
    ...partial,
  };
}

describe('fromExport: restoring a backup file', () => {
  it('reads the name, row count, format, file options and columns of an established-product export', () => {
    const { state, notes } = fromExport(PATIENTS);
    expect(notes).toEqual([]);
    expect(state.name).toBe('patients');
    expect(state.file).toMatchObject({
      count: 200,
      format: 'csv',
      options: { include_header: true, line_ending: 'unix', bom: false },
    });
    expect(state.file.seed).toMatch(/^\d+$/);
    expect(state.fields.map(({ key: _key, ...field }) => field)).toEqual([
      { name: 'mrn', type: 'Character Sequence', params: { format: '^^##^^######' }, percentBlank: 0, formula: '' },
      { name: 'given', type: 'First Name', params: {}, percentBlank: 0, formula: '' },
      { name: 'suffix', type: 'Suffix', params: {}, percentBlank: 80, formula: '' },
      {
        name: 'twins',
        type: 'Custom List',
        params: { values: ['Y', 'N'], selectionStyle: 'random' },
        percentBlank: 0,
        formula: '',
      },
      { name: 'area', type: 'Phone', params: { format: '+#-###-###-####' }, percentBlank: 0, formula: 'this[0,2]' },
    ]);
  });

  it('gives fields the generate request takes as they were written (nulls and column ids left out)', () => {
    const doc = {
      ...PATIENTS,
      columns: [
        { id: 9, name: 'n', type: 'Number', null_percentage: 10, formula: null, min: 1, max: 5, decimals: null },
      ],
    };
    expect(fieldSpecs(fromExport(doc).state.fields)).toEqual([
      { name: 'n', type: 'Number', min: 1, max: 5, percentBlank: 10 },
    ]);
  });

  it("reads the file settings under the export's own key names (table_name, include_create_table) as the server writes them", () => {
    const doc = {
      name: 'people',
      num_rows: 7,
      file_format: 'sql',
      table_name: 'people',
      include_create_table: true,
      columns: PATIENTS.columns,
    };
    expect(fromExport(doc).state.file).toMatchObject({
      format: 'sql',
      options: { table: 'people', create_table: true },
    });
  });

  it('reads line endings written as the characters themselves, and true/false written as text', () => {
    expect(fromExport({ ...PATIENTS, line_ending: '\r\n' }).state.file.options.line_ending).toBe('windows');
    expect(fromExport({ ...PATIENTS, line_ending: '\n' }).state.file.options.line_ending).toBe('unix');
    expect(fromExport({ ...PATIENTS, include_header: 'false', bom: 'true' }).state.file.options).toMatchObject({
      include_header: false,
      bom: true,
    });
  });

  it("maps the established product's format names, and says so when it falls back to CSV", () => {
    expect(fromExport({ ...PATIENTS, file_format: 'Tab' }).state.file.format).toBe('txt');
    expect(fromExport({ ...PATIENTS, file_format: 'excel' }).state.file.format).toBe('xlsx');
    expect(fromExport({ ...PATIENTS, file_format: ' JSON ' }).state.file.format).toBe('json');
    const { state, notes } = fromExport({ ...PATIENTS, file_format: 'parquet' });
    expect(state.file.format).toBe('csv');
    expect(notes).toEqual(['The file\'s format "parquet" is not one Rowloom writes; CSV is chosen instead.']);
    expect(fromExport({ columns: [] }).state.file.format).toBe('csv');
  });

  it("takes 1000 rows when the count is missing or no whole number of at least 1, and reads Rowloom's count and fields too", () => {
    for (const num_rows of [0, -3, 2.5, '10', null])
      expect(fromExport({ ...PATIENTS, num_rows }).state.file.count).toBe(1000);
    const rowloom = fromExport({ count: 12, fields: [{ name: 'id', type: 'Row Number' }] }).state;
    expect([rowloom.file.count, rowloom.fields.length, rowloom.name]).toEqual([12, 1, '']);
  });

  it('ignores file options that are neither text nor true/false, and keys that are no file option', () => {
    const { options } = fromExport({ ...PATIENTS, include_header: 1, bom: null, colour: 'red', array: true }).state
      .file;
    expect(options).toEqual({ line_ending: 'unix', array: true });
  });

  it('refuses what is no schema export, saying why', () => {
    expect(() => fromExport(null)).toThrow('expected a JSON object with "columns"');
    expect(() => fromExport([PATIENTS])).toThrow('expected a JSON object with "columns"');
    expect(() => fromExport({ name: 'x' })).toThrow('it has no "columns" list');
    expect(() => fromExport({ columns: [{ name: 'a', type: 'Words' }, 'b'] })).toThrow(
      'column 2 is not an object with "name" and "type"',
    );
    expect(() => fromExport({ columns: [[]] })).toThrow('column 1 is not an object');
  });

  it('refuses more columns than a schema may hold, before building any field', () => {
    const columns = Array.from({ length: MAX_FIELDS + 1 }, (_, i) => ({ name: `c${i}`, type: 'Words' }));
    expect(() => fromExport({ columns })).toThrow(
      `it has ${MAX_FIELDS + 1} columns; a schema holds at most ${MAX_FIELDS} fields`,
    );
    expect(fromExport({ columns: columns.slice(1) }).state.fields).toHaveLength(MAX_FIELDS);
  });
});

describe('toExport: the backup file written in the page', () => {
  it("writes the established product's shape: name, num_rows, file_format, options, columns with null_percentage and any formula", () => {
    const schema = schemaOf({
      fields: [
        newField({ name: 'n', type: 'Number', params: { min: 2 }, percentBlank: 5, formula: 'this * 2' }),
        newField({ name: 'w', type: 'Words', formula: ' ' }),
      ],
      file: { count: 30, format: 'json', options: { array: true, include_nulls: false }, seed: '3' },
    });
    expect(toExport(schema)).toEqual({
      name: 'orders',
      num_rows: 30,
      file_format: 'json',
      array: true,
      include_nulls: false,
      columns: [
        { name: 'n', type: 'Number', null_percentage: 5, formula: 'this * 2', min: 2 },
        { name: 'w', type: 'Words', null_percentage: 0 },
      ],
    });
  });

  it('leaves out what is not set (no formula, a null or empty option, no name) rather than writing null or ""', () => {
    const doc = toExport(
      schemaOf({
        name: '',
        fields: [newField({ name: 'n', type: 'Number', params: { min: null, max: '', decimals: 2 } })],
        file: { count: 3, format: 'csv', options: { delimiter: '', include_header: false }, seed: '1' },
      }),
    );
    expect(doc).toEqual({
      num_rows: 3,
      file_format: 'csv',
      include_header: false,
      columns: [{ name: 'n', type: 'Number', null_percentage: 0, decimals: 2 }],
    });
    expect(JSON.stringify(doc)).not.toMatch(/:null|:""/);
  });

  it('writes a fixed seed, and reads it back as fixed; an unfixed seed is not written', () => {
    const file = { count: 3, format: 'csv' as const, options: {}, seed: '20261128' };
    expect(toExport(schemaOf({ file: { ...file, fixedSeed: true } })).seed).toBe('20261128');
    expect(toExport(schemaOf({ file })).seed).toBeUndefined();
    const back = fromExport(JSON.parse(JSON.stringify(toExport(schemaOf({ file: { ...file, fixedSeed: true } })))));
    expect(back.state.file).toMatchObject({ seed: '20261128', fixedSeed: true });
    expect(fromExport({ columns: [], seed: 42 }).state.file).toMatchObject({ seed: '42', fixedSeed: true });
    for (const seed of [null, '', 1.5, 'x'.repeat(1001), { a: 1 }])
      expect(fromExport({ columns: [], seed }).state.file.fixedSeed, JSON.stringify(seed)).toBe(false);
  });

  it("takes a restored backup's name until the schema is saved under one", () => {
    expect(toExport(schemaOf({ name: '', backupName: 'patients' })).name).toBe('patients');
    expect(toExport(schemaOf({ name: 'saved', backupName: 'patients' })).name).toBe('saved');
    expect(exportName({ name: '', backupName: undefined })).toBe('');
  });

  it("writes the SQL table settings under the export's key names, which the server's restore reads", () => {
    const doc = toExport(
      schemaOf({ file: { count: 5, format: 'sql', options: { table: 'people', create_table: true }, seed: '1' } }),
    );
    expect(doc).toMatchObject({ file_format: 'sql', table_name: 'people', include_create_table: true });
    expect(doc).not.toHaveProperty('table');
    expect(doc).not.toHaveProperty('create_table');
  });

  it("leaves out keys that are no file option, and never writes the seed or the fields' keys", () => {
    const doc = toExport(
      schemaOf({
        fields: [newField({ name: 'a' })],
        file: { count: 1, format: 'csv', options: { include_header: false, preview: 'true' }, seed: '99' },
      }),
    );
    expect(Object.keys(doc).sort()).toEqual(['columns', 'file_format', 'include_header', 'name', 'num_rows']);
    expect(Object.keys(doc.columns[0]).sort()).toEqual(['name', 'null_percentage', 'type']);
  });
});

describe('a backup round trip', () => {
  it('exports an established-product file as it was read (less its own id)', () => {
    const { id: _id, ...rest } = PATIENTS;
    const { state } = fromExport(PATIENTS);
    expect(toExport({ ...state, dirty: false })).toEqual({
      ...rest,
      // A parameter or formula written as null means "not set": it is not written back.
      columns: PATIENTS.columns.map(({ distribution: _unset, formula, ...column }) =>
        formula === null ? column : { ...column, formula },
      ),
    });
  });

  it('gives the same schema back from its own export, settings of every format included', () => {
    const schema = schemaOf({
      name: 'people',
      fields: [
        newField({ name: 'id', type: 'Row Number' }),
        newField({
          name: 'tags',
          type: 'Custom List',
          params: { values: ['a', 'b'], distribution: [{ frequencies: { a: 3, b: 1 } }] },
          percentBlank: 20,
        }),
        newField({ name: 'total', type: 'Formula', params: { value: "field('id') * 2" }, formula: 'this + 1' }),
      ],
      file: { count: 77, format: 'sql', options: { table: 'people', create_table: true }, seed: '5' },
    });
    const exported = JSON.parse(JSON.stringify(toExport(schema))) as unknown;
    const { state, notes } = fromExport(exported);
    expect(notes).toEqual([]);
    expect(state.name).toBe('people');
    expect(state.file).toMatchObject({ count: 77, format: 'sql', options: { table: 'people', create_table: true } });
    expect(fieldSpecs(state.fields)).toEqual(fieldSpecs(schema.fields));
    expect(toExport({ ...state, dirty: false })).toEqual(toExport(schema));
  });
});

describe('importing fields from a CSV sample', () => {
  const result: InferResult = {
    fields: [
      { name: 'id', type: 'Row Number' },
      { name: 'status', type: 'Custom List', values: ['a', 'b'], selectionStyle: 'custom', percentBlank: 10 },
    ],
    reasons: [
      { field: 'id', type: 'Row Number', basis: 'name and values', reason: 'the 3 values count 1, 2, 3...' },
      { field: 'status', type: 'Custom List', basis: 'values', reason: 'the 6 values are 2 distinct ones' },
    ],
    rows_read: 6,
    truncated: false,
  };

  it('turns the inferred fields into builder fields with their parameters and blank %', () => {
    const fields = proposedFields(result);
    expect(fields.map((f) => [f.name, f.type, f.percentBlank])).toEqual([
      ['id', 'Row Number', 0],
      ['status', 'Custom List', 10],
    ]);
    expect(fields[1].params).toEqual({ values: ['a', 'b'], selectionStyle: 'custom' });
    expect(new Set(fields.map((f) => f.key)).size).toBe(2);
  });

  it('adds after the current fields unless asked to replace them', () => {
    const current = [newField({ name: 'x', type: 'Words' })];
    const proposed = proposedFields(result);
    expect(fieldsAfterImport(current, proposed, false).map((f) => f.name)).toEqual(['x', 'id', 'status']);
    expect(fieldsAfterImport(current, proposed, true).map((f) => f.name)).toEqual(['id', 'status']);
    const taken = [newField({ name: 'id' }), newField({ name: 'id_2' })];
    expect(fieldsAfterImport(taken, proposed, false).map((f) => f.name)).toEqual(['id', 'id_2', 'id_3', 'status']);
    const many = Array.from({ length: MAX_FIELDS - 1 }, () => newField());
    expect(() => fieldsAfterImport(many, proposed, false)).toThrow(`makes more than ${MAX_FIELDS}`);
    expect(fieldsAfterImport(many, proposed, true)).toHaveLength(2);
  });

  it('sends at most the first 256 KB of a sample, cut after a line break', () => {
    expect(sampleHead('a,b\n1,2\n')).toBe('a,b\n1,2\n');
    const long = 'a,b\n' + '1,2\n'.repeat(MAX_SAMPLE_CHARS);
    const head = sampleHead(long);
    expect(head.length).toBeLessThanOrEqual(MAX_SAMPLE_CHARS);
    expect(head.endsWith('1,2\n')).toBe(true);
  });
});
