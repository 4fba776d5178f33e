/**
 * One column -> one field: what its values show (numbers, dates, patterns, then text) weighed
 * against what its name suggests (name-rules.ts). Clear values beat the name when they disagree
 * ("customer_id" full of UUIDs is a GUID); a name beats values that say little (free text in a
 * "company" column is a Company Name), or values its rule accepts (five digits in a "zip"
 * column stay a Postal Code). Each result says why.
 */
import { dateProposal } from './date-formats.js';
import { proposalOf, ruleForName, type NameRule } from './name-rules.js';
import { numberGuess } from './number-columns.js';
import { patternGuess } from './pattern-columns.js';
import type { Basis, Proposal } from './proposal.js';
import { textGuess } from './text-columns.js';
import { WEAK_KINDS, type ValueKind } from './value-kind.js';

export interface ColumnResult {
  proposal: Proposal;
  basis: Basis;
  /** Share of blank values, 0 to 100 (whole percent). */
  percentBlank: number;
}

interface ValueGuess {
  kind: ValueKind;
  proposal: Proposal;
}

/** A few words of anything: what a column with no telling name and no values gets. */
const FALLBACK: Proposal = {
  type: 'Words',
  params: { min: 1, max: 3 },
  reason: 'nothing in the name suggests a type (and there are no values to look at): a few words',
};

/**
 * Number types a column of numbers (or amounts) confirms, the values saying which exactly: a
 * range, a sequence (an order_id of 1001, 1002...), a row number, an amount with its symbol.
 */
const NUMERIC_TYPES = new Set(['Number', 'Money', 'Row Number']);
const NUMERIC_KINDS = new Set<ValueKind>(['integer', 'decimal', 'money']);

function valueGuess(
  values: readonly string[],
  distinct: readonly string[],
  preferred: string | null,
): ValueGuess | null {
  const number = numberGuess(values);
  if (number) return number;
  const date = dateProposal(values, distinct);
  if (date) return { kind: 'date', proposal: date };
  return patternGuess(values, distinct.length) ?? textGuess(values, preferred);
}

function merge(rule: NameRule, guess: ValueGuess): { proposal: Proposal; basis: Basis } {
  const named = proposalOf(rule);
  if (guess.proposal.type === rule.type)
    return {
      proposal: { ...guess.proposal, reason: `${guess.proposal.reason}; the name agrees` },
      basis: 'name and values',
    };
  // A numeric name over numbers: the values say which (a range, a sequence, a row number, an amount).
  if (NUMERIC_TYPES.has(rule.type) && NUMERIC_KINDS.has(guess.kind))
    return {
      proposal: { ...guess.proposal, reason: `${named.reason}; ${guess.proposal.reason}` },
      basis: 'name and values',
    };
  if (WEAK_KINDS.has(guess.kind) || rule.accepts?.includes(guess.kind))
    return {
      proposal: { ...named, reason: `${named.reason}; the values fit (${guess.proposal.reason})` },
      basis: 'name and values',
    };
  return {
    proposal: { ...guess.proposal, reason: `${guess.proposal.reason} (the name suggested ${rule.type})` },
    basis: 'values',
  };
}

/** `values`: the column's cells as read (blank ones included). */
export function inferColumn(name: string, values: readonly string[]): ColumnResult {
  const filled = values.map((v) => v.trim()).filter((v) => v !== '');
  const percentBlank = values.length === 0 ? 0 : Math.round(((values.length - filled.length) / values.length) * 100);
  const rule = ruleForName(name);
  const distinct = [...new Set(filled)];
  const guess = filled.length > 0 ? valueGuess(filled, distinct, rule?.type ?? null) : null;
  if (rule && guess) return { ...merge(rule, guess), percentBlank };
  if (guess) return { proposal: guess.proposal, basis: 'values', percentBlank };
  if (rule) return { proposal: proposalOf(rule), basis: 'name', percentBlank };
  const reason =
    values.length > 0 ? 'every value is blank, and nothing in the name suggests a type: a few words' : FALLBACK.reason;
  return { proposal: { ...FALLBACK, reason }, basis: 'default', percentBlank };
}
