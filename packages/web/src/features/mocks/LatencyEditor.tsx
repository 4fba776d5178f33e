/** A latency: none, fixed, uniform between two values, or lognormal (median and sigma). */
import { useId } from 'react';
import type { Latency } from './mock-types';
import { FieldProblem, useInvalid } from './problems';

interface Props {
  value: Latency | null | undefined;
  onChange(value: Latency | null): void;
  /** The JSON path of this latency, for the server's problems. */
  path: string;
  label: string;
  /** What "none" means here (inherits the API's, or no delay). */
  noneLabel?: string;
}

const DEFAULTS: Record<Latency['type'], Latency> = {
  fixed: { type: 'fixed', ms: 200 },
  uniform: { type: 'uniform', min: 100, max: 400 },
  lognormal: { type: 'lognormal', median: 150, sigma: 0.4 },
};

function NumberInput({
  label,
  value,
  step,
  onChange,
  path,
}: {
  label: string;
  value: number;
  step?: string;
  onChange(n: number): void;
  path: string;
}) {
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={0}
        step={step ?? '1'}
        value={Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(Number(e.target.value))}
        {...useInvalid(path)}
      />
      <FieldProblem path={path} />
    </span>
  );
}

export function LatencyEditor({ value, onChange, path, label, noneLabel = 'none' }: Props) {
  const id = useId();
  const set = (change: Partial<Latency>) => value && onChange({ ...value, ...change } as Latency);
  return (
    <fieldset className="latency-editor">
      <legend>{label}</legend>
      <select
        aria-label={`${label} type`}
        id={id}
        value={value?.type ?? ''}
        onChange={(e) => onChange(e.target.value ? DEFAULTS[e.target.value as Latency['type']] : null)}
        {...useInvalid(path)}
      >
        <option value="">{noneLabel}</option>
        <option value="fixed">fixed</option>
        <option value="uniform">uniform</option>
        <option value="lognormal">lognormal</option>
      </select>
      {value?.type === 'fixed' && (
        <NumberInput label="ms" value={value.ms} onChange={(ms) => set({ ms })} path={`${path}.ms`} />
      )}
      {value?.type === 'uniform' && (
        <>
          <NumberInput label="min ms" value={value.min} onChange={(min) => set({ min })} path={`${path}.min`} />
          <NumberInput label="max ms" value={value.max} onChange={(max) => set({ max })} path={`${path}.max`} />
        </>
      )}
      {value?.type === 'lognormal' && (
        <>
          <NumberInput
            label="median ms"
            value={value.median}
            onChange={(median) => set({ median })}
            path={`${path}.median`}
          />
          <NumberInput
            label="sigma"
            step="0.05"
            value={value.sigma}
            onChange={(sigma) => set({ sigma })}
            path={`${path}.sigma`}
          />
        </>
      )}
      <FieldProblem path={path} />
    </fieldset>
  );
}
