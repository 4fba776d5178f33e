/**
 * Faults on purpose. Which one fires: the response's list if it has one, else the route's; the
 * first in the list that fires wins (everyNth on the route's request number, probability by a
 * fresh draw). How each looks to the client:
 * - reset: the socket is reset (RST): ECONNRESET.
 * - empty: the connection closes without a byte ("socket hang up" / "other side closed").
 * - malformed_chunk: a status line and headers announcing chunked encoding, then bytes that are
 *   not a chunk, then the close: the client's HTTP parser reports an invalid chunk.
 * - dribble: the real response, its body in N pieces spread over durationMs.
 * - status: an ordinary response with the fault's status and body (served by the caller).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../../../http/http-error.js';
import { MOCK_LIMITS, type Fault } from '@rowloom/contract';
import { sandboxed } from './mock-sandbox.js';

/**
 * A dribbled body stays in memory for up to durationMs plus the stall timeout, so many slow
 * requests at once could hold memory without bound: all of this instance's dribbles together
 * hold at most maxBytes, and one more gets a 503. (An object so tests can lower it.)
 */
export const dribbleHold = { maxBytes: 64 * 1024 * 1024, heldBytes: 0 };

export function effectiveFaults(...levels: (Fault[] | undefined)[]): Fault[] {
  for (const level of levels) if (level && level.length > 0) return level;
  return [];
}

export function pickFault(faults: Fault[], requestNumber: number, random: () => number = Math.random): Fault | null {
  for (const fault of faults) {
    if (fault.everyNth !== undefined && fault.everyNth >= 1) {
      if (requestNumber % fault.everyNth === 0) return fault;
    } else if (fault.probability !== undefined && random() < fault.probability) return fault;
  }
  return null;
}

/** The fault kind 'status': its status and body (JSON when the body parses as JSON). */
export function faultResponse(fault: Fault): { status: number; contentType: string; body: string } {
  const body = fault.body ?? JSON.stringify({ error: 'simulated fault' });
  let json = true;
  try {
    JSON.parse(body);
  } catch {
    json = false;
  }
  return {
    status: fault.status ?? 500,
    contentType: json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    body,
  };
}

/** reset, empty, malformed_chunk: the connection is ours from here on (Fastify sends nothing). */
export function breakConnection(
  kind: 'reset' | 'empty' | 'malformed_chunk',
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
): void {
  void reply.hijack();
  const socket = request.raw.socket;
  if (kind === 'reset') {
    socket.resetAndDestroy();
    return;
  }
  if (kind === 'empty') {
    socket.end();
    return;
  }
  const status = reply.raw.statusCode || 200;
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'OK'}`];
  // Written to the socket by hand: the sandbox headers set on the response object are not in it.
  for (const [name, value] of Object.entries(sandboxed(headers))) {
    if (name !== 'content-length' && name !== 'transfer-encoding') lines.push(`${name}: ${value}`);
  }
  lines.push('transfer-encoding: chunked', 'connection: close');
  // "zz" is not a hexadecimal chunk size: every HTTP parser stops there.
  socket.end(`${lines.join('\r\n')}\r\n\r\nzz\r\nthis is not a chunk\r\n`);
}

/** dribble: the real response, its body cut into `chunks` pieces sent over `durationMs`. */
export function dribble(
  reply: FastifyReply,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  fault: Fault,
  stallMs: number,
): void {
  if (dribbleHold.heldBytes + body.length > dribbleHold.maxBytes) {
    throw new HttpError(
      503,
      `too many slow (dribble fault) responses are in progress on this server; try again shortly`,
      {},
      { 'retry-after': '5' },
    );
  }
  void reply.hijack();
  const response = reply.raw;
  // The client already left: nothing to send, and no 'close' would come to give the bytes back.
  if (response.destroyed) return;
  dribbleHold.heldBytes += body.length;
  const pieces = Math.max(1, Math.min(fault.chunks ?? 10, body.length || 1, 1000));
  const duration = Math.min(MOCK_LIMITS.latencyMs, Math.max(0, fault.durationMs ?? 1000));
  const size = Math.ceil(body.length / pieces);
  response.writeHead(status, sandboxed({ ...headers, 'content-length': String(body.length) }));
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  // A client that stops reading must not hold the body: it has the duration plus the stall timeout to take it.
  const deadline = setTimeout(() => {
    if (!response.writableFinished) response.destroy();
  }, duration + stallMs);
  deadline.unref();
  response.once('close', () => {
    dribbleHold.heldBytes -= body.length;
    clearTimeout(timer);
    clearTimeout(deadline);
  });
  const next = () => {
    if (response.destroyed) return;
    const piece = body.subarray(sent * size, (sent + 1) * size);
    sent++;
    if (sent >= pieces) {
      response.end(piece);
      return;
    }
    response.write(piece);
    timer = setTimeout(next, duration / (pieces - 1));
  };
  next();
}
