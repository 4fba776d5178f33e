/**
 * The sink every implementation writes to. /dev/null with a 1 MiB buffer is far faster than any
 * generator here (GB/s), so the figures measure generation and serialisation, not I/O.
 */
import { createWriteStream, type WriteStream } from 'node:fs';

export function openDevNull(): WriteStream {
  return createWriteStream('/dev/null', { highWaterMark: 1 << 20 });
}
