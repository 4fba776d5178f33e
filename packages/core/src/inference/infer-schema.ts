/**
 * A sample CSV -> the fields of a schema that makes data like it, each with the reason for its
 * type. The header alone infers from the names; rows of data add what their values show.
 */
import { inferColumn } from './infer-column.js';
import type { Inference, InferredField } from './proposal.js';
import { readSample } from './read-sample.js';

export function inferSchema(text: string, filename: string | null = null): Inference {
  const sample = readSample(text, filename);
  const fields: InferredField[] = [];
  const reasons: Inference['reasons'] = [];
  sample.columns.forEach(({ name, renamed }, c) => {
    const { proposal, basis, percentBlank } = inferColumn(
      name,
      sample.rows.map((row) => row[c]),
    );
    fields.push({ name, type: proposal.type, ...proposal.params, ...(percentBlank > 0 ? { percentBlank } : {}) });
    const reason = renamed ? `${proposal.reason} (${renamed})` : proposal.reason;
    reasons.push({ field: name, type: proposal.type, basis, reason });
  });
  return { fields, reasons, rowsRead: sample.rows.length, truncated: sample.truncated };
}
