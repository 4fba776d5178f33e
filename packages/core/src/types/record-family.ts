/**
 * Families over a table of records (cars, drugs, ICD codes, stocks...): every field of the family
 * reads the same record within a row, drawn uniformly the first time one of them asks. Each
 * field type is a column of that record.
 */
import { charactersOf } from '../kernel/characters.js';
import type { FamilyDefinition, OutputKind, TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';
import { derivedData } from '../data/data-files.js';

export interface RecordFamily<T> {
  /** The family as rows read it: one record index per row. */
  readonly family: FamilyDefinition<number>;
  /** The records; loaded on first use. */
  readonly records: () => readonly T[];
}

/** A family drawing one of `records()` per row; `name` keys its randomness (keep it stable). */
export function recordFamily<T>(name: string, records: () => readonly T[]): RecordFamily<T> {
  const load = derivedData(() => {
    const list = records();
    if (list.length === 0) throw new Error(`the ${name} family has no records`);
    return list;
  });
  return {
    records: load,
    family: { name, draw: (random) => random.below(load().length) },
  };
}

export interface RecordFieldSpec<T> {
  name: string;
  aliases?: readonly string[];
  category: string;
  description: string;
  /** The field's value from the row's record. */
  read: (record: T) => string | number;
  output?: OutputKind;
}

/** A type whose value is one column of the row's record of `source`. */
export function recordField<T>(source: RecordFamily<T>, spec: RecordFieldSpec<T>): TypeDefinition {
  // The column as its own array (and its characters), computed once: a row costs one index.
  const column = derivedData(() => {
    const values = source.records().map(spec.read);
    return { values, characters: charactersOf(values.map(String)) };
  });
  return plainType({
    ...spec,
    family: source.family.name,
    characters: () => column().characters,
    // A column of the row's record: one index.
    smallValues: true,
    generator: () => {
      const { values } = column();
      return (_random, row) => values[row.family(source.family)];
    },
  });
}
