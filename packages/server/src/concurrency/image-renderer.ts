/**
 * Draws images on a thread of their own, at most `maxRenders` at once (more wait briefly in a
 * Limiter, then get a 503), and draws an image asked for by several requests at once only once.
 */
import { Worker } from 'node:worker_threads';
import type { ImageOrder, ImageReply } from './image-worker.js';
import { Limiter } from './limiter.js';

export interface ImageRendererOptions {
  maxRenders: number;
  queueWaitMs: number;
}

type Waiters = Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>;

export class ImageRenderer {
  private worker: { thread: Worker; pending: Waiters } | null = null;
  private nextId = 1;
  /** Renders in progress by cache key, so identical concurrent requests share one. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  readonly limiter: Limiter;

  constructor(options: ImageRendererOptions) {
    this.limiter = new Limiter({
      running: options.maxRenders,
      queued: options.maxRenders * 4,
      waitMs: options.queueWaitMs,
      what: 'image renderings',
    });
  }

  /** The encoded image; rejects with a 503 HttpError when too many are being drawn. */
  render(key: string, order: ImageOrder): Promise<Buffer> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const rendering = this.renderLimited(order).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, rendering);
    return rendering;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.thread.terminate();
  }

  private async renderLimited(order: ImageOrder): Promise<Buffer> {
    const release = await this.limiter.acquire();
    try {
      return await this.send(order);
    } finally {
      release();
    }
  }

  private send(order: ImageOrder): Promise<Buffer> {
    const { thread, pending } = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.postMessage({ id, order });
    });
  }

  private start(): { thread: Worker; pending: Waiters } {
    if (this.worker) return this.worker;
    const thread = new Worker(new URL('./image-worker.js', import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 },
    });
    const worker = { thread, pending: new Map() as Waiters };
    thread.on('message', (reply: ImageReply) => {
      const waiter = worker.pending.get(reply.id);
      worker.pending.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    });
    // A thread that dies (out of memory) fails what it was drawing; the next render starts a new one.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of worker.pending.values()) waiter.reject(error);
      worker.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', () => fail(new Error('the image thread stopped')));
    thread.unref();
    this.worker = worker;
    return worker;
  }
}
