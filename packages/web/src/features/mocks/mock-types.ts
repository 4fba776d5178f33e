/**
 * The mock API document as the page edits it: the server's own contract, shared through core
 * (`@rowloom/core/mock-document`, types and constants only), plus the shapes of the answers.
 */
import type { MockApiDocument, MockBody } from '@rowloom/core/mock-document';

export { FAULT_KINDS, MOCK_METHODS, RULE_OPERATORS, RULE_TARGETS } from '@rowloom/core/mock-document';
export type { CrudSettings, Fault, FaultKind, Latency, LoggedRequest, MockApiDocument, MockApiSummary, MockBody, MockMethod, MockResponse, MockRoute, Rule, RuleOperator, RuleTarget } from '@rowloom/core/mock-document';
export type BodyType = MockBody['type'];

/** What GET/PUT/POST answer: the stored document and where it is served. */
export interface StoredMockApi extends MockApiDocument {
  url: string;
  warnings?: string[];
}


