/** `npm start` (dist/main.js) as a child process, for the tests that kill the API server outright. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server on a free loopback port with `env` (DATA_DIR, DATABASE_URL, REDIS_URL...); resolves once it serves. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${text}`)), 30_000);
    const look = () => {
      const serving = /serving on http:\/\/localhost:(\d+)/.exec(text);
      if (serving) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(serving[1]);
      }
    };
    child.stdout!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before serving: ${text}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** kill -9: no drain, no goodbye to Redis or the database. */
export async function killApi(api: ApiProcess): Promise<void> {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
  await api.exited;
}
