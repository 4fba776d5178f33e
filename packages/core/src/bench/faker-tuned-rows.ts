/**
 * The hand-tuned faker anchor: what a careful engineer writes with faker's data and no engine.
 * Each row is one string concatenation of pre-encoded table entries, appended to a batch that
 * goes to the sink at ~64 KiB (the reference measurements found 16-64 KiB batches fastest and
 * 1 MiB batches three times slower). No row objects, no per-value escaping.
 *
 * One loop per format with the separators and keys written as literals, as the reference
 * script does: reading them from a table instead cost ~4 % more instructions (callgrind).
 */
import {
  anchorTables,
  picker,
  sfc32,
  SALARY_CENT_VALUES,
  SALARY_MIN_CENTS,
  type AnchorFormat,
  type AnchorTables,
} from './anchor-workload.js';

export const TUNED_BATCH_CHARS = 65536;

/** Returns a promise when the sink wants the writer to wait (back-pressure), nothing otherwise. */
export type StringSink = (chunk: string) => Promise<void> | void;

export async function writeTunedRows(format: AnchorFormat, n: number, seed: number, write: StringSink): Promise<void> {
  const tables = anchorTables(format);
  const loop = format === 'csv' ? csvRows : jsonRows;
  let batch = tables.literals.open;
  // The loop hands back each full batch; the caller's wait (back-pressure) happens here.
  for (const full of loop(tables, n, seed)) {
    const wait = write(batch + full);
    batch = '';
    if (wait) await wait;
  }
  const wait = write(batch + tables.literals.close);
  if (wait) await wait;
}

// The draw order (first, last, ip, cents, domain, gender, date, city) is bare-loop-rows.ts's
// too: the two anchors write the same bytes for one seed.

function* csvRows(t: AnchorTables, n: number, seed: number): Generator<string> {
  const {
    first: F,
    last: L,
    firstEmail: FE,
    lastEmail: LE,
    domain: DOM,
    gender: G,
    octets: OCT,
    dates: DATES,
    cents: CENTS,
    city: C,
    codeOpen: CO,
    codeClose: CC,
  } = t;
  const next = sfc32(seed);
  const pick = picker(next);
  let batch = '';
  for (let id = 1; id <= n; id++) {
    const f = pick(F.length),
      l = pick(L.length);
    const ip = next();
    const cents = SALARY_MIN_CENTS + pick(SALARY_CENT_VALUES);
    batch +=
      id +
      ',' +
      F[f] +
      ',' +
      L[l] +
      ',' +
      FE[f] +
      '.' +
      LE[l] +
      DOM[pick(DOM.length)] +
      ',' +
      G[pick(G.length)] +
      ',' +
      OCT[ip >>> 24] +
      '.' +
      OCT[(ip >>> 16) & 255] +
      '.' +
      OCT[(ip >>> 8) & 255] +
      '.' +
      OCT[ip & 255] +
      ',' +
      DATES[pick(DATES.length)] +
      ',' +
      ((cents / 100) | 0) +
      '.' +
      CENTS[cents % 100] +
      ',' +
      C[pick(C.length)] +
      ',' +
      CO[l] +
      id +
      CC[l] +
      '\n';
    if (batch.length >= TUNED_BATCH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  yield batch;
}

function* jsonRows(t: AnchorTables, n: number, seed: number): Generator<string> {
  const {
    first: F,
    last: L,
    firstEmail: FE,
    lastEmail: LE,
    domain: DOM,
    gender: G,
    octets: OCT,
    dates: DATES,
    cents: CENTS,
    city: C,
    codeOpen: CO,
    codeClose: CC,
  } = t;
  const next = sfc32(seed);
  const pick = picker(next);
  let batch = '';
  for (let id = 1; id <= n; id++) {
    const f = pick(F.length),
      l = pick(L.length);
    const ip = next();
    const cents = SALARY_MIN_CENTS + pick(SALARY_CENT_VALUES);
    batch +=
      (id === 1 ? '{"id":' : ',\n{"id":') +
      id +
      ',"first_name":' +
      F[f] +
      ',"last_name":' +
      L[l] +
      ',"email":"' +
      FE[f] +
      '.' +
      LE[l] +
      DOM[pick(DOM.length)] +
      '","gender":' +
      G[pick(G.length)] +
      ',"ip_address":"' +
      OCT[ip >>> 24] +
      '.' +
      OCT[(ip >>> 16) & 255] +
      '.' +
      OCT[(ip >>> 8) & 255] +
      '.' +
      OCT[ip & 255] +
      '","birth_date":"' +
      DATES[pick(DATES.length)] +
      '","salary":' +
      ((cents / 100) | 0) +
      '.' +
      CENTS[cents % 100] +
      ',"city":' +
      C[pick(C.length)] +
      ',"code":' +
      CO[l] +
      id +
      CC[l] +
      '}';
    if (batch.length >= TUNED_BATCH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  yield batch;
}
