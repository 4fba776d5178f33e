/** Worker thread entry: estimates passwords' strength (password-strength.ts) away from the thread that answers requests. */
import { parentPort } from 'node:worker_threads';
import { estimateStrength, type Strength } from './password-strength.js';

export interface StrengthQuestion {
  id: number;
  password: string;
  userInputs: string[];
}

export type StrengthAnswer = { id: number; strength: Strength } | { id: number; failure: string };

parentPort!.on('message', ({ id, password, userInputs }: StrengthQuestion) => {
  let answer: StrengthAnswer;
  try {
    answer = { id, strength: estimateStrength(password, userInputs) };
  } catch (error) {
    answer = { id, failure: (error as Error).message };
  }
  parentPort!.postMessage(answer);
});
