/**
 * The thread images are drawn on: a 2000x2000 image costs about 0.2 s of CPU, which must not
 * be spent on the thread that answers every other request. Imports only the image code.
 */
import { parentPort } from 'node:worker_threads';
import * as images from '@rowloom/core/images';

/** What to draw: everything the image is a pure function of. */
export type ImageOrder =
  | { kind: 'avatar'; seed: string; width: number; height: number; format: images.ImageFormat }
  | {
      kind: 'dummy';
      width: number;
      height: number;
      format: images.ImageFormat;
      background: images.Rgb;
      foreground: images.Rgb;
    };

export type ImageReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

function draw(order: ImageOrder): Buffer {
  const scene =
    order.kind === 'avatar'
      ? images.identiconScene(order.seed, order.width, order.height)
      : images.placeholderScene(order.width, order.height, order.background, order.foreground);
  return images.encodeScene(scene, order.format);
}

parentPort?.on('message', ({ id, order }: { id: number; order: ImageOrder }) => {
  try {
    const bytes = draw(order);
    // A copy the size of the image: transferring needs memory of its own, which small buffers lack.
    const own = new Uint8Array(bytes);
    parentPort!.postMessage({ id, bytes: own } satisfies ImageReply, [own.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message } satisfies ImageReply);
  }
});
