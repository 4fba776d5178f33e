/** The routes of the API in match order: method badge and path, kind, responses; add, duplicate, delete, reorder. */
import { duplicateRoute, moveItem, newRoute } from './mock-model';
import type { MockRoute } from './mock-types';
import { useProblems } from './problems';

interface Props {
  routes: MockRoute[];
  selected: number;
  onSelect(index: number): void;
  onChange(routes: MockRoute[], select: number): void;
}

export function MethodBadge({ method }: { method: string }) {
  return <span className={`method-badge method-${method.toLowerCase()}`}>{method}</span>;
}

function RouteItem({
  route,
  index,
  selected,
  onSelect,
}: {
  route: MockRoute;
  index: number;
  selected: boolean;
  onSelect(): void;
}) {
  const problems = useProblems(`routes[${index}]`, true);
  return (
    <li className={selected ? 'selected' : undefined}>
      <button type="button" className="route-item" aria-current={selected ? 'true' : undefined} onClick={onSelect}>
        <MethodBadge method={route.method} />
        <span className="route-path">{route.path || '(no path)'}</span>
        <span className="route-meta">
          {route.kind === 'crud'
            ? 'CRUD'
            : `${route.responses.length} response${route.responses.length === 1 ? '' : 's'}`}
          {problems.length > 0 && (
            <span className="error">
              {' '}
              · {problems.length} problem{problems.length === 1 ? '' : 's'}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

export function RoutesList({ routes, selected, onSelect, onChange }: Props) {
  const has = selected >= 0 && selected < routes.length;
  return (
    <nav className="page routes-list" aria-labelledby="routes-title">
      <div className="routes-head">
        <h2 id="routes-title">Routes</h2>
        <button
          type="button"
          className="primary"
          onClick={() => onChange([...routes, newRoute(routes)], routes.length)}
        >
          Add route
        </button>
      </div>
      {routes.length === 0 && <p className="hint">No routes yet. Requests to this API get 404 until you add one.</p>}
      <ol>
        {routes.map((route, i) => (
          <RouteItem key={route.id} route={route} index={i} selected={i === selected} onSelect={() => onSelect(i)} />
        ))}
      </ol>
      {has && (
        <div className="route-actions" aria-label="Selected route">
          <button
            type="button"
            aria-label="Move route up"
            title="Move up (the order settles ties between equally specific routes)"
            disabled={selected === 0}
            onClick={() => onChange(moveItem(routes, selected, selected - 1), selected - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label="Move route down"
            title="Move down"
            disabled={selected === routes.length - 1}
            onClick={() => onChange(moveItem(routes, selected, selected + 1), selected + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            onClick={() =>
              onChange(
                [...routes.slice(0, selected + 1), duplicateRoute(routes[selected]), ...routes.slice(selected + 1)],
                selected + 1,
              )
            }
          >
            Duplicate
          </button>
          <button
            type="button"
            className="danger"
            onClick={() =>
              onChange(
                routes.filter((_, i) => i !== selected),
                Math.max(0, selected - 1),
              )
            }
          >
            Delete route
          </button>
        </div>
      )}
      {routes.length > 1 && (
        <p className="hint">
          When several routes fit a request, the most specific path wins (a fixed segment beats a <code>:param</code>),
          then an exact method beats ANY, then the order here.
        </p>
      )}
    </nav>
  );
}
