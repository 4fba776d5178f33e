/**
 * Reading a callgrind profile of a Node process as instructions per function, with V8's
 * JIT-compiled JavaScript named. callgrind only knows the symbols of files on disk, so code V8
 * compiled at run time shows as bare addresses; `node --perf-basic-prof` writes a map of those
 * addresses to function names (/tmp/perf-<pid>.map), which is what resolves them here.
 *
 * Instruction counts do not depend on the machine's load, so two runs of the same thing agree
 * within a fraction of a percent even on a shared 2-core machine, where wall-clock times do not.
 */

/** One compiled code object: where it starts, how long it is, and what V8 called it. */
interface CodeRange {
  start: number;
  size: number;
  name: string;
}

/** Address-to-name lookups over a perf map (`<hex start> <hex size> <name>` per line). */
export class PerfMap {
  private readonly ranges: CodeRange[];

  constructor(text: string) {
    this.ranges = [];
    for (const line of text.split('\n')) {
      const match = /^([0-9a-f]+) ([0-9a-f]+) (.+)$/i.exec(line.trim());
      if (match) this.ranges.push({ start: parseInt(match[1], 16), size: parseInt(match[2], 16), name: match[3] });
    }
    this.ranges.sort((a, b) => a.start - b.start);
  }

  /** The name of the code holding `address`, or null when none does. */
  nameAt(address: number): string | null {
    let low = 0;
    let high = this.ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = this.ranges[middle];
      if (address < range.start) high = middle - 1;
      else if (address >= range.start + range.size) low = middle + 1;
      else return range.name;
    }
    return null;
  }
}

/**
 * A readable, run-independent name. JavaScript: `function path:line` with the tier marker
 * (`*` optimised, `^` baseline, `~` interpreted) and the path up to the package's dist/ dropped,
 * so one function's tiers add up and two runs' names match. Native code: callgrind's name,
 * without argument lists.
 */
export function displayName(raw: string): string {
  const js = /^JS:[*^~]?(\S*) (?:file:\/\/)?(\S+)$/.exec(raw);
  if (js) {
    const path = js[2].replace(/^.*\/(?:dist|node_modules)\//, '');
    return `${js[1] || '(anonymous)'} ${path}`;
  }
  if (raw.startsWith('RegExp:')) return 'regular expression ' + raw.slice('RegExp:'.length);
  // The argument list goes; C++'s "(anonymous namespace)" is part of the name and stays.
  return raw
    .replace(/^Builtin:/, 'Builtins_')
    .replace(/\((?!anonymous namespace\)).*$/s, '')
    .replace(/^void /, '');
}

/** Code V8 made at run time that the perf map does not name (stubs, code freed before the map was written). */
export const UNNAMED_JIT_CODE = 'JIT code, unnamed';

/**
 * Instructions by function from `callgrind_annotate` output (its flat part: one
 * `<count> (<share>)  <file>:<function> [<object>]` line per function).
 */
export function instructionsByFunction(annotated: string, perfMap: PerfMap): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(?:\S*?):(\S.*?)(?: \[[^\]]*\])?$/.exec(line);
    if (!match || match[2].startsWith('*')) continue;
    const count = Number(match[1].replaceAll(',', ''));
    // callgrind marks recursive activations with 'N; they are the same function.
    const symbol = match[2].replace(/'\d+$/, '');
    const address = /^0x([0-9a-f]+)$/i.exec(symbol);
    const raw = address ? perfMap.nameAt(parseInt(address[1], 16)) : symbol;
    const name = raw === null ? UNNAMED_JIT_CODE : displayName(raw);
    totals.set(name, (totals.get(name) ?? 0) + count);
  }
  return totals;
}

export interface FunctionCost {
  name: string;
  /** Instructions per row, start-up removed. */
  perRow: number;
}

/**
 * What each function costs per row: its instructions in a run of `rows` rows minus those in a
 * run of `baseRows` rows (one by default: start-up, module loading, compiling the schema,
 * reading tables), over rows - baseRows. A larger base (say 200,000 under a million) also leaves
 * out the JIT's warm-up, which is spent in the first rows: the steady state. Functions whose
 * difference is negative (start-up noise) are left out.
 */
export function costsPerRow(
  long: Map<string, number>,
  short: Map<string, number>,
  rows: number,
  baseRows = 1,
): FunctionCost[] {
  const costs: FunctionCost[] = [];
  for (const [name, count] of long) {
    const perRow = (count - (short.get(name) ?? 0)) / (rows - baseRows);
    if (perRow > 0) costs.push({ name, perRow });
  }
  return costs.sort((a, b) => b.perRow - a.perRow);
}

/** Broad groups of V8's and Node's native work, so spread-out costs (GC, strings) add up. */
const GROUPS: [group: string, pattern: RegExp][] = [
  // IterateObjectCache and the root visitors are a scavenge's walk over its roots: paid once per
  // collection, so they grow with the collections a row's allocations cause.
  [
    'garbage collection',
    /Scaveng|Sweep|Marking|Heap::|GCTracer|Evacuat|MemoryAllocator|MemoryChunk|RememberedSet|SlotSet|IterateObjectCache|ClearStaleLeftTrimmedHandles/,
  ],
  ['strings: concatenating', /StringAdd/],
  [
    'strings: flattening and UTF-8 encoding',
    /WriteToFlat|WriteUtf8|SlowFlatten|StringBytes|StringWrite|Utf8Length|memcpy|CopyChars/,
  ],
  ['numbers to text', /NumberToString|DoubleToCString|IntToCString|Builtins_ToString/],
  ['V8 compiling and parsing', /compiler::|Parser|Scanner|AstValue|Bytecode|Builtins_CompileLazy|Maglev|Turbofan/],
];

/** Whether a name is JavaScript's (it has a source position) rather than V8's or Node's own. */
function isJavaScript(name: string): boolean {
  return /\.(?:js|mjs|cjs):\d+|^\S+ node:/.test(name);
}

/** Total instructions per row of each group of native work; a function counts in its first matching group. */
export function groupTotals(costs: readonly FunctionCost[]): { group: string; perRow: number }[] {
  const totals = GROUPS.map(([group]) => ({ group, perRow: 0 }));
  for (const cost of costs) {
    if (isJavaScript(cost.name)) continue;
    const at = GROUPS.findIndex(([, pattern]) => pattern.test(cost.name));
    if (at >= 0) totals[at].perRow += cost.perRow;
  }
  return totals;
}
