/**
 * Statements a DDL import reads past (SET, CREATE INDEX, COMMENT, functions...): counted by their
 * opening words, so a 500-statement dump gives a few warnings, each with its first line.
 */
export class IgnoredStatements {
  private readonly kinds = new Map<string, { count: number; line: number }>();

  /** `words`: the statement's opening words ("CREATE FUNCTION"); `line`: 1-based. */
  add(words: string, line: number): void {
    const seen = this.kinds.get(words);
    if (seen) seen.count++;
    else this.kinds.set(words, { count: 1, line });
  }

  warnings(): string[] {
    return [...this.kinds].map(
      ([words, { count, line }]) =>
        `ignored ${count === 1 ? 'a statement' : `${count} statements`} ${words} (${count === 1 ? '' : 'first '}at line ${line}): not about tables`,
    );
  }
}

const CREATE_LIKE = /^(create|alter|drop|comment|grant|revoke)$/i;
const FILLERS = /^(or|replace|unique|temporary|temp|if|not|exists|only|definer|materialized|global|local|unlogged)$/i;

/** "CREATE OR REPLACE FUNCTION f() ..." -> "CREATE FUNCTION"; "SET x = 1" -> "SET". */
export function openingWords(statement: string): string {
  const words = statement.trim().split(/[\s(;]+/, 8);
  const first = (words[0] ?? '').toUpperCase();
  if (!CREATE_LIKE.test(first)) return first;
  const object = words.slice(1).find((word) => !FILLERS.test(word) && /^[a-z]+$/i.test(word));
  return object ? `${first} ${object.toUpperCase()}` : first;
}

/** The statement's beginning, for an error message. */
export function statementStart(statement: string): string {
  const line = statement.trim().replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
