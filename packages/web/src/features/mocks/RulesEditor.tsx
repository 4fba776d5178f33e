/**
 * The rules that pick a response (mode "rules"): each tests a path parameter, query parameter,
 * header, cookie, JSON body path or JSONPath, XPath into an XML body, form field, the method, the request number or a state machine's state; all must
 * match, or any.
 */
import { replaceAt } from './mock-model';
import { RULE_OPERATORS, RULE_TARGETS, type Rule, type RuleOperator, type RuleTarget } from './mock-types';
import { FieldProblem, useInvalid } from './problems';

interface Props {
  rules: Rule[] | undefined;
  operator: 'all' | 'any' | undefined;
  onChange(rules: Rule[], operator: 'all' | 'any'): void;
  path: string;
  /** The route's :params, offered as names for param rules. */
  params: string[];
  listId: string;
}

const TARGET_LABELS: Record<RuleTarget, string> = {
  param: 'path param',
  query: 'query param',
  header: 'header',
  cookie: 'cookie',
  body: 'body (dotted path)',
  jsonpath: 'body (JSONPath)',
  xpath: 'body (XPath)',
  form: 'form field',
  method: 'method',
  request_number: 'request number',
  state: 'state machine',
};

const OPERATOR_LABELS: Record<RuleOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  regex: 'matches regex',
  exists: 'exists',
  missing: 'is missing',
  absent: 'is absent',
  in: 'is one of',
  gt: '>',
  lt: '<',
};

const NAME_PLACEHOLDERS: Partial<Record<RuleTarget, string>> = {
  cookie: 'session_id',
  body: 'user.id',
  jsonpath: '$.items[*].sku',
  xpath: '/order/item/@sku',
  form: 'email',
  state: 'checkout',
};

const NAMELESS: RuleTarget[] = ['method', 'request_number'];
const VALUELESS: RuleOperator[] = ['exists', 'missing', 'absent'];
/** Synonyms a document may use, offered only on the rule that has one (the menu lists each test once). */
const SYNONYMS: RuleOperator[] = ['absent'];

function RuleRow({
  rule,
  path,
  params,
  listId,
  onChange,
  onRemove,
}: {
  rule: Rule;
  path: string;
  params: string[];
  listId: string;
  onChange(r: Rule): void;
  onRemove(): void;
}) {
  // Hooks, so called on every render, not only when their inputs are shown.
  const nameInvalid = useInvalid(`${path}.name`);
  const valueInvalid = useInvalid(`${path}.value`);
  return (
    <li className="rule-row">
      <select
        aria-label="Rule target"
        value={rule.target}
        onChange={(e) => {
          const target = e.target.value as RuleTarget;
          onChange({ ...rule, target, name: NAMELESS.includes(target) ? undefined : (rule.name ?? '') });
        }}
        {...useInvalid(`${path}.target`)}
      >
        {RULE_TARGETS.map((t) => (
          <option key={t} value={t}>
            {TARGET_LABELS[t]}
          </option>
        ))}
      </select>
      {!NAMELESS.includes(rule.target) && (
        <input
          aria-label="Rule name"
          className="rule-name"
          value={rule.name ?? ''}
          list={rule.target === 'param' ? listId : undefined}
          placeholder={NAME_PLACEHOLDERS[rule.target] ?? (rule.target === 'param' ? (params[0] ?? 'id') : 'name')}
          onChange={(e) => onChange({ ...rule, name: e.target.value })}
          {...nameInvalid}
        />
      )}
      <select
        aria-label="Rule operator"
        value={rule.operator}
        onChange={(e) => {
          const operator = e.target.value as RuleOperator;
          onChange({ ...rule, operator, value: VALUELESS.includes(operator) ? undefined : (rule.value ?? '') });
        }}
        {...useInvalid(`${path}.operator`)}
      >
        {RULE_OPERATORS.filter((o) => o === rule.operator || !SYNONYMS.includes(o)).map((o) => (
          <option key={o} value={o}>
            {OPERATOR_LABELS[o]}
          </option>
        ))}
      </select>
      {!VALUELESS.includes(rule.operator) && (
        <input
          aria-label="Rule value"
          className="rule-value"
          value={rule.value ?? ''}
          placeholder={rule.operator === 'in' ? 'a, b, c' : 'value'}
          onChange={(e) => onChange({ ...rule, value: e.target.value })}
          {...valueInvalid}
        />
      )}
      <button type="button" className="link danger" aria-label="Remove rule" onClick={onRemove}>
        Remove
      </button>
      <FieldProblem path={path} deep />
    </li>
  );
}

export function RulesEditor({ rules = [], operator = 'all', onChange, path, params, listId }: Props) {
  return (
    <fieldset className="rules-editor">
      <legend>Rules</legend>
      <datalist id={listId}>
        {params.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {rules.length === 0 ? (
        <span className="hint">No rules: chosen only as the default (or by the route's mode).</span>
      ) : (
        <label className="rules-operator">
          Match
          <select value={operator} onChange={(e) => onChange(rules, e.target.value as 'all' | 'any')}>
            <option value="all">all rules</option>
            <option value="any">any rule</option>
          </select>
        </label>
      )}
      <ul>
        {rules.map((rule, i) => (
          <RuleRow
            key={i}
            rule={rule}
            path={`${path}[${i}]`}
            params={params}
            listId={listId}
            onChange={(r) => onChange(replaceAt(rules, i, r), operator)}
            onRemove={() =>
              onChange(
                rules.filter((_, j) => j !== i),
                operator,
              )
            }
          />
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          onChange(
            [
              ...rules,
              { target: params.length ? 'param' : 'query', name: params[0] ?? '', operator: 'equals', value: '' },
            ],
            operator,
          )
        }
      >
        Add rule
      </button>
      <FieldProblem path={path} />
    </fieldset>
  );
}
