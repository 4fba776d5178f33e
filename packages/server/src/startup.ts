/**
 * What `npm start` prints when the server cannot start: one line saying what to do, and an
 * exit status per kind of problem (docs/configuration.md lists them), never a stack trace.
 */

/** Exit statuses of `npm start` (node dist/main.js). */
export const START_EXIT = {
  /** An environment variable is malformed (PORT=abc, ROWLOOM_PLANS not JSON...). */
  configuration: 2,
  /** The port is taken, or may not be used. */
  listen: 3,
  /** The database cannot be opened or migrated. */
  database: 4,
  /** A second SIGTERM/SIGINT stopped the server before its requests finished. */
  forced: 5,
} as const;

/** Thrown for a malformed environment variable; its message names the variable. */
export class ConfigError extends Error {}

export interface StartupProblem {
  message: string;
  exitCode: number;
}

/** The one line and exit status for an error thrown while listening on `port`. */
export function listenProblem(error: unknown, host: string, port: number): StartupProblem {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE')
    return {
      message: `port ${port} is already in use (${where}); stop what is using it, or start with another PORT, e.g. PORT=3001 npm start`,
      exitCode: START_EXIT.listen,
    };
  if (code === 'EACCES')
    return {
      message: `no permission to listen on ${where} (ports below 1024 need privileges); start with PORT=3000 or another port above 1023`,
      exitCode: START_EXIT.listen,
    };
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return {
      message: `cannot listen on ${where}: HOST is not an address of this machine; use HOST=0.0.0.0 or 127.0.0.1`,
      exitCode: START_EXIT.listen,
    };
  return { message: `cannot listen on ${where}: ${(error as Error).message}`, exitCode: START_EXIT.listen };
}

export function databaseProblem(error: unknown, databaseUrl: string | null, sqliteFile: string): StartupProblem {
  const where = databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : `the SQLite file ${sqliteFile}`;
  const fix = databaseUrl
    ? 'check DATABASE_URL and that PostgreSQL is running'
    : 'check DATA_DIR is a writable directory';
  return { message: `cannot open ${where}: ${(error as Error).message}; ${fix}`, exitCode: START_EXIT.database };
}

/** Writes the line (to stderr) and exits. */
export function exitWith(problem: StartupProblem): never {
  process.stderr.write(`rowloom: ${problem.message}\n`);
  process.exit(problem.exitCode);
}
