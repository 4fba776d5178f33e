/** The preview table's rows: the JSON output with nested objects flattened to dotted columns. */

export interface PreviewTable {
  columns: string[];
  rows: Record<string, string>[];
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** address: {city: "X"} -> {"address.city": "X"}; arrays stay whole (shown as JSON). */
function flatten(
  value: Record<string, unknown>,
  prefix: string,
  out: Record<string, string>,
  columns: Set<string>,
): void {
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      flatten(inner as Record<string, unknown>, name, out, columns);
    } else {
      out[name] = cell(inner);
      columns.add(name);
    }
  }
}

export function previewTable(json: unknown): PreviewTable {
  const records = Array.isArray(json) ? json : [json];
  const columns = new Set<string>();
  const rows = records.map((record) => {
    const row: Record<string, string> = {};
    if (record && typeof record === 'object' && !Array.isArray(record))
      flatten(record as Record<string, unknown>, '', row, columns);
    return row;
  });
  return { columns: [...columns], rows };
}
