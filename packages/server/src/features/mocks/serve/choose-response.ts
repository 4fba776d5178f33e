/**
 * Which response of a route answers: mode 'rules' (default) takes the first whose rules match,
 * else the one flagged default, else the first; 'random' one at random (a repeatable route picks
 * by the request's hash, so the same request gets the same one); 'sequential' takes them in turn
 * by the route's request number.
 */
import type { MockResponse, MockRoute } from '@rowloom/contract';
import { MatchSteps } from '../rule-regex.js';
import { responseMatches, type RuleInput } from './rules.js';

export function chooseResponse(
  route: MockRoute,
  input: RuleInput,
  where: string,
  requestHash: number | null,
  random = Math.random,
): { response: MockResponse; index: number } {
  const responses = route.responses;
  const at = (index: number) => ({ response: responses[index], index });
  switch (route.mode ?? 'rules') {
    case 'random':
      return at(requestHash !== null ? requestHash % responses.length : Math.floor(random() * responses.length));
    case 'sequential':
      return at((input.requestNumber - 1) % responses.length);
    default: {
      const budgeted = { ...input, matchSteps: input.matchSteps ?? new MatchSteps() };
      const matched = responses.findIndex((response, index) =>
        responseMatches(response, budgeted, `${where}.responses[${index}]`),
      );
      if (matched >= 0) return at(matched);
      const flagged = responses.findIndex((response) => response.default === true);
      return at(flagged >= 0 ? flagged : 0);
    }
  }
}
