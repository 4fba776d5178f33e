/**
 * File options: rows, format, the format's own options (by the generate endpoint's query names)
 * and the seed; then Download Data.
 */
import { useId, useState } from 'react';
import { useBuilder } from './builder-context';
import { DownloadPanel } from './download-panel';
import { CountInput, countHint } from './FileOptionsPanel-count';
import { FORMAT_HINTS, FORMAT_LABELS, FORMAT_OPTIONS, type FormatOption } from './FileOptionsPanel-formats';
import { FORMATS, type Format } from './schema-model';
import './FileOptionsPanel.css';

/** Rows are bounded here only by what a number input can hold; the plan's limit is explained by Download. */
const MAX_ROWS = 1_000_000_000;

export function FileOptionsPanel() {
  const { schema, dispatch } = useBuilder();
  const { file } = schema;
  const id = useId();
  // While the Rows box holds no valid count, Download Data waits (it would send the last valid one).
  const [countValid, setCountValid] = useState(true);
  const setOption = (name: string, value: string | boolean) =>
    dispatch({ kind: 'set-file', patch: { options: { ...file.options, [name]: value } } });
  const hint = FORMAT_HINTS[file.format];
  return (
    <div className="file-options">
      <h2>File options</h2>
      <div className="file-options-row">
        <CountInput
          label="Rows"
          value={file.count}
          min={1}
          max={MAX_ROWS}
          onChange={(count) => dispatch({ kind: 'set-file', patch: { count } })}
          onValidity={setCountValid}
        />
        <label>
          Format
          <select
            value={file.format}
            onChange={(e) => dispatch({ kind: 'set-file', patch: { format: e.target.value as Format } })}
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed
          <input
            value={file.seed}
            maxLength={1000}
            size={12}
            aria-describedby={`${id}-seed-help`}
            onChange={(e) => dispatch({ kind: 'set-file', patch: { seed: e.target.value } })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={file.fixedSeed ?? false}
            aria-describedby={`${id}-seed-help`}
            onChange={(e) => dispatch({ kind: 'set-file', patch: { fixedSeed: e.target.checked } })}
          />
          Fixed seed
        </label>
        <span id={`${id}-seed-help`} className="hint seed-help">
          {file.fixedSeed
            ? 'Saved with the schema: it opens, previews and downloads with these rows.'
            : 'Not saved: the schema gets a new seed each time it is opened.'}
        </span>
      </div>
      <fieldset className="file-options-row">
        <legend>{FORMAT_LABELS[file.format]} options</legend>
        {FORMAT_OPTIONS[file.format].map((option) => (
          <OptionControl
            key={option.name}
            id={`${id}-${option.name}`}
            option={option}
            value={file.options[option.name]}
            onChange={(v) => setOption(option.name, v)}
          />
        ))}
      </fieldset>
      {hint && <p className="hint">{hint}</p>}
      <DownloadPanel
        blockedBy={countValid ? null : `Download Data needs a row count: Rows must be ${countHint(1, MAX_ROWS)}.`}
      />
    </div>
  );
}

function OptionControl({
  option,
  value,
  onChange,
}: {
  id: string;
  option: FormatOption;
  value: string | boolean | undefined;
  onChange(value: string | boolean): void;
}) {
  switch (option.kind) {
    case 'boolean':
      return (
        <label>
          <input
            type="checkbox"
            checked={typeof value === 'boolean' ? value : option.default}
            onChange={(e) => onChange(e.target.checked)}
          />
          {option.label}
        </label>
      );
    case 'choice':
      return (
        <label>
          {option.label}
          <select value={typeof value === 'string' ? value : option.default} onChange={(e) => onChange(e.target.value)}>
            {option.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      );
    case 'text':
      return (
        <label>
          {option.label}
          <input
            value={typeof value === 'string' ? value : option.default}
            maxLength={option.maxLength ?? 200}
            size={option.maxLength && option.maxLength < 4 ? 3 : 12}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
      );
  }
}
