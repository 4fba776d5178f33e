/**
 * One route: method and path (with its :params), kind (responses or a CRUD collection), how a
 * response is picked, repeatable, latency and faults, and its responses as tabs.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { duplicateResponse, moveItem, newResponse, pathParams, replaceAt } from './mock-model';
import { MOCK_METHODS, type CrudSettings, type MockMethod, type MockRoute } from './mock-types';
import { FaultsEditor } from './FaultsEditor';
import { LatencyEditor } from './LatencyEditor';
import { FieldProblem, responseIndexOf, useInvalid, useProblems } from './problems';
import { ResponseEditor } from './ResponseEditor';

interface Props {
  route: MockRoute;
  index: number;
  onChange(route: MockRoute): void;
  schemas: string[];
}

function CrudEditor({
  crud,
  path,
  schemas,
  onChange,
}: {
  crud: CrudSettings;
  path: string;
  schemas: string[];
  onChange(c: CrudSettings): void;
}) {
  const id = useId();
  return (
    <fieldset className="crud-editor">
      <legend>CRUD collection</legend>
      <div className="body-grid">
        <label htmlFor={`${id}-schema`}>Seed schema</label>
        <span>
          <select
            id={`${id}-schema`}
            value={crud.schema}
            onChange={(e) => onChange({ ...crud, schema: e.target.value })}
            {...useInvalid(`${path}.schema`)}
          >
            {crud.schema === '' && <option value="">(choose a saved schema)</option>}
            {crud.schema !== '' && !schemas.includes(crud.schema) && (
              <option value={crud.schema}>{crud.schema} (not saved)</option>
            )}
            {schemas.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <FieldProblem path={`${path}.schema`} />
        </span>
        <label htmlFor={`${id}-count`}>Seed rows</label>
        <span>
          <input
            id={`${id}-count`}
            type="number"
            min={0}
            value={crud.count ?? 10}
            onChange={(e) => onChange({ ...crud, count: Number(e.target.value) })}
            {...useInvalid(`${path}.count`)}
          />
          <FieldProblem path={`${path}.count`} />
        </span>
        <label htmlFor={`${id}-key`}>Key field</label>
        <span>
          <input
            id={`${id}-key`}
            value={crud.key ?? ''}
            placeholder="id"
            onChange={(e) => onChange({ ...crud, key: e.target.value || undefined })}
            {...useInvalid(`${path}.key`)}
          />
          <FieldProblem path={`${path}.key`} />
        </span>
      </div>
      <p className="hint">
        Serves GET (list, with page/per_page and field filters) and POST on the path, and GET/PUT/PATCH/DELETE on
        path/:key. Records live on the server until Reset state.
      </p>
      <FieldProblem path={path} />
    </fieldset>
  );
}

export function RouteEditor({ route, index, onChange, schemas }: Props) {
  const id = useId();
  const path = `routes[${index}]`;
  const [selected, setSelected] = useState(0);
  const params = pathParams(route.path);
  const set = (change: Partial<MockRoute>) => onChange({ ...route, ...change });
  const responses = route.responses;
  const current = Math.min(selected, Math.max(0, responses.length - 1));
  // A server problem in another response: show that response.
  const routeProblems = useProblems(path, true);
  const problemResponse = routeProblems.map((p) => responseIndexOf(p.path)).find((i) => i !== null);
  useEffect(() => {
    if (problemResponse !== undefined && problemResponse !== null) setSelected(problemResponse);
  }, [problemResponse]);
  const byRules = (route.mode ?? 'rules') === 'rules';
  // A hook, so called on every render, not only when the mode's select is shown.
  const modeInvalid = useInvalid(`${path}.mode`);

  return (
    <section className="page route-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Route {route.method} {route.path}
      </h2>
      <div className="route-line">
        <select
          aria-label="Method"
          disabled={route.kind === 'crud'}
          title={route.kind === 'crud' ? 'A CRUD collection answers every method' : undefined}
          className={`method-select method-${route.method.toLowerCase()}`}
          value={route.method}
          onChange={(e) => set({ method: e.target.value as MockMethod })}
          {...useInvalid(`${path}.method`)}
        >
          {MOCK_METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <input
          aria-label="Path"
          className="path-input"
          value={route.path}
          spellCheck={false}
          onChange={(e) => set({ path: e.target.value })}
          {...useInvalid(`${path}.path`)}
        />
      </div>
      <FieldProblem path={`${path}.method`} />
      <FieldProblem path={`${path}.path`} />
      <p className="hint path-hint">
        {params.length ? (
          <>
            Path parameters:{' '}
            {params
              .map((p) => <code key={p}>{p}</code>)
              .reduce<ReactNode[]>((all, p, i) => (i ? [...all, ', ', p] : [p]), [])}{' '}
            — read them in rules (path param) and formulas (<code>request_params['{params[0]}']</code>).
          </>
        ) : (
          <>
            Write <code>:name</code> for a path parameter, e.g. <code>/users/:id</code>.
          </>
        )}
      </p>
      <div className="route-settings">
        <span className="inline-field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            id={`${id}-kind`}
            value={route.kind}
            onChange={(e) =>
              e.target.value === 'crud'
                ? set({ kind: 'crud', method: 'ANY', crud: route.crud ?? { schema: schemas[0] ?? '', count: 10 } })
                : set({
                    kind: 'responses',
                    method: route.method === 'ANY' ? 'GET' : route.method,
                    crud: undefined,
                    responses: responses.length ? responses : [newResponse()],
                  })
            }
            {...useInvalid(`${path}.kind`)}
          >
            <option value="responses">responses</option>
            <option value="crud">CRUD collection</option>
          </select>
        </span>
        {route.kind === 'responses' && (
          <span className="inline-field">
            <label htmlFor={`${id}-mode`}>Pick a response</label>
            <select
              id={`${id}-mode`}
              value={route.mode ?? 'rules'}
              onChange={(e) => set({ mode: e.target.value as MockRoute['mode'] })}
              {...modeInvalid}
            >
              <option value="rules">by rules, else the default</option>
              <option value="random">at random</option>
              <option value="sequential">in turn</option>
            </select>
          </span>
        )}
        <label className="check" title="The same method, path, query and body give the same bytes">
          <input
            type="checkbox"
            checked={route.repeatable ?? false}
            onChange={(e) => set({ repeatable: e.target.checked || undefined })}
          />{' '}
          Repeatable
        </label>
        <span className="inline-field grow">
          <label htmlFor={`${id}-description`}>Description</label>
          {/* An imported description may have paragraphs (summary, blank line, description): a
              one-line input would drop its line breaks. */}
          {route.description?.includes('\n') ? (
            <textarea
              id={`${id}-description`}
              rows={3}
              value={route.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          ) : (
            <input
              id={`${id}-description`}
              value={route.description ?? ''}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </span>
      </div>
      <FieldProblem path={`${path}.kind`} />
      <FieldProblem path={`${path}.mode`} />
      <FieldProblem path={path} />
      <details className="route-more" open={Boolean(route.latency || route.faults?.length)}>
        <summary>Route latency and faults</summary>
        <LatencyEditor
          label="Latency"
          noneLabel="the API's"
          value={route.latency}
          path={`${path}.latency`}
          onChange={(latency) => set({ latency: latency ?? undefined })}
        />
        <FaultsEditor
          faults={route.faults}
          path={`${path}.faults`}
          onChange={(faults) => set({ faults: faults.length ? faults : undefined })}
        />
      </details>
      {route.kind === 'crud' && route.crud && (
        <CrudEditor crud={route.crud} path={`${path}.crud`} schemas={schemas} onChange={(crud) => set({ crud })} />
      )}
      {route.kind === 'responses' && (
        <div className="responses">
          {/* The tablist holds only tabs; the add button sits beside it, in the same row. */}
          <div className="response-tabs">
            <div
              className="response-tablist"
              role="tablist"
              aria-label="Responses"
              onKeyDown={(event) => {
                // The tabs pattern: arrows move between responses (and focus follows).
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!step || responses.length < 2) return;
                const next = (current + step + responses.length) % responses.length;
                setSelected(next);
                document.getElementById(`${id}-tab-${next}`)?.focus();
                event.preventDefault();
              }}
            >
              {responses.map((response, i) => (
                <button
                  key={response.id}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${i}`}
                  aria-selected={i === current}
                  tabIndex={i === current ? 0 : -1}
                  aria-controls={`${id}-panel`}
                  className={`response-tab status-${Math.floor(response.status / 100)}xx`}
                  onClick={() => setSelected(i)}
                >
                  <span className="status-code">{response.status}</span>{' '}
                  {response.label || (response.default ? 'default' : `response ${i + 1}`)}
                  {response.rules?.length ? (
                    <span className="tab-note">
                      {' '}
                      · {response.rules.length} rule{response.rules.length === 1 ? '' : 's'}
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="add-response"
              onClick={() => {
                set({ responses: [...responses, newResponse(404, { type: 'json', value: { error: 'not found' } })] });
                setSelected(responses.length);
              }}
            >
              + Response
            </button>
          </div>
          <FieldProblem path={`${path}.responses`} />
          {responses[current] && (
            <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} className="response-panel">
              <div className="response-actions">
                <button
                  type="button"
                  className="link"
                  disabled={current === 0}
                  onClick={() => {
                    set({ responses: moveItem(responses, current, current - 1) });
                    setSelected(current - 1);
                  }}
                >
                  Move left
                </button>
                <button
                  type="button"
                  className="link"
                  disabled={current === responses.length - 1}
                  onClick={() => {
                    set({ responses: moveItem(responses, current, current + 1) });
                    setSelected(current + 1);
                  }}
                >
                  Move right
                </button>
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    set({ responses: [...responses, duplicateResponse(responses[current])] });
                    setSelected(responses.length);
                  }}
                >
                  Duplicate response
                </button>
                <button
                  type="button"
                  className="link danger"
                  disabled={responses.length < 2}
                  onClick={() => set({ responses: responses.filter((_, i) => i !== current) })}
                >
                  Delete response
                </button>
              </div>
              <ResponseEditor
                key={responses[current].id}
                response={responses[current]}
                path={`${path}.responses[${current}]`}
                schemas={schemas}
                params={params}
                byRules={byRules}
                onChange={(response) => set({ responses: replaceAt(responses, current, response) })}
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
