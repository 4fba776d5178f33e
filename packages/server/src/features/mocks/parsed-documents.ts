/**
 * Parsed mock documents, remembered by mock API id and the exact stored text. Every request to a
 * mock endpoint reads its API's document; parsing it each time cost about 4 ms at the largest
 * size a document may have (512 KB), more than the rest of a small response. The stored text is
 * still read per request and compared whole (a memory comparison, far cheaper than parsing), so
 * an update made by any instance is seen at once: there is nothing to invalidate.
 *
 * Documents are frozen, deeply: they are shared by concurrent requests, and a frozen object
 * turns an accidental write into an error instead of a change other requests would see.
 */
import type { MockApiDocument } from '@rowloom/contract';

/** Text kept in all (UTF-16 code units); the parsed objects take a few times this. */
const MAX_TOTAL_UNITS = 8 * 1024 * 1024;

interface Entry {
  text: string;
  document: MockApiDocument;
}

const entries = new Map<string, Entry>();
let totalUnits = 0;

/** The parsed, frozen document of mock API `id` whose stored text is `text`. */
export function parsedDocument(id: string, text: string): MockApiDocument {
  const entry = entries.get(id);
  if (entry !== undefined && entry.text === text) {
    // Most recently used last, so the first entry is the one to drop.
    entries.delete(id);
    entries.set(id, entry);
    return entry.document;
  }
  const document = deepFreeze(JSON.parse(text)) as MockApiDocument;
  remember(id, { text, document });
  return document;
}

function remember(id: string, entry: Entry): void {
  forget(id);
  if (entry.text.length > MAX_TOTAL_UNITS) return;
  entries.set(id, entry);
  totalUnits += entry.text.length;
  while (totalUnits > MAX_TOTAL_UNITS) forget(entries.keys().next().value as string);
}

function forget(id: string): void {
  const entry = entries.get(id);
  if (entry === undefined) return;
  entries.delete(id);
  totalUnits -= entry.text.length;
}

function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
