/**
 * What answering a route reads beyond the request itself, worked out once per route: routes of
 * stored documents are shared between requests (parsed-documents.ts), and each of these is a
 * database read or write, or a parse of the body, that a route which does not need it skips.
 */
import type { Fault, MockRoute } from '@rowloom/contract';

export interface RouteReads {
  /**
   * Its request number (request-counter.ts): sequential responses, every-Nth faults,
   * `request_number` rules, handlers (their `request.number`) and CRUD collections. Only such
   * routes count: the count is the dearest of a plain route's statements (about 130 µs on SQLite).
   */
  requestNumber: boolean;
  /** The API's state machines: a `state` rule (only then are they read). */
  states: boolean;
  /** The body's form fields: a `form` rule (only then is it parsed). */
  form: boolean;
}

const everyNth = (faults: Fault[] | undefined) => faults?.some((fault) => fault.everyNth !== undefined) === true;

function readsOf(route: MockRoute): RouteReads {
  const ruleTargets = new Set(
    (route.mode ?? 'rules') === 'rules'
      ? route.responses.flatMap((response) => (response.rules ?? []).map((rule) => rule.target))
      : [],
  );
  const requestNumber =
    route.kind === 'crud' ||
    route.mode === 'sequential' ||
    everyNth(route.faults) ||
    route.responses.some(
      (response) =>
        everyNth(response.faults) ||
        response.body.type === 'handler' ||
        response.rules?.some((rule) => rule.target === 'request_number') === true,
    );
  return { requestNumber, states: ruleTargets.has('state'), form: ruleTargets.has('form') };
}

const kept = new WeakMap<MockRoute, RouteReads>();

export function routeReads(route: MockRoute): RouteReads {
  let reads = kept.get(route);
  if (reads === undefined) kept.set(route, (reads = readsOf(route)));
  return reads;
}
