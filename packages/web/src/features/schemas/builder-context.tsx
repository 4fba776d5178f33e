/**
 * The builder's shared state: the schema (fields + file options) and the problems the server
 * last reported for it. The preview asks the server and records the problems; the grid shows
 * each one beside the field and parameter it names.
 */
import { createContext, useContext, type Dispatch } from 'react';
import type { FieldProblem } from '@rowloom/contract';
import type { SchemaAction, SchemaState } from './schema-model';

/** A problem as the server reports it in a 400's `details` (core's Problem). */
export type { FieldProblem };

export interface Builder {
  schema: SchemaState;
  dispatch: Dispatch<SchemaAction>;
  problems: FieldProblem[];
  setProblems(problems: FieldProblem[]): void;
}

export const BuilderContext = createContext<Builder | null>(null);

export function useBuilder(): Builder {
  const builder = useContext(BuilderContext);
  if (!builder) throw new Error('useBuilder outside the builder page');
  return builder;
}

/** The problems that name this field (by its name, or `#position` when it has none). */
export function problemsOf(problems: FieldProblem[], fieldName: string, position: number): FieldProblem[] {
  const label = fieldName || `#${position + 1}`;
  return problems.filter((p) => p.field === label);
}
