/**
 * Where a server request's time goes, from a V8 CPU profile (`node --cpu-prof`): the samples of
 * a time window summed by step. A sample counts under the first step of STEPS that any frame
 * of its stack belongs to (so the rows' own encoding stays with the rows, and SQLite's work
 * with the database, whatever calls them); the rest by the code of its innermost frame.
 */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

type FrameTest = (name: string, url: string) => boolean;

export const STEPS: [string, FrameTest][] = [
  ['SQLite executing statements (executeQuery)', (f, u) => f === 'executeQuery' && u.includes('sqlite-driver')],
  ['the rows themselves (fillSlice)', (f) => f === 'fillSlice'],
  [
    'the plan compiled for the request (compileSchema, createGenerators)',
    (f, u) => (f === 'compileSchema' && u.includes('core/dist/schema')) || f === 'createGenerators',
  ],
  [
    'the writer and generate() set up for the request',
    (f, u) => u.includes('core/dist/writers') || u.includes('core/dist/engine/generate.js') || f === 'rowsWriterFor',
  ],
  ['Kysely building statements', (_, u) => u.includes('node_modules/kysely')],
  ['socket writes', (f) => ['Socket._writeGeneric', 'Socket._writev', 'Socket._write', 'writev'].includes(f)],
  ['garbage collection', (f) => f === '(garbage collector)'],
  ['idle', (f) => f === '(idle)'],
];

/** The rest, by the code the innermost frame is in. */
function restGroup(name: string, url: string): string {
  if (/fastify|find-my-way|avvio/.test(url)) return 'rest: Fastify and its plugins';
  if (/^node:_?http/.test(url) || name === 'parserOnHeadersComplete') return "rest: Node's HTTP";
  if (url.includes('internal/streams')) return "rest: Node's streams";
  if (url.includes('server/dist/features/mocks')) return 'rest: mock serving code';
  if (url.includes('server/dist')) return 'rest: other server code';
  if (url.includes('core/dist')) return 'rest: other engine code';
  if (url.startsWith('node:')) return 'rest: other Node internals';
  return url === '' ? `rest: native ${name}` : 'rest: other libraries';
}

/** Microseconds by step over the samples taken between `fromUs` and `toUs` (the profile's clock). */
export function stepTimes(profile: CpuProfile, fromUs: number, toUs: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const sums = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((sample, i) => {
    at += profile.timeDeltas[i];
    if (at < fromUs || at > toUs) return;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    let first = STEPS.length;
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const { functionName, url } = byId.get(id)!.callFrame;
      const k = STEPS.findIndex(([, test]) => test(functionName, url));
      if (k !== -1 && k < first) first = k;
    }
    const leaf = byId.get(sample)!.callFrame;
    const step = first < STEPS.length ? STEPS[first][0] : restGroup(leaf.functionName, leaf.url);
    sums.set(step, (sums.get(step) ?? 0) + us);
  });
  return sums;
}
