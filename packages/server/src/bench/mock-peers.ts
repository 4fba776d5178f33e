/**
 * The other mock servers `npm run bench:mocks` measures beside Rowloom's. They are not
 * dependencies of the project: each is installed on first use, at a pinned version, into a cache
 * outside the repository (ROWLOOM_BENCH_PEERS, else ~/.cache/rowloom-bench/peers), and a peer
 * that cannot be installed is skipped with the reason instead of stopping the benchmark.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Peer {
  package: string;
  version: string;
  /** The command's name among the package's `bin`. */
  command: string;
}

// json-server 1.0.0-beta.5 and later declare Node >= 22.12; beta.3 is the newest v1 for Node 20
// (the registry has no beta.4).
export const JSON_SERVER: Peer = { package: 'json-server', version: '1.0.0-beta.3', command: 'json-server' };
export const MOCKOON_CLI: Peer = { package: '@mockoon/cli', version: '9.9.0', command: 'mockoon-cli' };

export type PeerCommand = { script: string } | { skipped: string };

export function peersDir(): string {
  if (process.env.ROWLOOM_BENCH_PEERS) return process.env.ROWLOOM_BENCH_PEERS;
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rowloom-bench', 'peers');
}

/** The peer's command as a script file for this Node, when the pinned version is installed in `dir`. */
function installedScript(peer: Peer, dir: string): string | null {
  const manifestPath = join(dir, 'node_modules', peer.package, 'package.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    version: string;
    bin?: string | Record<string, string>;
  };
  if (manifest.version !== peer.version) return null;
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[peer.command];
  return bin ? join(dirname(manifestPath), bin) : null;
}

function npmInstall(peer: Peer, dir: string): Promise<{ code: number | null; output: string }> {
  const args = [
    'install',
    '--prefix',
    dir,
    '--save-exact',
    '--no-audit',
    '--no-fund',
    `${peer.package}@${peer.version}`,
  ];
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ code: null, output: error.message }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Installs the peer into `dir` unless its pinned version is there; says why when it cannot. */
export async function ensurePeer(peer: Peer, dir: string): Promise<PeerCommand> {
  const found = installedScript(peer, dir);
  if (found) return { script: found };
  process.stderr.write(`bench:mocks: installing ${peer.package}@${peer.version} into ${dir} (first use)\n`);
  mkdirSync(dir, { recursive: true });
  const { code, output } = await npmInstall(peer, dir);
  const script = installedScript(peer, dir);
  if (code === 0 && script) return { script };
  const tail = output.trim().split('\n').slice(-5).join('\n  ');
  return { skipped: `npm install ${peer.package}@${peer.version} failed (exit ${code}):\n  ${tail}` };
}
