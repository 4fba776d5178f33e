/**
 * The kinds of column the values can show, from the surest (every value is an email) to the
 * vaguest (free text). A name rule may accept some kinds as consistent with it (a zip column
 * of five-digit values), so the name's type stays; otherwise clear values beat the name.
 */
export type ValueKind =
  | 'boolean'
  | 'uuid'
  | 'email'
  | 'ip'
  | 'mac'
  | 'url'
  | 'date'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'digits'
  | 'phone'
  | 'list'
  | 'table'
  | 'code'
  | 'text';

/** Kinds too vague to overrule a name: free text says little about what a column holds. */
export const WEAK_KINDS: ReadonlySet<ValueKind> = new Set(['text']);
