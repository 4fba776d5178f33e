/** The accounts part of the configuration (config.ts reads it from the environment). */
import { OPEN_SIGNUP, type SignupPolicy } from './signup-policy.js';

export interface SignInLimit {
  /** Failed sign-ins allowed per email address per window. */
  perEmail: number;
  /** Failed sign-ins (and sign-ups) allowed per client address per window. */
  perIp: number;
  windowMs: number;
}

export interface AccountsConfig {
  signup: SignupPolicy;
  /** ROWLOOM_SECRET, or null to use the random one kept in the database. */
  secret: string | null;
  signInLimit: SignInLimit;
}

export const DEFAULT_ACCOUNTS: AccountsConfig = {
  signup: OPEN_SIGNUP,
  secret: null,
  signInLimit: { perEmail: 10, perIp: 30, windowMs: 15 * 60 * 1000 },
};
