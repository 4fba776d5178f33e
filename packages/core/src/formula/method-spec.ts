/** The shape of one formula method: kept apart so the method tables can share it without a cycle. */
import type { CallEnvironment } from './functions.js';

export type Receiver = 'text' | 'number' | 'date' | 'list' | 'hash' | 'any';

export interface MethodSpec {
  name: string;
  receivers: readonly Receiver[];
  minArgs: number;
  maxArgs: number;
  signature: string;
  description: string;
  example: string;
  /** Checks a first argument written as literal text when the formula compiles: a message, or null when fine. */
  checkLiteral?: (text: string) => string | null;
  call(receiver: unknown, args: unknown[], environment: CallEnvironment): unknown;
}
