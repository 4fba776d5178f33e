/** The accounts part of the configuration (config.ts reads it from the environment). */
import { OPEN_SIGNUP, type SignupPolicy } from './signup-policy.js';

/** Failed sign-ins allowed per window (accounts/sign-in-limit.ts says how they combine). */
export interface SignInLimit {
  /** For one email from one client address, or from one browser the account knows (its device cookie). */
  perEmailPerClient: number;
  /** From one client address, whatever the email (sign-ups count here too). */
  perIp: number;
  /** For one email from all browsers it does not know together; known browsers are not counted. */
  perEmail: number;
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
  signInLimit: { perEmailPerClient: 10, perIp: 30, perEmail: 100, windowMs: 15 * 60 * 1000 },
};
