/** Databases a project loads into: direct load, verify after load, and the URL forms they take. */
export { parseDatabaseUrl, redact, type DatabaseTarget } from './database-url.js';
export { openSession } from './open-session.js';
export { BatchError, type DatabaseSession, type Row } from './session.js';
export * from './load/index.js';
export * from './verify/index.js';
export { sqlScript, type SqlScriptOptions, type TableText, type DeferredColumn } from '@rowloom/core/relations/sql';
