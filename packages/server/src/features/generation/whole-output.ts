/**
 * A small request's output is often made all at once: its rows, made on this thread in their
 * first slice (core's inline-rows.ts), come out of the generation stream as one piece. Streamed,
 * that piece still costs a pipe into the response, chunked encoding, and two writes to the
 * socket (the headers and rows, then, once the stream is found to have ended, the closing
 * chunk). Sent as one Buffer with a Content-Length, it is one write. The body's bytes are the
 * same either way.
 *
 * Whether a stream has ended is only known after its first piece has been read, so the first
 * piece is read here; when more is to come (rows from the generation threads) it is put back,
 * and the stream is sent as before, delayed by this turn of the event loop at most.
 */
import type { Readable } from 'node:stream';

/**
 * Reads `stream` into `pieces` until it ends (true) or this turn of the event loop is over, or it
 * is destroyed (false); rejects with its error if it fails meanwhile.
 */
function readThisTurn(stream: Readable, pieces: Buffer[]): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const finish = (outcome: boolean | Error) => {
      clearImmediate(turnOver);
      stream.off('readable', onReadable).off('end', onEnd).off('close', onClose).off('error', finish);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    // An empty read() asks the source for more: that is how its rows are made (at once, when they
    // are made on this thread) and how its end is found ('end' follows a read that finds none).
    const onReadable = () => {
      for (let piece: Buffer | null; (piece = stream.read() as Buffer | null) !== null;) pieces.push(piece);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(false);
    // setImmediate runs once this turn's microtasks and nextTicks are done.
    const turnOver = setImmediate(() => finish(false));
    stream.on('readable', onReadable).on('end', onEnd).on('close', onClose).on('error', finish);
    onReadable();
  });
}

/**
 * The stream's whole output when it has all been made by the end of this turn of the event loop;
 * otherwise null, with whatever was read put back, so the stream can be sent as it is. Rejects
 * with the stream's error if it fails meanwhile.
 */
export async function wholeOutputNow(stream: Readable): Promise<Buffer | null> {
  const pieces: Buffer[] = [];
  if (await readThisTurn(stream, pieces)) return pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
  if (!stream.destroyed) for (let i = pieces.length - 1; i >= 0; i--) stream.unshift(pieces[i]);
  return null;
}
