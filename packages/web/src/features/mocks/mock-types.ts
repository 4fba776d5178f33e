/**
 * The mock API document as the page edits it: the server's own contract (`@rowloom/contract`:
 * its types, and the plain constants from `@rowloom/contract/constants` so the bundle stays small).
 */
import type { MockBody } from '@rowloom/contract';

export { FAULT_KINDS, MOCK_METHODS, RULE_OPERATORS, RULE_TARGETS } from '@rowloom/contract/constants';
export type {
  CrudSettings,
  Fault,
  FaultKind,
  Latency,
  LoggedRequest,
  MockApiDocument,
  MockApiSummary,
  MockBody,
  MockMethod,
  MockResponse,
  MockRoute,
  Rule,
  RuleOperator,
  RuleTarget,
  StoredMockApi,
} from '@rowloom/contract';
export type BodyType = MockBody['type'];
