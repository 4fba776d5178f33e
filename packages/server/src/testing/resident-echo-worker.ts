/** A resident thread for concurrency/resident-threads.test.ts: echoes, spins, or runs out of memory, as asked. */
import { threadId } from 'node:worker_threads';
import { serveOnThread } from '../concurrency/resident-threads.js';

type Input = { do: 'echo'; value: unknown } | { do: 'spin' } | { do: 'grow' };

void serveOnThread((input: Input) => {
  if (input.do === 'spin') for (;;);
  if (input.do === 'grow') {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(1_000_000).fill(1));
  }
  return { value: input.value, threadId };
});
