/** One response of a route: label, status, default flag, rules, headers, latency, faults and body. */
import { useId } from 'react';
import { BodyEditor } from './BodyEditor';
import { FaultsEditor } from './FaultsEditor';
import { PairsTable } from './PairsTable';
import { LatencyEditor } from './LatencyEditor';
import type { MockResponse } from './mock-types';
import { FieldProblem, useInvalid } from './problems';
import { RulesEditor } from './RulesEditor';

interface Props {
  response: MockResponse;
  path: string;
  onChange(response: MockResponse): void;
  schemas: string[];
  params: string[];
  /** The route picks by rules (else the rules and default flag do nothing). */
  byRules: boolean;
}

export function ResponseEditor({ response, path, onChange, schemas, params, byRules }: Props) {
  const id = useId();
  const set = (change: Partial<MockResponse>) => onChange({ ...response, ...change });
  return (
    <div className="response-editor">
      <div className="response-head">
        <span className="inline-field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            value={response.label ?? ''}
            placeholder="e.g. found"
            onChange={(e) => set({ label: e.target.value || undefined })}
            {...useInvalid(`${path}.label`)}
          />
        </span>
        <span className="inline-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <input
            id={`${id}-status`}
            className="status-input"
            type="number"
            min={100}
            max={599}
            value={Number.isFinite(response.status) ? response.status : ''}
            onChange={(e) => set({ status: Number(e.target.value) })}
            {...useInvalid(`${path}.status`)}
          />
        </span>
        {byRules && (
          <label className="check">
            <input
              type="checkbox"
              checked={response.default ?? false}
              onChange={(e) => set({ default: e.target.checked || undefined })}
            />{' '}
            Default (when no rules match)
          </label>
        )}
        <FieldProblem path={`${path}.label`} />
        <FieldProblem path={`${path}.status`} />
        <FieldProblem path={`${path}.default`} />
        <FieldProblem path={path} />
      </div>
      {byRules && (
        <RulesEditor
          rules={response.rules}
          operator={response.rulesOperator}
          params={params}
          listId={`${id}-params`}
          path={`${path}.rules`}
          onChange={(rules, rulesOperator) =>
            set({
              rules: rules.length ? rules : undefined,
              rulesOperator: rules.length && rulesOperator === 'any' ? 'any' : undefined,
            })
          }
        />
      )}
      <BodyEditor
        key={response.id}
        body={response.body}
        path={`${path}.body`}
        schemas={schemas}
        onChange={(body) => set({ body })}
      />
      <details
        className="response-more"
        open={
          Object.keys(response.headers ?? {}).length > 0 ||
          Boolean(response.latency) ||
          Boolean(response.faults?.length) ||
          Object.keys(response.setState ?? {}).length > 0
        }
      >
        <summary>Headers, latency, faults and state</summary>
        <PairsTable
          key={response.id}
          pairs={response.headers}
          path={`${path}.headers`}
          onChange={(headers) => set({ headers })}
          noun="Header"
          legend="Headers"
          namePlaceholder="X-Header"
        />
        <LatencyEditor
          label="Latency"
          noneLabel="the route's"
          value={response.latency}
          path={`${path}.latency`}
          onChange={(latency) => set({ latency: latency ?? undefined })}
        />
        <FaultsEditor
          faults={response.faults}
          path={`${path}.faults`}
          onChange={(faults) => set({ faults: faults.length ? faults : undefined })}
        />
        <PairsTable
          key={`${response.id}-states`}
          pairs={response.setState}
          path={`${path}.setState`}
          onChange={(setState) => set({ setState })}
          noun="State machine"
          legend="Moves state machines (when chosen)"
          valueLabel="New state"
          namePlaceholder="checkout"
          valuePlaceholder="paid"
        />
      </details>
    </div>
  );
}
