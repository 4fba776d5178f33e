import { describe, expect, it } from 'vitest';
import {
  BINARY_FORMATS,
  fileUrl,
  FORMAT_EXTENSIONS,
  FORMAT_LABELS,
  FORMAT_OPTIONS,
  optionsFor,
} from './FileOptionsPanel-formats';
import { FORMATS, type FileSettings } from './schema-model';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://page').searchParams);

describe("optionsFor and fileUrl: only the chosen format's options are sent", () => {
  // Options left from formats chosen before: the CSV header and the SQL table.
  const file: FileSettings = {
    count: 20,
    format: 'json',
    options: { include_header: false, table: 'people', array: true, include_nulls: false },
    seed: '9',
  };

  it("keeps the chosen format's options and drops the others", () => {
    expect(optionsFor(file)).toEqual({ array: true, include_nulls: false });
    expect(optionsFor({ ...file, format: 'sql' })).toEqual({ table: 'people' });
    expect(optionsFor({ ...file, format: 'xml' })).toEqual({});
  });

  it('builds the generate URL with them', () => {
    expect(fileUrl(file)).toBe('/api/generate.json?count=20&seed=9&array=true&include_nulls=false');
    expect(query(fileUrl({ ...file, format: 'csv' }))).toEqual({ count: '20', seed: '9', include_header: 'false' });
  });

  it('sends no options when asked for another format than the chosen one', () => {
    expect(fileUrl(file, { format: 'sql', count: 3 })).toBe('/api/generate.sql?count=3&seed=9');
    expect(fileUrl(file, { format: 'json' })).toBe(fileUrl(file));
  });
});

describe('the format tables', () => {
  it('describe every format: a label, a file extension and its options', () => {
    for (const format of FORMATS) {
      expect(FORMAT_LABELS[format]).toBeTruthy();
      expect(FORMAT_EXTENSIONS[format]).toMatch(/^[a-z]+$/);
      expect(Array.isArray(FORMAT_OPTIONS[format])).toBe(true);
    }
    expect([...BINARY_FORMATS]).toEqual(['xlsx']);
  });

  it('give every choice option a default among its choices, and never one option name twice in a format', () => {
    for (const format of FORMATS) {
      const names = FORMAT_OPTIONS[format].map((o) => o.name);
      expect(new Set(names).size).toBe(names.length);
      for (const option of FORMAT_OPTIONS[format]) {
        if (option.kind === 'choice') expect(option.choices.map((c) => c.value)).toContain(option.default);
      }
    }
  });

  it('give an option that two formats share the same kind in both', () => {
    const kinds = new Map<string, string>();
    for (const option of FORMATS.flatMap((format) => FORMAT_OPTIONS[format])) {
      expect(kinds.get(option.name) ?? option.kind, option.name).toBe(option.kind);
      kinds.set(option.name, option.kind);
    }
  });
});
