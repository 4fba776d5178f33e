/**
 * The server secret that seals API keys so their owner can be shown them again, and signs the
 * known-device cookie (through @fastify/cookie; a key of its own, derived apart). It is
 * ROWLOOM_SECRET when set; otherwise a random one made the first time and kept in the
 * `settings` table, so every instance sharing the database agrees on it without configuration.
 * (A copy of the database then holds the secret too; set ROWLOOM_SECRET to keep them apart.)
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';

const SETTING = 'key-sealing-secret';

/** A 32-byte key for `purpose`, derived from the configured secret or from the stored one. */
async function derivedKey(db: Kysely<Tables>, configured: string | null | undefined, purpose: string): Promise<Buffer> {
  const secret = configured ? configured : await storedSecret(db);
  return createHash('sha256').update(`${purpose}\0${secret}`, 'utf8').digest();
}

/** The AES key that seals API keys. */
export function sealingKey(db: Kysely<Tables>, configured: string | null | undefined): Promise<Buffer> {
  return derivedKey(db, configured, 'rowloom key sealing');
}

/** The HMAC key @fastify/cookie signs cookies with. */
export function cookieSigningKey(db: Kysely<Tables>, configured: string | null | undefined): Promise<Buffer> {
  return derivedKey(db, configured, 'rowloom cookie signing');
}

async function storedSecret(db: Kysely<Tables>): Promise<string> {
  const existing = await db.selectFrom('settings').select('value').where('name', '=', SETTING).executeTakeFirst();
  if (existing) return existing.value;
  // Two instances starting together may both get here: the first insert wins and both read it.
  await db
    .insertInto('settings')
    .values({ name: SETTING, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('name', '=', SETTING).executeTakeFirstOrThrow();
  return row.value;
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

/** The plain text, or null when it was sealed with another secret or is damaged. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
