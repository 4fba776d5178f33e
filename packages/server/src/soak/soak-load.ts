/**
 * Hostile load against a running server, and a probe measuring what a well-behaved client sees
 * meanwhile. Each hostile client repeats one kind of abuse until the time is up:
 *
 *   formula    rows of formulas that each rewrite 100,000 characters (seconds per row)
 *   words      1,000 Words fields of 1,000 words each (about 7 MB per row), read as fast as possible
 *   image      2000x2000 images in every format, never the same twice (no cache hits)
 *   stalled    an endless generation whose response is never read
 *   unlimited  an endless generation read as fast as possible
 *
 * The probe (another API key) alternates a count=1 generate and GET /api/types and records the
 * latency of each, after one unmeasured warm-up call of each (the server loads its data tables
 * and type examples on first use). The hostile clients run on a worker thread of their own, so
 * reading their gigabytes does not delay the probe's own event loop. Loopback only: the caller
 * passes the server's address.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';

export const HOSTILE_KINDS = ['formula', 'words', 'image', 'stalled', 'unlimited'] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

export interface SoakOptions {
  url: string;
  /** The key the hostile clients use. */
  hostileKey: string;
  /** The probe's key: another user, as on a shared server. */
  probeKey: string;
  durationMs: number;
  /** Hostile clients of each kind. */
  clients: Record<HostileKind, number>;
  /** Pause between probe requests. */
  probeEveryMs?: number;
}

export interface ProbeFigures {
  latenciesMs: number[];
  /** Probe requests that did not answer 200 with a complete body. */
  failures: string[];
}

export interface SoakResult {
  probe: { generate: ProbeFigures; types: ProbeFigures };
  /** Outcomes of hostile requests by kind: "200", "503", "200 cut" (ended mid-stream: time limit, stall), "error ECONNRESET"... */
  outcomes: Record<HostileKind, Record<string, number>>;
}

const STANDARD_FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'last_name', type: 'Last Name' },
  { name: 'email', type: 'Email Address' },
  { name: 'city', type: 'City' },
];

const HEAVY_FORMULA = "(field('id').to_s + 'q').ljust(100000, 'ab').gsub(/[ab]/, 'c').size";
const FORMULA_FIELDS = [
  { name: 'id', type: 'Row Number' },
  ...Array.from({ length: 20 }, (_, i) => ({ name: `heavy${i}`, type: 'Formula', value: HEAVY_FORMULA })),
];
const WORDS_FIELDS = Array.from({ length: 1000 }, (_, i) => ({
  name: `words${i}`,
  type: 'Words',
  min: 1000,
  max: 1000,
}));
const IMAGE_FORMATS = ['png', 'gif', 'jpg', 'bmp'];

/** How long a stalled client reads nothing (longer than the server's stall timeout in the soak). */
const STALL_HOLD_MS = 6000;

interface Outcome {
  status: number;
  /** The body ended early (the server cut it) or the request failed: the code or message. */
  problem: string | null;
  bytes: number;
}

interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Read nothing: the response stays paused, as a stalled client's would. */
  stall?: boolean;
}

/** One request with node:http (no client-side buffering beyond the socket's); `signal` aborts it. */
function call(base: string, { method, path, body, stall }: HttpCall, signal: AbortSignal): Promise<Outcome> {
  return new Promise((resolve) => {
    let status = 0;
    let bytes = 0;
    let settled = false;
    const settle = (problem: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ status, problem, bytes });
    };
    const request = http.request(
      new URL(path, base),
      { method, signal, headers: body ? { 'content-type': 'application/json' } : {} },
      (response) => {
        status = response.statusCode ?? 0;
        if (stall) {
          // Read nothing for a while, then read what arrived: the end tells whether the server
          // closed the response meanwhile (a paused response does not report its closing).
          response.pause();
          const resume = setTimeout(() => response.resume(), STALL_HOLD_MS);
          response.once('close', () => clearTimeout(resume));
        }
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => settle(response.complete ? null : 'cut'));
        response.on('aborted', () => settle('cut'));
        response.on('error', (error: NodeJS.ErrnoException) => settle(status ? 'cut' : (error.code ?? error.message)));
        response.on('close', () => settle(response.complete ? null : 'cut'));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      settle(signal.aborted ? 'aborted' : status ? 'cut' : `error ${error.code ?? error.message}`),
    );
    request.end(body);
  });
}

let uniqueCounter = 0;
const unique = () => `${Date.now().toString(36)}${(uniqueCounter++).toString(36)}`;

function hostileCall(kind: HostileKind, key: string): HttpCall {
  const post = (path: string, fields: unknown[], stall = false): HttpCall => ({
    method: 'POST',
    path: `${path}&key=${key}`,
    body: JSON.stringify(fields),
    stall,
  });
  switch (kind) {
    case 'formula':
      return post('/api/generate.csv?count=1000', FORMULA_FIELDS);
    case 'words':
      return post('/api/generate.json?count=1000000', WORDS_FIELDS);
    case 'stalled':
      return post('/api/generate.csv?count=100000000', STANDARD_FIELDS, true);
    case 'unlimited':
      return post('/api/generate.csv?count=100000000', STANDARD_FIELDS);
    case 'image': {
      const format = IMAGE_FORMATS[uniqueCounter % IMAGE_FORMATS.length];
      const id = unique();
      return uniqueCounter % 2 === 0
        ? { method: 'GET', path: `/images/avatar/${id}.${format}?size=2000x2000` }
        : {
            method: 'GET',
            path: `/images/dummy/2000x2000.${format}?bg=${((uniqueCounter * 7919) % 0xffffff).toString(16).padStart(6, '0')}&fg=${id
              .slice(-3)
              .replace(/[^0-9a-f]/g, 'a')
              .padStart(3, '0')}`,
          };
    }
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export async function hostileClient(
  options: SoakOptions,
  kind: HostileKind,
  signal: AbortSignal,
  tally: Record<string, number>,
): Promise<void> {
  while (!signal.aborted) {
    const outcome = await call(options.url, hostileCall(kind, options.hostileKey), signal);
    if (signal.aborted && outcome.problem !== null) return;
    const label = outcome.status ? `${outcome.status}${outcome.problem ? ' cut' : ''}` : (outcome.problem ?? 'error');
    tally[label] = (tally[label] ?? 0) + 1;
    // A refused client waits as told (Retry-After is 2 s) rather than hammering.
    if (outcome.status === 503) await pause(500, signal);
  }
}

/** Probes until `signal` aborts, but at least `atLeast` times. */
async function probe(
  options: SoakOptions,
  signal: AbortSignal,
  figures: SoakResult['probe'],
  atLeast = 0,
): Promise<void> {
  const generate: HttpCall = {
    method: 'POST',
    path: `/api/generate.json?count=1&key=${options.probeKey}`,
    body: JSON.stringify(STANDARD_FIELDS),
  };
  const types: HttpCall = { method: 'GET', path: `/api/types?key=${options.probeKey}` };
  for (let i = 0; i < atLeast || !signal.aborted; i++) {
    const [which, request] = i % 2 === 0 ? (['generate', generate] as const) : (['types', types] as const);
    const started = performance.now();
    // The probe is never aborted mid-request: its latency is what a client would see.
    const outcome = await call(options.url, request, new AbortController().signal);
    figures[which].latenciesMs.push(performance.now() - started);
    if (outcome.status !== 200 || outcome.problem)
      figures[which].failures.push(`${outcome.status} ${outcome.problem ?? ''}`.trim());
    await pause(options.probeEveryMs ?? 50, signal);
  }
}

/** Runs the hostile clients and the probe for `durationMs`, then stops them all. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const result: SoakResult = {
    probe: { generate: { latenciesMs: [], failures: [] }, types: { latenciesMs: [], failures: [] } },
    outcomes: Object.fromEntries(HOSTILE_KINDS.map((kind) => [kind, {}])) as SoakResult['outcomes'],
  };
  await probe(
    options,
    AbortSignal.abort(),
    { generate: { latenciesMs: [], failures: [] }, types: { latenciesMs: [], failures: [] } },
    2,
  );
  const hostile = new Worker(new URL('./soak-hostile-worker.js', import.meta.url), { workerData: options });
  const outcomes = new Promise<SoakResult['outcomes']>((resolve, reject) => {
    hostile.once('message', resolve);
    hostile.once('error', reject);
  });
  const stop = new AbortController();
  const probing = probe(options, stop.signal, result.probe);
  await pause(options.durationMs, new AbortController().signal);
  stop.abort();
  hostile.postMessage('stop');
  await probing;
  result.outcomes = await outcomes;
  await hostile.terminate();
  return result;
}

/** The p-th percentile (0-100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Hostile responses that were server errors other than 503 (which is the answer we want under overload). */
export function serverErrors(result: SoakResult): number {
  return Object.values(result.outcomes)
    .flatMap((tally) => Object.entries(tally))
    .filter(([label]) => /^5\d\d/.test(label) && !label.startsWith('503'))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Hostile requests refused with 503. */
export function refusedCount(result: SoakResult): number {
  return Object.values(result.outcomes).reduce((sum, tally) => sum + (tally['503'] ?? 0), 0);
}
