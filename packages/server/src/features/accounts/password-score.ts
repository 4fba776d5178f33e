/**
 * The score a new password must reach, apart from password-strength.ts: that module loads
 * zxcvbn's dictionaries (about 15 MiB of heap) as it is imported, and only the strength thread
 * may import it; the thread that answers requests needs only this number.
 */

/** zxcvbn's score (0 to 4) a new password must reach. */
export const MIN_PASSWORD_SCORE = 3;
