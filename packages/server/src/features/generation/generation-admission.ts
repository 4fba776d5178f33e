/**
 * How a request that generates rows shares the server (extracted from the generate route so mock
 * endpoints use the very same code): a place among the concurrent generations, the daily quota,
 * and the guards on the response (time limit, stalled reader, client gone).
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationPool, InlinePolicy } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Limiter } from '../../concurrency/limiter.js';
import type { DatasetTexts } from '../datasets/dataset-texts.js';
import type { Tables } from '../../db/tables.js';
import { HttpError } from '../../http/http-error.js';
import type { Plans } from '../../users/plans.js';
import { chargeUsage } from '../../users/quota.js';

/** Exactly this text: the Python client compares it to recognise the limit. */
export const USAGE_LIMIT_EXCEEDED = 'Usage Limit Exceeded';

/** How generate requests share the server: its threads, a cap on concurrent generations, the stall timeout. */
export interface GenerationSharing {
  pool: GenerationPool;
  limiter: Limiter;
  stallMs: number;
  /** Which small requests start on the thread that answers requests (ROWLOOM_INLINE_ROWS). */
  inline: InlinePolicy;
  /** Stored datasets as the threads take them, kept by revision (every reader of a dataset goes through it). */
  datasetTexts: DatasetTexts;
}

/** How often a response is checked for a client that stopped reading. */
const STALL_CHECKS_PER_TIMEOUT = 4;

/**
 * Closes the response when its client has read nothing for `stallMs` while output waits (the
 * socket's buffer stays full): a reader that stops must not hold a generation for ever.
 */
function closeWhenStalled(
  request: FastifyRequest,
  reply: FastifyReply,
  streams: Readable[],
  stallMs: number,
): NodeJS.Timeout {
  const response = reply.raw;
  let lastDrained = Date.now();
  response.on('drain', () => (lastDrained = Date.now()));
  const check = setInterval(
    () => {
      if (!response.writableNeedDrain) lastDrained = Date.now();
      else if (Date.now() - lastDrained > stallMs) {
        request.log.warn({ stallMs }, 'the client stopped reading; response aborted');
        for (const stream of streams) stream.destroy(new Error(`the client read nothing for ${stallMs / 1000} s`));
        response.destroy();
      }
    },
    Math.max(10, stallMs / STALL_CHECKS_PER_TIMEOUT),
  );
  check.unref();
  return check;
}

/**
 * Takes a place among the concurrent generations (or a 503), then charges the quota (or a 429):
 * in that order, so a refused request costs nothing. Returns what frees the place.
 * `count` null: a preview, not charged.
 */
export async function admitAndCharge(
  db: Kysely<Tables>,
  limiter: Limiter,
  userId: string,
  limits: Plans[string],
  count: number | null,
  generation: Readable,
): Promise<() => void> {
  return admitAndPay(limiter, userId, (records) => chargeOrRefuse(db, userId, limits, records), count, generation);
}

/** Charges one request of `records` rows to whoever pays for it, or throws the 429 that says why. */
export type Pay = (records: number) => Promise<void>;

/** admitAndCharge with the charge given: a public mock's calls are paid by its own budget, not a plan. */
export async function admitAndPay(
  limiter: Limiter,
  owner: string,
  pay: Pay,
  count: number | null,
  generation: Readable,
): Promise<() => void> {
  let release: () => void;
  try {
    release = await limiter.acquire(owner);
  } catch (error) {
    generation.destroy();
    throw error;
  }
  if (count === null) return release;
  try {
    await pay(count);
  } catch (error) {
    release();
    generation.destroy();
    throw error;
  }
  return release;
}

/** Charges one request of `records` rows to the plan, or throws the 429 the generate API answers. */
export async function chargeOrRefuse(
  db: Kysely<Tables>,
  userId: string,
  limits: Plans[string],
  records: number,
): Promise<void> {
  const decision = await chargeUsage(db, userId, limits, records);
  if (decision.ok) return;
  const retryAfter = Math.max(1, Math.ceil((decision.resetsAt.getTime() - Date.now()) / 1000));
  throw new HttpError(
    429,
    USAGE_LIMIT_EXCEEDED,
    { limit: decision.limit, allowed: decision.allowed, resets_at: decision.resetsAt.toISOString() },
    { 'retry-after': String(retryAfter) },
  );
}

export interface ResponseGuards {
  generation: Readable;
  body: Readable;
  timeLimitMs: number | null;
  stallMs: number;
  release: () => void;
}

/** The time limit, the stall check, and the clean-up when the response ends or the client leaves. */
export function guardResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  { generation, body, timeLimitMs, stallMs, release }: ResponseGuards,
): void {
  // Past the time limit the response is cut off mid-stream: the connection closes without the
  // final chunk, so every HTTP client reports an error instead of a silently short document.
  const timer =
    timeLimitMs === null
      ? null
      : setTimeout(() => {
          request.log.warn({ timeLimitMs }, 'generation exceeded the time limit; response aborted');
          const error = new Error(`generation exceeded the time limit of ${timeLimitMs / 1000} s`);
          generation.destroy(error);
          body.destroy(error);
        }, timeLimitMs);
  const stallCheck = closeWhenStalled(request, reply, [generation, body], stallMs);
  // A client that disconnects stops the generation (and frees its turn on the threads).
  reply.raw.on('close', () => {
    if (timer) clearTimeout(timer);
    clearInterval(stallCheck);
    release();
    if (!reply.raw.writableFinished) {
      generation.destroy();
      body.destroy();
    }
  });
}
