/**
 * Who may create an account through POST /api/session/signup: anyone (open, the default, for a
 * server on one's own machine), people with an address at listed domains, or nobody (invite:
 * accounts come from `rowloom users add`). A public deployment should not stay open.
 */
export type SignupMode = 'open' | 'domains' | 'invite';

export interface SignupPolicy {
  mode: SignupMode;
  /** Lower-case domains, for mode "domains". */
  domains: string[];
  /** The plan new accounts get. */
  plan: string;
}

export const OPEN_SIGNUP: SignupPolicy = { mode: 'open', domains: [], plan: 'free' };

/** Why this email may not sign up, or null when it may. */
export function signupRefusal(policy: SignupPolicy, email: string): string | null {
  if (policy.mode === 'invite')
    return 'sign-up is closed on this server (invitation only): ask its administrator for an account (rowloom users add)';
  if (policy.mode === 'domains') {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!policy.domains.includes(domain))
      return `sign-up on this server is open only to addresses at ${policy.domains.join(', ')}; ${domain} is not one of them`;
  }
  return null;
}
