/**
 * Password strength checks on one worker thread (password-strength-worker.ts), so a slow
 * estimate never holds the thread that answers requests. The thread starts with the first check
 * and ends after a minute without any: an idle server does not keep zxcvbn's dictionaries in
 * memory. Bounded: at most MAX_WAITING checks wait (503 beyond), and a check slower than
 * CHECK_TIME_LIMIT_MS ends the thread and every check waiting on it (503: try again).
 */
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/http-error.js';
import type { Strength } from './password-strength.js';
import type { StrengthAnswer, StrengthQuestion } from './password-strength-worker.js';

const IDLE_MS = 60_000;
/** Far longer than a check takes (at most about half a second for 100 hostile characters). */
const CHECK_TIME_LIMIT_MS = 10_000;
const MAX_WAITING = 16;
const MEMORY_MB = 256;

const unavailable = (why: string) =>
  new HttpError(
    503,
    `the new password could not be checked now (${why}); try again in a few seconds`,
    {},
    { 'retry-after': '5' },
  );

interface Waiting {
  resolve(strength: Strength): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 1;

/** zxcvbn's estimate of `password`, computed on the worker thread. */
export function checkStrength(password: string, userInputs: string[]): Promise<Strength> {
  if (waiting.size >= MAX_WAITING) return Promise.reject(unavailable('too many checks at once'));
  const thread = running();
  const id = nextId++;
  return new Promise<Strength>((resolve, reject) => {
    const timer = setTimeout(() => failAll(unavailable('the check took too long')), CHECK_TIME_LIMIT_MS);
    waiting.set(id, { resolve, reject, timer });
    thread.postMessage({ id, password, userInputs } satisfies StrengthQuestion);
  });
}

function running(): Worker {
  clearTimeout(idleTimer);
  if (worker) return worker;
  const started = new Worker(new URL('./password-strength-worker.js', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
  });
  started.on('message', answered);
  started.on('error', (error) => failAll(unavailable(error.message.slice(0, 200))));
  started.on('exit', () => {
    if (worker === started) failAll(unavailable('the checking thread stopped'));
  });
  // Waiting requests keep the process alive, not the thread (after the listeners: adding one refs it again).
  started.unref();
  worker = started;
  return started;
}

function answered(answer: StrengthAnswer): void {
  const entry = waiting.get(answer.id);
  if (!entry) return;
  waiting.delete(answer.id);
  clearTimeout(entry.timer);
  if ('strength' in answer) entry.resolve(answer.strength);
  else entry.reject(new Error(`password strength check failed: ${answer.failure}`));
  if (waiting.size === 0) idleTimer = setTimeout(stop, IDLE_MS).unref();
}

function failAll(error: Error): void {
  const entries = [...waiting.values()];
  waiting.clear();
  stop();
  for (const entry of entries) {
    clearTimeout(entry.timer);
    entry.reject(error);
  }
}

function stop(): void {
  const thread = worker;
  worker = null;
  void thread?.terminate();
}
