/**
 * The whole catalogue as plain data, straight from the registry: what `GET /api/types`, the
 * web interface's type picker and the docs show. Example values are generated, never written
 * by hand, so they cannot drift from what the generator does.
 */
import { generateObjects } from '../engine/sample.js';
import type { RelationsSetup } from '../engine/relation-runtime.js';
import { ProjectError, readProject } from '../relations/read-project.js';
import { SchemaError } from '../schema/errors.js';
import { ALL_TYPES } from '../types/registry.js';
import type { OutputKind, ParamForm, ParamKind, TypeDefinition } from '../kernel/define-type.js';

export interface ParameterDescription {
  name: string;
  type: ParamKind;
  description: string;
  default: unknown;
  allowed?: readonly string[];
  min?: number;
  max?: number;
  required: boolean;
  /** A string parameter that is a date or time: which, for a picker. */
  form?: ParamForm;
}

export interface TypeDescription {
  name: string;
  aliases: readonly string[];
  category: string;
  description: string;
  output: OutputKind;
  parameters: ParameterDescription[];
  /** A value generated with the default (or example) parameters, seed 1. */
  example: unknown;
}

const EXAMPLE_SEED = 1;

/**
 * The schema that shows a type: its field `example` (with the example parameters, overridden by
 * `params`), an `example_row` Row Number that examples may refer to, and a child for the
 * structural types.
 */
export function exampleFields(type: TypeDefinition, params: Record<string, unknown> = {}): unknown[] {
  const fields: unknown[] = [
    { name: 'example', type: type.name, ...type.exampleParams, ...params },
    { name: 'example_row', type: 'Row Number' },
  ];
  if (type.structure === 'items') fields.push({ name: 'example.id', type: 'Row Number' });
  return fields;
}

function exampleValue(type: TypeDefinition): unknown {
  return exampleObjects(type, {}, { count: 1, seed: EXAMPLE_SEED })[0].example;
}

/** Rows of the schema that shows a type (exampleFields), with the datasets, scenarios and tables it reads. */
export function exampleObjects(
  type: TypeDefinition,
  params: Record<string, unknown>,
  options: { count: number; seed: string | number },
): Record<string, unknown>[] {
  return generateObjects(exampleFields(type, params), {
    ...options,
    datasets: type.exampleDatasets,
    scenarios: type.exampleScenarios,
    relations: exampleRelations(type, exampleFields(type, params), options.seed),
  });
}

/**
 * A type that reads other tables (Reference) is shown in table `example` of a small project: its
 * parents, and `fields` with the type's siblings (a Child Number's reference with children).
 * Undefined for any other type. Tests that try every type with fields of their own use it too.
 */
export function exampleRelations(
  type: TypeDefinition,
  fields: unknown[],
  seed: string | number,
): RelationsSetup | undefined {
  if (!type.exampleProject) return undefined;
  const { parents, siblings } = type.exampleProject;
  const example = { name: 'example', fields: [...fields, ...siblings] };
  try {
    const model = readProject({ rowloom_project: 1, name: 'example', tables: [...parents, example] });
    return { model, seed, table: 'example' };
  } catch (error) {
    // The example's parameters are the field's: their problems are the field's, as a compile's.
    if (error instanceof ProjectError)
      throw new SchemaError(error.problems.map((message) => ({ field: 'example', param: null, message })));
    throw error;
  }
}

export function describeType(type: TypeDefinition): TypeDescription {
  return {
    name: type.name,
    aliases: type.aliases ?? [],
    category: type.category,
    description: type.description,
    output: type.output,
    parameters: type.params.map((p) => ({
      name: p.name,
      type: p.kind,
      description: p.description,
      default: p.default ?? null,
      ...(p.allowed ? { allowed: p.allowed } : {}),
      ...(p.min !== undefined ? { min: p.min } : {}),
      ...(p.max !== undefined ? { max: p.max } : {}),
      required: p.required ?? false,
      ...(p.form ? { form: p.form } : {}),
    })),
    example: exampleValue(type),
  };
}

export function describeCatalogue(): TypeDescription[] {
  return ALL_TYPES.map(describeType);
}
