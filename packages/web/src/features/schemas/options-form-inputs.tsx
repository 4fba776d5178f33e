/**
 * One control per parameter kind, from the registry's description of the parameter: numbers
 * with their bounds, booleans, selects for allowed values, lists one per line, dates (by the
 * parameter's `form`), JSON.
 * The default shows as the placeholder; clearing a control removes the parameter, so the
 * server applies its default.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { TypeParameter } from '../catalogue/catalogue';

export interface ParamInputProps {
  param: TypeParameter;
  value: unknown;
  /** undefined removes the parameter. */
  onChange(value: unknown): void;
  id: string;
  describedBy?: string;
  invalid: boolean;
}

function placeholderOf(param: TypeParameter): string | undefined {
  if (param.default === null || param.default === undefined) return param.required ? 'required' : undefined;
  return typeof param.default === 'string' ? param.default : JSON.stringify(param.default);
}

function aria(props: ParamInputProps) {
  return {
    id: props.id,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.invalid || undefined,
    'aria-required': props.param.required || undefined,
  };
}

function NumberInput(props: ParamInputProps) {
  const { param, value, onChange } = props;
  return (
    <input
      {...aria(props)}
      type="number"
      inputMode={param.type === 'integer' ? 'numeric' : 'decimal'}
      step={param.type === 'integer' ? 1 : 'any'}
      min={param.min}
      max={param.max}
      placeholder={placeholderOf(param)}
      value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
      onChange={(e) =>
        onChange(
          e.target.value === ''
            ? undefined
            : Number.isFinite(e.target.valueAsNumber)
              ? e.target.valueAsNumber
              : e.target.value,
        )
      }
    />
  );
}

function BooleanInput(props: ParamInputProps) {
  const { param, value, onChange } = props;
  const checked = typeof value === 'boolean' ? value : value === 'true' ? true : Boolean(param.default);
  return <input {...aria(props)} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />;
}

function SelectInput(props: ParamInputProps) {
  const { param, value, onChange } = props;
  const text = value === undefined || value === null ? '' : String(value);
  const allowed = param.allowed ?? [];
  return (
    <select
      {...aria(props)}
      value={text}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      {!param.required && (
        <option value="">
          {param.default !== null && param.default !== undefined ? `${String(param.default)} (default)` : '(default)'}
        </option>
      )}
      {param.required && text === '' && <option value="">choose…</option>}
      {/* A value from an imported schema that the list lacks stays visible (the server will say why). */}
      {text !== '' && !allowed.includes(text) && <option value={text}>{text}</option>}
      {allowed.map((a) => (
        <option key={a} value={a}>
          {a}
        </option>
      ))}
    </select>
  );
}

/** A list, one item per line (the registry also accepts one comma-separated string). */
export function ListInput(props: ParamInputProps) {
  const { value, onChange } = props;
  const text = Array.isArray(value)
    ? value.map(String).join('\n')
    : typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .join('\n')
      : '';
  return (
    <textarea
      {...aria(props)}
      rows={Math.min(6, Math.max(2, text.split('\n').length))}
      placeholder="one per line"
      value={text}
      onChange={(e) => {
        const lines = e.target.value.split('\n');
        onChange(lines.length === 1 && lines[0] === '' ? undefined : lines);
      }}
    />
  );
}

/** JSON edited as text: the parameter changes only when the text parses; until then it says why not. */
export function JsonInput(props: ParamInputProps) {
  const { param, value, onChange } = props;
  const shown = value === undefined || value === null ? '' : JSON.stringify(value, null, 1);
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState<string | null>(null);
  // Read, not followed: the text becoming valid must not reformat it under the cursor.
  const midEdit = useEffectEvent(() => bad !== null);
  useEffect(() => {
    // Follow changes made elsewhere (a weights editor, an import) unless the text is mid-edit.
    if (!midEdit()) setText(shown);
  }, [shown]);
  const badId = `${props.id}-json`;
  return (
    <>
      <textarea
        {...aria({
          ...props,
          invalid: props.invalid || bad !== null,
          describedBy: [props.describedBy, bad ? badId : ''].filter(Boolean).join(' ') || undefined,
        })}
        className="json"
        rows={3}
        placeholder={placeholderOf(param) ?? 'JSON'}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setBad(null);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(e.target.value));
            setBad(null);
          } catch (error) {
            setBad((error as Error).message);
          }
        }}
      />
      {bad && (
        <span id={badId} className="param-problem">
          Not valid JSON yet: {bad}
        </span>
      )}
    </>
  );
}

/** mm/dd/yyyy (the registry's form) or yyyy-mm-dd → yyyy-mm-dd for a date input; null when neither. */
export function isoDate(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return '';
  const text = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : null;
}

/** A string parameter the registry marks as a calendar day (its `form`): a date picker. */
export function isDateParam(param: TypeParameter): boolean {
  return param.type === 'string' && param.form === 'date';
}

function TextInput(props: ParamInputProps) {
  const { param, value, onChange } = props;
  const date = isDateParam(param) ? isoDate(value) : null;
  if (date !== null) {
    return (
      <input
        {...aria(props)}
        type="date"
        value={date}
        title={`default ${String(param.default ?? 'none')}`}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
    );
  }
  return (
    <input
      {...aria(props)}
      type="text"
      placeholder={placeholderOf(param)}
      value={value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}

export function ParamInput(props: ParamInputProps) {
  if (props.param.allowed?.length) return <SelectInput {...props} />;
  switch (props.param.type) {
    case 'integer':
    case 'decimal':
      return <NumberInput {...props} />;
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'string[]':
      return <ListInput {...props} />;
    case 'json':
      return <JsonInput {...props} />;
    default:
      return <TextInput {...props} />;
  }
}
