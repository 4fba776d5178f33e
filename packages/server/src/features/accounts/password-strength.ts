/**
 * How guessable a new password is, estimated by zxcvbn-ts (MIT; the maintained TypeScript port
 * of Dropbox's zxcvbn): it matches the password against 40,000 common passwords, English words,
 * names and Wikipedia terms (with l33t and reversed spellings), keyboard walks, sequences,
 * repeats and dates, and estimates the guesses an attacker needs. Accepted: score 3 or more
 * (at least 10^8 guesses). Why 3: online, the sign-in limits allow at most
 * ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL guesses per 15 minutes from strangers (9,600 a day at the
 * default 100), decades for 10^8; offline, with a stolen database, 10^8 Argon2id hashes at
 * about 50 ms each are months of one core, where score 2 (10^6) would fall in a day. Score 4
 * would refuse many sound passphrases. Runs on a worker thread (password-strength-thread.ts):
 * a check takes milliseconds to a few hundred for long hostile input, and loading the
 * dictionaries takes about 40 MB, which only a process that checks a password pays.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export { MIN_PASSWORD_SCORE } from './password-score.js';
/** Only this many characters are estimated (zxcvbn's time grows fast with length); a weak start makes a weak password. */
export const ESTIMATED_CHARACTERS = 100;

export interface Strength {
  score: number;
  /** zxcvbn's feedback, in English: what makes it guessable, and what would help. */
  warning: string | null;
  suggestions: string[];
}

let estimator: ZxcvbnFactory | null = null;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: ESTIMATED_CHARACTERS,
  });
  return estimator;
}

/** `userInputs`: words about the user (the email, its name part) that make a password easy to guess for them. */
export function estimateStrength(password: string, userInputs: string[]): Strength {
  const result = zxcvbn().check(password, userInputs);
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}
