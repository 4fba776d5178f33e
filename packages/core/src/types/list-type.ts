/**
 * The commonest shape of type: one value picked uniformly from a fixed list (Frequency, Race,
 * Job Title...). The list is loaded when a schema first uses the type, and its characters are
 * declared so writers can skip escaping checks.
 */
import { charactersOf } from './characters.js';
import { defineType, type TypeDefinition } from './define-type.js';
import { derivedData } from '../data/data-files.js';

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
  return defineType({
    name: spec.name,
    aliases: spec.aliases,
    category: spec.category,
    description: spec.description,
    params: [],
    output: 'string',
    create: (_params, context) => {
      const { values, characters } = list();
      context.declareCharacters(characters);
      return (random) => values[random.below(values.length)];
    },
  });
}
