/**
 * A worker's shard, made on this thread and stored as the job's part. On a store of this
 * machine's file system (openLocalPart) the rows go through two reused batch buffers into a file
 * written synchronously: a stream pipeline per part cost the workers measurably more CPU than the
 * CLI's threads, which recycle their memory in the same way. Other stores (S3) and packed files
 * take the rows as a stream (putPart). Either way there is a turn of the event loop between
 * batches, so the worker stays responsive (progress, cancel polls, BullMQ's lock renewal).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { RangeFiller, type RowCounter, type SchemaPlan, type WorkerSetup } from '@rowloom/core';
import type { ArtifactStore, FrozenJob } from '../job-contract.js';
import { shardBytes, shardPart, shardRange } from './shard.js';

/** Thrown when `signal` aborts while rows are being made. */
export class PartCancelled extends Error {}

export interface PartRequest {
  jobId: string;
  job: FrozenJob;
  shard: number;
  setup: WorkerSetup;
  plan: SchemaPlan;
  /** Follows the rows of the shard made so far. */
  counter: RowCounter;
  signal: AbortSignal;
}

/** Makes and stores the shard's part; returns its size in bytes. */
export async function writePart(store: ArtifactStore, request: PartRequest): Promise<number> {
  if (store.openLocalPart && !request.job.packed) return writeLocalPart(store, request);
  let bytes = 0;
  const { job, shard, setup, counter, plan, signal } = request;
  const part = shardPart(job, setup, paced(shardBytes(job, shard, setup, counter, plan), signal));
  await store.putPart(
    request.jobId,
    shard,
    counted(part, (n) => (bytes += n)),
  );
  return bytes;
}

async function writeLocalPart(store: ArtifactStore, request: PartRequest): Promise<number> {
  const { job, shard, setup, plan, counter, signal } = request;
  const { start, end } = shardRange(job, shard);
  const filler = new RangeFiller(setup, start, end, plan);
  const part = await store.openLocalPart!(request.jobId, shard);
  let bytes = 0;
  const write = (batch: Buffer) => {
    part.write(batch);
    bytes += batch.length;
  };
  try {
    while (filler.next(write)) {
      counter.rows = filler.rowsMade;
      if (signal.aborted) throw new PartCancelled('cancelled');
      await nextTurn();
    }
    await part.publish();
  } catch (error) {
    await part.discard();
    throw error;
  }
  return bytes;
}

/** The batches of a synchronous generator, with a turn of the event loop between them; stops when `signal` aborts. */
async function* paced(batches: Iterable<Buffer>, signal: AbortSignal): AsyncGenerator<Buffer> {
  for (const batch of batches) {
    if (signal.aborted) throw new PartCancelled('cancelled');
    yield batch;
    await nextTurn();
  }
}

async function* counted(source: AsyncIterable<Buffer>, add: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    add(chunk.length);
    yield chunk;
  }
}
