/**
 * A field's options, built from its type's parameter descriptions (GET /api/types): one compact
 * row of controls, the rest behind "More options" when there are many. Each parameter's
 * description is its help text; a problem the server reported for it shows beneath it and
 * describes the control (aria-describedby, aria-invalid).
 */
import type { ReactNode } from 'react';
import type { TypeDescription, TypeParameter } from '../catalogue/catalogue';
import { oneLine, type PlacedProblem } from './field-row-model';
import { ParamInput, type ParamInputProps } from './options-form-inputs';
import { ColumnInput, DatasetInput, readWeights, TextWithFieldChips, WeightedValues } from './options-form-special';
import './options-form.css';

/** Shown in the row itself; the rest go behind the disclosure. */
const INLINE = 3;

interface OptionsFormProps {
  rowKey: string;
  type: TypeDescription | undefined;
  params: Record<string, unknown>;
  problems: PlacedProblem[];
  /** The schema's other field names, for Template and Regular Expression chips. */
  otherNames: string[];
  onParams(params: Record<string, unknown>): void;
  /** Formula's `value` is a formula: edit it in the formula editor. */
  onEditFormulaParam(param: string): void;
}

function withParam(params: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const next = { ...params };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

/** Placeholders the Template and Regular Expression types replace with a field's value. */
const PLACEHOLDERS: Record<string, (name: string) => string> = {
  Template: (name) => `{${name}}`,
  'Regular Expression': (name) => `{{${name}}}`,
};

export function OptionsForm(props: OptionsFormProps) {
  const { type, params, rowKey } = props;
  if (!type) return <p className="hint options-none">Unknown type: choose one from the list.</p>;
  if (type.parameters.length === 0) return <p className="hint options-none">No options.</p>;
  const names = new Set(type.parameters.map((p) => p.name));
  const weighted =
    names.has('values') && names.has('distribution') && !readWeights(params.values, params.distribution).complex;

  const controlOf = (param: TypeParameter, base: ParamInputProps): ReactNode => {
    const set = (value: unknown) => props.onParams(withParam(params, param.name, value));
    if (weighted && param.name === 'values') {
      return (
        <WeightedValues
          id={base.id}
          values={params.values}
          distribution={params.distribution}
          describedBy={base.describedBy}
          invalid={base.invalid}
          onChange={(values, distribution) =>
            props.onParams(withParam(withParam(params, 'values', values), 'distribution', distribution))
          }
        />
      );
    }
    if (param.name === 'dataset' && param.type === 'string') return <DatasetInput {...base} />;
    if ((param.name === 'column' || param.name === 'weightColumn') && names.has('dataset')) {
      return <ColumnInput {...base} dataset={typeof params.dataset === 'string' ? params.dataset : ''} />;
    }
    if (param.name === 'value' && PLACEHOLDERS[type.name])
      return <TextWithFieldChips {...base} names={props.otherNames} placeholder={PLACEHOLDERS[type.name]} />;
    if (param.name === 'value' && type.name === 'Formula') {
      const text = typeof params.value === 'string' ? params.value : '';
      return (
        <span className="formula-param">
          {/* A one-line box would run a multi-line formula's statements together: shown with ⏎, edited in the editor. */}
          {text.includes('\n') ? (
            <input
              id={base.id}
              type="text"
              readOnly
              className="formula-lines"
              value={oneLine(text)}
              aria-describedby={`${base.describedBy ?? ''} ${base.id}-lines`.trim()}
              aria-invalid={base.invalid || undefined}
              onClick={() => props.onEditFormulaParam(param.name)}
            />
          ) : (
            <ParamInput {...base} onChange={set} />
          )}
          {text.includes('\n') && (
            <span id={`${base.id}-lines`} className="fg-sr-only">
              {text.split('\n').length} lines, shown with ⏎ between them; edit them in the editor.
            </span>
          )}
          <button type="button" onClick={() => props.onEditFormulaParam(param.name)}>
            Editor…
          </button>
        </span>
      );
    }
    return <ParamInput {...base} onChange={set} />;
  };

  const shown = type.parameters.filter((p) => !(weighted && p.name === 'distribution'));
  const controls = shown.map((param) => {
    const id = `${rowKey}-param-${param.name}`;
    const helpId = `${id}-help`;
    // In the weights editor, the distribution's problems belong to the values it weighs.
    const covers = weighted && param.name === 'values' ? ['values', 'distribution'] : [param.name];
    const own = props.problems.filter((p) => typeof p.place !== 'string' && covers.includes(p.place.param));
    const base: ParamInputProps = {
      param,
      value: params[param.name],
      onChange: (value) => props.onParams(withParam(params, param.name, value)),
      id,
      describedBy: [...own.map((p) => p.id), helpId].join(' '),
      invalid: own.length > 0,
    };
    return (
      <div
        key={param.name}
        className={`param param-${param.type.replace(/\W/g, '')}${own.length ? ' has-problem' : ''}`}
      >
        <label htmlFor={id} title={param.description}>
          {param.name}
          {param.required && (
            <span className="required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {controlOf(param, base)}
        <span id={helpId} className="fg-sr-only">
          {param.description}
        </span>
        {own.map((p) => (
          <span key={p.id} id={p.id} className="param-problem">
            {p.message}
          </span>
        ))}
      </div>
    );
  });

  const many = controls.length > INLINE + 1;
  const hiddenHasProblem =
    many &&
    shown
      .slice(INLINE)
      .some((param) => props.problems.some((p) => typeof p.place !== 'string' && p.place.param === param.name));
  return (
    <div className="options-form">
      {many ? controls.slice(0, INLINE) : controls}
      {many && (
        <details className="more-options" open={hiddenHasProblem || undefined}>
          <summary>More options ({controls.length - INLINE})</summary>
          <div className="more-options-body">{controls.slice(INLINE)}</div>
        </details>
      )}
    </div>
  );
}
