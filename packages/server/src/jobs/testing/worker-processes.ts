/** `rowloom worker` child processes for the tests, with their output kept for assertions. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/rowloom.js', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `rowloom worker` and resolves once it says it is ready, or, with `untilWaiting`, once it
 * waits for a server to record the installation (a submitter that starts after it).
 */
export async function startWorker(
  env: Record<string, string>,
  args: string[] = [],
  untilWaiting = false,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [BIN, 'worker', ...args], {
    env: { ...process.env, ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not get ready: ${text}`)), 20_000);
    const look = () => {
      if (text.includes(': ready') || (untilWaiting && text.includes('waiting for a server'))) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve();
      }
    };
    child.stdout!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}) before it was ready: ${text}`));
    });
  });
  return { child, pid: child.pid!, output: () => text, exited };
}

export async function stopWorker(worker: WorkerProcess): Promise<number | null> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
  return worker.exited;
}
