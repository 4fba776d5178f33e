/** Small helpers over a DDL script's text, shared by both dialects. */

/**
 * psql's own commands (pg_dump writes `\restrict KEY` and `\connect db`) are lines starting with a
 * backslash: no SQL parser reads them, so they become blank lines (keeping every line number).
 */
export function psqlCommandsBlanked(text: string): string {
  return text.replace(/^\\[^\n]*$/gm, '');
}

/** The 1-based line of a byte offset, found by halving over the line starts. */
export function lineIndex(source: Buffer): (offset: number) => number {
  const starts = [0];
  for (let i = source.indexOf(0x0a); i !== -1; i = source.indexOf(0x0a, i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
