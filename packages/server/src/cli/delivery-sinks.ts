/**
 * Where `rowloom generate --distributed` writes the job's file: --out or stdout. A chunk handed to
 * write() may be a view of a buffer the reader fills again once write() has settled (see
 * JobFileFollower: local parts are copied through one small reused buffer), so a sink that keeps
 * chunks must copy them.
 *
 * Why not a stream pipeline: copying a 500 MB file through Node streams (a fresh 1 MiB buffer per
 * read, the thread pool for every call) cost 1.2-1.7 CPU seconds on our 2-core machine, where
 * plain reads and writes through one 64 KiB buffer cost 0.3 (the buffer stays in the CPU's
 * cache between the read and the write). With two workers on two cores, every CPU second the
 * submitter spends is taken from the workers (docs/jobs.md, "Benchmark").
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { IoError, systemReason } from '@rowloom/core/cli-kit';

export interface DeliverySink {
  /** Writes the chunk; the caller may reuse its memory once this settles. */
  write(chunk: Buffer): Promise<void>;
  /** Everything is written: flush and close. */
  finish(): Promise<void>;
  /** Leaves without finishing (interrupted, failed): closes, never throws. */
  abandon(): void;
}

/** A new file at `path` (truncated if it exists), written with plain synchronous calls. */
export function fileSink(path: string, shownAs = path): DeliverySink {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (error) {
    throw new IoError(
      `cannot write ${shownAs}: ${systemReason(error as NodeJS.ErrnoException)}; choose a path in an existing, writable directory`,
    );
  }
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    async write(chunk) {
      for (let done = 0; done < chunk.length;) done += writeSync(fd, chunk, done, chunk.length - done);
    },
    async finish() {
      close();
    },
    abandon() {
      try {
        close();
      } catch {
        // already failing: the first error is the one reported
      }
    },
  };
}

/** A stream (stdout): chunks are copied, since the stream keeps them until they are flushed; waits when it is full. */
export function streamSink(stream: Writable): DeliverySink {
  return {
    async write(chunk) {
      if (!stream.write(Buffer.from(chunk))) await once(stream, 'drain');
    },
    async finish() {
      stream.end();
      await finished(stream);
    },
    abandon() {
      stream.destroy();
    },
  };
}
