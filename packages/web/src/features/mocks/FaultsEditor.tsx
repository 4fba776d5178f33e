/**
 * Simulated faults: a kind (error status, connection reset, empty reply, malformed chunk, a slow
 * dribble), fired with a probability or on every Nth request, with the kind's own settings.
 */
import { useId } from 'react';
import { replaceAt } from './mock-model';
import { FAULT_KINDS, type Fault, type FaultKind } from './mock-types';
import { FieldProblem, useInvalid } from './problems';

const KIND_LABELS: Record<FaultKind, string> = {
  status: 'error status',
  reset: 'connection reset',
  empty: 'empty reply',
  malformed_chunk: 'malformed chunk',
  dribble: 'slow dribble',
};

interface Props {
  faults: Fault[] | undefined;
  onChange(faults: Fault[]): void;
  path: string;
}

function Num(props: {
  label: string;
  value: number | undefined;
  step?: string;
  min?: number;
  max?: number;
  path: string;
  onChange(n: number | undefined): void;
}) {
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        step={props.step ?? '1'}
        min={props.min}
        max={props.max}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        {...useInvalid(props.path)}
      />
      <FieldProblem path={props.path} />
    </span>
  );
}

function FaultRow({
  fault,
  path,
  onChange,
  onRemove,
}: {
  fault: Fault;
  path: string;
  onChange(f: Fault): void;
  onRemove(): void;
}) {
  const byNth = fault.everyNth !== undefined;
  const id = useId();
  return (
    <li className="fault-row">
      <select
        aria-label="Fault kind"
        value={fault.kind}
        onChange={(e) => onChange({ ...fault, kind: e.target.value as FaultKind })}
        {...useInvalid(`${path}.kind`)}
      >
        {FAULT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </select>
      <select
        aria-label="When"
        id={id}
        value={byNth ? 'nth' : 'probability'}
        onChange={(e) => {
          const { probability: _p, everyNth: _n, ...rest } = fault;
          onChange(e.target.value === 'nth' ? { ...rest, everyNth: 3 } : { ...rest, probability: 0.1 });
        }}
      >
        <option value="probability">with probability</option>
        <option value="nth">every Nth request</option>
      </select>
      {byNth ? (
        <Num
          label="N"
          min={1}
          value={fault.everyNth}
          path={`${path}.everyNth`}
          onChange={(everyNth) => onChange({ ...fault, everyNth })}
        />
      ) : (
        <Num
          label="p"
          step="0.05"
          min={0}
          max={1}
          value={fault.probability}
          path={`${path}.probability`}
          onChange={(probability) => onChange({ ...fault, probability })}
        />
      )}
      {fault.kind === 'status' && (
        <>
          <Num
            label="status"
            min={100}
            max={599}
            value={fault.status}
            path={`${path}.status`}
            onChange={(status) => onChange({ ...fault, status })}
          />
          <span className="inline-field grow">
            <label htmlFor={`${id}-body`}>body</label>
            <input
              id={`${id}-body`}
              value={fault.body ?? ''}
              placeholder='{"error": "simulated fault"}'
              onChange={(e) => onChange({ ...fault, body: e.target.value || undefined })}
            />
          </span>
        </>
      )}
      {fault.kind === 'dribble' && (
        <>
          <Num
            label="chunks"
            min={1}
            value={fault.chunks}
            path={`${path}.chunks`}
            onChange={(chunks) => onChange({ ...fault, chunks })}
          />
          <Num
            label="over ms"
            min={0}
            value={fault.durationMs}
            path={`${path}.durationMs`}
            onChange={(durationMs) => onChange({ ...fault, durationMs })}
          />
        </>
      )}
      <button type="button" className="link danger" aria-label="Remove fault" onClick={onRemove}>
        Remove
      </button>
      <FieldProblem path={path} />
    </li>
  );
}

export function FaultsEditor({ faults = [], onChange, path }: Props) {
  return (
    <fieldset className="faults-editor">
      <legend>Faults</legend>
      {faults.length === 0 && <span className="hint">None. </span>}
      <ul>
        {faults.map((fault, i) => (
          <FaultRow
            key={i}
            fault={fault}
            path={`${path}[${i}]`}
            onChange={(f) => onChange(replaceAt(faults, i, f))}
            onRemove={() => onChange(faults.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      <button type="button" onClick={() => onChange([...faults, { kind: 'status', probability: 0.1, status: 500 }])}>
        Add fault
      </button>
      <FieldProblem path={path} />
    </fieldset>
  );
}
