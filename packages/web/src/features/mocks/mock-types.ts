/**
 * The mock API document as the page edits it: the server's own contract, shared through core
 * (`@rowloom/core/mock-document`, types and constants only), plus the shapes of the answers.
 */
import type { MockApiDocument, MockBody } from '@rowloom/core/mock-document';

export { FAULT_KINDS, MOCK_METHODS, RULE_OPERATORS, RULE_TARGETS } from '@rowloom/core/mock-document';
export type { CrudSettings, Fault, FaultKind, Latency, MockApiDocument, MockBody, MockMethod, MockResponse, MockRoute, Rule, RuleOperator, RuleTarget } from '@rowloom/core/mock-document';
export type BodyType = MockBody['type'];

/** What GET/PUT/POST answer: the stored document and where it is served. */
export interface StoredMockApi extends MockApiDocument {
  url: string;
  warnings?: string[];
}

export interface MockApiSummary {
  name: string;
  slug: string;
  host: string | null;
  public: boolean;
  project: string | null;
  description?: string;
  routes: number;
  url: string;
  updatedAt: string;
}

export interface LoggedRequest {
  id: string;
  seq: number;
  at: string;
  method: string;
  path: string;
  /** A repeated query parameter may come as an array. */
  query: Record<string, unknown> | null;
  headers: Record<string, unknown> | null;
  body: string | null;
  status: number | null;
  routeId: string | null;
  responseId: string | null;
  fault: string | null;
  durationMs: number | null;
}
