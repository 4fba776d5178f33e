/** Replies of the CRUD collections: errors as `{"error": ...}`, and a way to end a request early with one. */
import type { CrudReply } from './crud-contract.js';

export function errorReply(status: number, message: string, headers?: Record<string, string>): CrudReply {
  return { status, body: { error: message }, rows: 0, ...(headers ? { headers } : {}) };
}

/**
 * Thrown where an answer is known deep inside a step (inside a transaction, which it also rolls
 * back); serveCrud turns it into its reply.
 */
export class CrudFailure extends Error {
  constructor(readonly reply: CrudReply) {
    super((reply.body as { error?: string } | null)?.error ?? `status ${reply.status}`);
    this.name = 'CrudFailure';
  }
}

export const fail = (status: number, message: string, headers?: Record<string, string>) =>
  new CrudFailure(errorReply(status, message, headers));
