/**
 * What a response sends, by type: rows of a saved schema, a JSON value (checked as you type),
 * text with its content type, a handler program (a code editor with the server's errors at
 * their line and column), or nothing.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useLocalError } from './local-errors';
import { emptyBody } from './mock-model';
import type { BodyType, MockBody } from './mock-types';
import { FieldProblem, useInvalid, useProblems } from './problems';

const HandlerCode = lazy(() => import('./handler-code'));

const BODY_TYPES: { value: BodyType; label: string }[] = [
  { value: 'schema', label: 'Rows of a schema' },
  { value: 'json', label: 'JSON' },
  { value: 'text', label: 'Text' },
  { value: 'handler', label: 'Handler (code)' },
  { value: 'empty', label: 'Empty' },
];
type OutputFormat = NonNullable<Extract<MockBody, { type: 'schema' }>['format']>;
const FORMATS: readonly OutputFormat[] = [
  'json',
  'csv',
  'txt',
  'custom',
  'sql',
  'xml',
  'xlsx',
  'jsonl',
  'firebase',
  'cql',
  'dbunit',
];

interface Props {
  body: MockBody;
  onChange(body: MockBody): void;
  path: string;
  schemas: string[];
}

function SchemaBody({ body, onChange, path, schemas }: Props & { body: Extract<MockBody, { type: 'schema' }> }) {
  const id = useId();
  const known = schemas.includes(body.schema) || body.schema === '';
  return (
    <div className="body-grid">
      <label htmlFor={`${id}-schema`}>Schema</label>
      <span>
        <select
          id={`${id}-schema`}
          value={body.schema}
          onChange={(e) => onChange({ ...body, schema: e.target.value })}
          {...useInvalid(`${path}.schema`)}
        >
          {body.schema === '' && <option value="">(choose a saved schema)</option>}
          {!known && <option value={body.schema}>{body.schema} (not saved)</option>}
          {schemas.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <FieldProblem path={`${path}.schema`} />
        {schemas.length === 0 && <span className="hint"> No saved schemas yet: save one in the Schema builder.</span>}
      </span>
      <label htmlFor={`${id}-count`}>Rows</label>
      <span>
        <input
          id={`${id}-count`}
          type="number"
          min={1}
          value={body.count ?? 1}
          onChange={(e) => onChange({ ...body, count: Number(e.target.value) })}
          {...useInvalid(`${path}.count`)}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={body.array ?? false}
            onChange={(e) => onChange({ ...body, array: e.target.checked || undefined })}
          />{' '}
          always an array
        </label>
        <FieldProblem path={`${path}.count`} />
      </span>
      <label htmlFor={`${id}-format`}>Format</label>
      <span>
        <select
          id={`${id}-format`}
          value={body.format ?? 'json'}
          onChange={(e) =>
            onChange({ ...body, format: e.target.value === 'json' ? undefined : (e.target.value as OutputFormat) })
          }
          {...useInvalid(`${path}.format`)}
        >
          {FORMATS.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
        <FieldProblem path={`${path}.format`} />
      </span>
      <p className="hint span-all">
        Formulas in the schema can read <code>request_params['id']</code> (path and query parameters) and{' '}
        <code>request_entity</code> (the JSON body).
      </p>
    </div>
  );
}

function JsonBody({ body, onChange, path }: Props & { body: Extract<MockBody, { type: 'json' }> }) {
  const [text, setText] = useState(() => JSON.stringify(body.value, null, 2));
  const [error, setError] = useState<string | null>(null);
  useLocalError(`${path}.value`, error && `${path}.value is not valid JSON: ${error}`);
  const id = useId();
  return (
    <div className="json-body">
      <label htmlFor={id}>JSON value</label>
      <textarea
        id={id}
        className="code-text"
        rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          try {
            onChange({ type: 'json', value: JSON.parse(e.target.value) });
            setError(null);
          } catch (caught) {
            setError((caught as Error).message);
          }
        }}
        {...useInvalid(`${path}.value`, true)}
      />
      {error ? (
        <span className="error" role="alert">
          Not valid JSON: {error}
        </span>
      ) : (
        <span className="ok json-ok">Valid JSON</span>
      )}
      <FieldProblem path={`${path}.value`} deep />
    </div>
  );
}

function TextBody({ body, onChange, path }: Props & { body: Extract<MockBody, { type: 'text' }> }) {
  const id = useId();
  return (
    <div className="body-grid">
      <label htmlFor={`${id}-type`}>Content type</label>
      <input
        id={`${id}-type`}
        value={body.contentType ?? ''}
        placeholder="text/plain; charset=utf-8"
        onChange={(e) => onChange({ ...body, contentType: e.target.value || undefined })}
      />
      <label htmlFor={`${id}-text`}>Text</label>
      <span>
        <textarea
          id={`${id}-text`}
          className="code-text"
          rows={6}
          spellCheck={false}
          value={body.text}
          onChange={(e) => onChange({ ...body, text: e.target.value })}
          {...useInvalid(`${path}.text`)}
        />
        <FieldProblem path={`${path}.text`} />
      </span>
    </div>
  );
}

function HandlerBody({ body, onChange, path }: Props & { body: Extract<MockBody, { type: 'handler' }> }) {
  const problems = [...useProblems(`${path}.source`), ...useProblems(path)];
  const id = useId();
  return (
    <div className="handler-body">
      <span id={`${id}-label`} className="label">
        Handler
      </span>
      <Suspense
        fallback={
          <textarea
            className="code-text"
            rows={8}
            readOnly
            value={body.source}
            aria-label="Handler (loading the editor)"
          />
        }
      >
        <HandlerCode
          value={body.source}
          onChange={(source) => onChange({ type: 'handler', source })}
          problems={problems.map((p) => p.message)}
          labelledBy={`${id}-label`}
        />
      </Suspense>
      <FieldProblem path={`${path}.source`} />
      <p className="hint">
        The last expression is the body (a hash or array is sent as JSON). <code>params['id']</code>, <code>query</code>
        , <code>headers</code>, <code>body</code>, <code>status 404</code>, <code>header 'X-Total', 42</code>,{' '}
        <code>schema 'users'; generate 10</code>. See docs/mock-handlers.md.
      </p>
    </div>
  );
}

export function BodyEditor(props: Props) {
  const { body, onChange, path, schemas } = props;
  const id = useId();
  return (
    <fieldset className="body-editor">
      <legend>Body</legend>
      <div className="body-type">
        <label htmlFor={id}>Type</label>
        <select
          id={id}
          value={body.type}
          onChange={(e) => onChange(emptyBody(e.target.value as BodyType, schemas))}
          {...useInvalid(`${path}.type`)}
        >
          {BODY_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <FieldProblem path={path} />
        <FieldProblem path={`${path}.type`} />
      </div>
      {body.type === 'schema' && <SchemaBody {...props} body={body} />}
      {body.type === 'json' && <JsonBody {...props} body={body} />}
      {body.type === 'text' && <TextBody {...props} body={body} />}
      {body.type === 'handler' && <HandlerBody {...props} body={body} />}
      {body.type === 'empty' && <p className="hint">No body.</p>}
    </fieldset>
  );
}
