/**
 * A column name as the name rules read it: words in lower case joined by "_", whatever the
 * writing ("createdAt", "Created At", "created-at" and "CREATED_AT" all give "created_at").
 */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
