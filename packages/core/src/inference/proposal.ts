/** What inference proposes for one column: a field as a schema takes it, and why. */

export interface Proposal {
  /** A type name of the registry (types/registry.ts). */
  type: string;
  /** The type's parameters (min, max, format, values...). */
  params: Record<string, unknown>;
  /** Why, in a few words: "name looks like an email column", "all 200 values are emails". */
  reason: string;
}

/** What the proposal rests on: the values, the name, both, or nothing (a fallback). */
export type Basis = 'values' | 'name' | 'name and values' | 'default';

export interface InferredField {
  name: string;
  type: string;
  percentBlank?: number;
  [param: string]: unknown;
}

export interface InferenceReason {
  /** The field's name. */
  field: string;
  type: string;
  basis: Basis;
  reason: string;
}

export interface Inference {
  /** Fields in the shape a schema (and `rowloom generate`) takes: {name, type, ...parameters}. */
  fields: InferredField[];
  /** One per field, in the same order. */
  reasons: InferenceReason[];
  /** Data rows looked at (0 for a header alone). */
  rowsRead: number;
  /** The sample had more rows than were read. */
  truncated: boolean;
}
