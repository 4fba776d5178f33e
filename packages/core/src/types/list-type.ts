/**
 * The commonest shape of type: one value picked uniformly from a fixed list (Frequency, Race,
 * Job Title...). The list is loaded when a schema first uses the type, and its characters are
 * declared so writers can skip escaping checks.
 */
import { charactersOf } from '../kernel/characters.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';
import { derivedData } from '../data/data-files.js';
import { withBytes } from '../bytes/byte-forms.js';
import { EncodedPool, writePooled } from '../bytes/encoded-pool.js';

export interface ListTypeSpec {
  name: string;
  aliases?: readonly string[];
  category: string;
  description: string;
  /** The values; called once, on first use. */
  values: () => readonly string[];
}

export function listType(spec: ListTypeSpec): TypeDefinition {
  const list = derivedData(() => {
    const values = spec.values();
    if (values.length === 0) throw new Error(`the value list of ${spec.name} is empty`);
    return { values, characters: charactersOf(values) };
  });
  const pool = derivedData(() => EncodedPool.of(list().values));
  return plainType({
    ...spec,
    characters: () => list().characters,
    // A pick from a fixed, curated list.
    smallValues: true,
    generator: () => {
      const { values } = list();
      const bytes = pool();
      return withBytes(
        (random) => values[random.below(values.length)],
        (random, _row, out) => writePooled(out, bytes, random.below(values.length)),
      );
    },
  });
}
