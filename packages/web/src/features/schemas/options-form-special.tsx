/**
 * Editors that know what a parameter is for, beyond its kind: Custom List values with weights,
 * Dataset Column's dataset and column pickers (from GET /api/datasets), and the other field
 * names as chips for Template and Regular Expression.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { DatasetList } from '@rowloom/contract';
import { apiJson } from '../../api/client';
import type { ParamInputProps } from './options-form-inputs';

export function useDatasetList() {
  return useQuery({
    // A key of its own: the datasets page may cache GET /api/datasets in another shape.
    queryKey: ['datasets', 'options-form'],
    queryFn: async () => (await apiJson<DatasetList>('/api/datasets')).datasets,
    staleTime: 30_000,
  });
}

/** A select over your datasets; a name you do not have stays listed (the server will say so). */
export function DatasetInput(props: ParamInputProps) {
  const { data = [], isPending, error } = useDatasetList();
  const value = typeof props.value === 'string' ? props.value : '';
  const names = data.map((d) => d.name);
  return (
    <select
      id={props.id}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      value={value}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    >
      <option value="">
        {isPending
          ? 'loading…'
          : error
            ? 'could not list datasets'
            : names.length
              ? 'choose a dataset…'
              : 'no datasets uploaded yet'}
      </option>
      {value !== '' && !names.includes(value) && <option value={value}>{value}</option>}
      {names.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
}

/** A select over the chosen dataset's columns (its header row). */
export function ColumnInput(props: ParamInputProps & { dataset: string }) {
  const { data = [] } = useDatasetList();
  const columns = data.find((d) => d.name === props.dataset)?.columns ?? [];
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <select
      id={props.id}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      value={value}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    >
      <option value="">{props.dataset ? '(none)' : 'choose the dataset first'}</option>
      {value !== '' && !columns.includes(value) && <option value={value}>{value}</option>}
      {columns.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}

/** Text with the other fields as chips that insert a placeholder (`{name}` or `{{name}}`) at the cursor. */
export function TextWithFieldChips(
  props: ParamInputProps & { names: string[]; placeholder: (name: string) => string },
) {
  const input = useRef<HTMLTextAreaElement>(null);
  const value = typeof props.value === 'string' ? props.value : '';
  const insert = (name: string) => {
    const element = input.current;
    const text = props.placeholder(name);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    props.onChange(value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  return (
    <span className="chips-input">
      <textarea
        ref={input}
        id={props.id}
        rows={1}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        aria-required={props.param.required || undefined}
        placeholder={props.param.required ? 'required' : undefined}
        value={value}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      {props.names.length > 0 && (
        <span className="field-chips" role="group" aria-label={`Insert a field into ${props.param.name}`}>
          {props.names.map((n) => (
            <button
              key={n}
              type="button"
              className="chip"
              onClick={() => insert(n)}
              aria-label={`Insert ${props.placeholder(n)}`}
            >
              {n}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}

interface Weighted {
  values: string[];
  /** The weights of a distribution that is one rule without a condition; null when there is none. */
  weights: Record<string, number> | null;
  /** The distribution is something else (conditional rules): edit it as JSON instead. */
  complex: boolean;
}

function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value !== '') return value.split(',').map((s) => s.trim());
  return [];
}

export function readWeights(values: unknown, distribution: unknown): Weighted {
  const list = valuesOf(values);
  if (distribution === undefined || distribution === null) return { values: list, weights: null, complex: false };
  if (Array.isArray(distribution) && distribution.length === 1) {
    const rule = distribution[0] as { rule?: unknown; frequencies?: unknown };
    const noCondition = rule && (rule.rule === undefined || rule.rule === null || rule.rule === '');
    if (noCondition && rule.frequencies && typeof rule.frequencies === 'object' && !Array.isArray(rule.frequencies)) {
      return { values: list, weights: rule.frequencies as Record<string, number>, complex: false };
    }
  }
  return { values: list, weights: null, complex: true };
}

/**
 * Custom List's values, one per line, with optional weights: weights are written as a
 * distribution of one rule without a condition ([{"frequencies": {"a": 3, "b": 1}}]), which
 * applies with the random selection style.
 */
export function WeightedValues(props: {
  id: string;
  values: unknown;
  distribution: unknown;
  describedBy?: string;
  invalid: boolean;
  onChange(values: string[] | undefined, distribution: unknown): void;
}) {
  const state = readWeights(props.values, props.distribution);
  const weighted = state.weights !== null;
  const setValues = (text: string) => {
    const lines = text.split('\n');
    const values = lines.length === 1 && lines[0] === '' ? undefined : lines;
    const weights =
      state.weights && values
        ? Object.fromEntries(values.filter(Boolean).map((v) => [v, state.weights?.[v] ?? 1]))
        : null;
    props.onChange(values, weights ? [{ frequencies: weights }] : state.complex ? props.distribution : undefined);
  };
  const setWeight = (value: string, weight: number) => {
    props.onChange(state.values, [{ frequencies: { ...state.weights, [value]: weight } }]);
  };
  const toggle = (on: boolean) => {
    props.onChange(
      state.values.length ? state.values : undefined,
      on ? [{ frequencies: Object.fromEntries(state.values.filter(Boolean).map((v) => [v, 1])) }] : undefined,
    );
  };
  return (
    <span className="weighted-values">
      <textarea
        id={props.id}
        rows={Math.min(6, Math.max(2, state.values.length))}
        placeholder="one value per line"
        aria-required="true"
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        value={state.values.join('\n')}
        onChange={(e) => setValues(e.target.value)}
      />
      {!state.complex && (
        <label className="inline">
          <input type="checkbox" checked={weighted} onChange={(e) => toggle(e.target.checked)} /> Weights
        </label>
      )}
      {weighted && (
        <span className="weights" role="group" aria-label="Weights">
          {state.values.filter(Boolean).map((v) => (
            <label key={v} className="weight">
              <span>{v}</span>
              <input
                type="number"
                min={0}
                step="any"
                aria-label={`Weight of ${v}`}
                value={state.weights?.[v] ?? 1}
                onChange={(e) => setWeight(v, Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : 0)}
              />
            </label>
          ))}
        </span>
      )}
    </span>
  );
}
