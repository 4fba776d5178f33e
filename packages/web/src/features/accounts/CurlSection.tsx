/**
 * A ready curl command with the user's key: the generate endpoint with a small inline schema, or
 * one of the user's saved schemas by name. Shown masked unless revealed; copied in full.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SchemaList, SchemaSummary } from '@rowloom/contract';
import { apiJson } from '../../api/client';
import { maskKey } from './ApiKeySection';
import { useCopy } from './use-copy';
import { FORMAT_EXTENSIONS } from '../schemas/FileOptionsPanel-formats';
import type { Format } from '../schemas/schema-model';

const INLINE = '';
/** A small schema for the example: common types every Mockaroo user knows. */
const EXAMPLE_FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'email', type: 'Email Address' },
];

/** Single-quoted for a POSIX shell: ' becomes '\'' . */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What the command needs of a saved schema: its name and saved file format (null: json). */
export type SavedSchema = Pick<SchemaSummary, 'name' | 'format'>;

/** The file's extension for the saved format (custom text is .txt, firebase .json...). */
function extensionOf(format: string | null | undefined): string {
  return format && Object.hasOwn(FORMAT_EXTENSIONS, format) ? FORMAT_EXTENSIONS[format as Format] : 'json';
}

export function curlCommand(origin: string, key: string, schema: string, format?: string | null): string {
  if (schema === INLINE) {
    const body = JSON.stringify({ fields: EXAMPLE_FIELDS });
    return `curl -s ${shellQuote(`${origin}/api/generate.json?count=10`)} \\\n  -H ${shellQuote(`X-API-Key: ${key}`)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`;
  }
  // No extension and no count: the saved schema's own format and row count apply.
  const url = `${origin}/api/generate?schema=${encodeURIComponent(schema)}`;
  const file = `${schema.replace(/[^\w.-]+/g, '_')}.${extensionOf(format)}`;
  return `curl -s ${shellQuote(url)} \\\n  -H ${shellQuote(`X-API-Key: ${key}`)} \\\n  -o ${shellQuote(file)}`;
}

export function CurlSection({ apiKey }: { apiKey?: string }) {
  const [schema, setSchema] = useState(INLINE);
  const [revealed, setRevealed] = useState(false);
  const { copied, copy } = useCopy();
  const selectId = useId();
  const schemas = useQuery({
    queryKey: ['schemas'],
    queryFn: async () => (await apiJson<SchemaList>('/api/schemas')).schemas,
  });
  if (!apiKey) return null;
  const origin = window.location.origin;
  const format = schemas.data?.find((saved) => saved.name === schema)?.format;
  const shown = curlCommand(origin, revealed ? apiKey : maskKey(apiKey), schema, format);
  return (
    <section className="page account-section" aria-labelledby="curl-title">
      <h2 id="curl-title">Try it with curl</h2>
      <div className="curl-controls">
        <label htmlFor={selectId}>Schema</label>
        <select id={selectId} value={schema} onChange={(e) => setSchema(e.target.value)}>
          <option value={INLINE}>A small example schema (sent in the request)</option>
          {(schemas.data ?? []).map((saved) => (
            <option key={saved.name} value={saved.name}>
              Saved: {saved.name}
            </option>
          ))}
        </select>
        <button type="button" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
          {revealed ? 'Hide key in command' : 'Show key in command'}
        </button>
        <button type="button" onClick={() => void copy(curlCommand(origin, apiKey, schema, format), 'Command')}>
          Copy command
        </button>
      </div>
      {schemas.error && <p className="error">Could not list your saved schemas: {schemas.error.message}</p>}
      <pre className="curl" aria-label="curl command" tabIndex={0}>
        <code>{shown}</code>
      </pre>
      <p role="status" className="notice">
        {copied}
      </p>
    </section>
  );
}
