/**
 * The shape most catalogue types share: no parameters, text values from a known set of
 * characters, and a generator prepared once per field. One factory, so each type module only
 * says what is particular to its types.
 */
import { defineType, type OutputKind, type TypeDefinition, type ValueGenerator } from '../kernel/define-type.js';

export interface PlainTypeSpec {
  name: string;
  aliases?: readonly string[];
  category: string;
  description: string;
  output?: OutputKind;
  /** The family whose record the values read (TypeDefinition.family). */
  family?: string;
  /** Every character the values can contain (CreateContext.declareCharacters); computed per field, so it may load data. */
  characters: () => string;
  /** The per-row generator, made once per field. */
  generator: () => ValueGenerator;
  /** Whether its values are small (TypeDefinition.smallValues): every plain type says. */
  smallValues: boolean;
}

export function plainType(spec: PlainTypeSpec): TypeDefinition {
  return defineType({
    name: spec.name,
    aliases: spec.aliases,
    category: spec.category,
    description: spec.description,
    params: [],
    output: spec.output ?? 'string',
    ...(spec.family === undefined ? {} : { family: spec.family }),
    ...(spec.smallValues ? { smallValues: true as const } : {}),
    create: (_params, context) => {
      context.declareCharacters(spec.characters());
      return spec.generator();
    },
  });
}
