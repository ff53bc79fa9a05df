// The TOTP factor: secrets, codes (±1 step of clock skew, each step accepted once), backup codes, the failure lock.
// otplib (with its base32 and hash libraries) loads on the first TOTP use, not at start.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type * as Otplib from 'otplib';
import type { Database } from '../db/schema';
import { requireOnFirstUse } from '../load-on-first-use';
import { derivedKey } from '../sessions/session-secrets';

/** Consecutive failures that lock the factor, and for how long. */
export const lockAfterFailures = 5;
export const lockSeconds = 300;
/** Backup codes per set. */
export const backupCodeCount = 4;

const otplib = requireOnFirstUse<typeof Otplib>('otplib');

const backupAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new base32 TOTP secret (20 random bytes). */
export function newTotpSecret(): string {
  return otplib().generateSecret();
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(issuer: string, username: string, secret: string): string {
  return otplib().generateURI({ issuer, label: username, secret });
}

/** The 30-second step a 6-digit code matches (now, or one step before or after), or null. */
export function matchingStep(secret: string, code: string, nowSeconds: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = otplib().verifySync({ secret, token, epoch: nowSeconds, epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Normalises a backup code as typed (case, spaces, dash) to `XXXX-XXXX`; null when it cannot be one. */
export function normaliseBackupCode(code: string): string | null {
  const plain = code.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]{8}$/.test(plain) ? `${plain.slice(0, 4)}-${plain.slice(4)}` : null;
}

/** A fresh set of backup codes, `XXXX-XXXX`, drawn without modulo bias. */
export function newBackupCodes(): string[] {
  return Array.from({ length: backupCodeCount }, () => {
    const characters = Array.from({ length: 8 }, () => backupAlphabet[crypto.randomInt(backupAlphabet.length)]).join('');
    return `${characters.slice(0, 4)}-${characters.slice(4)}`;
  });
}

/** The stored form of a backup code: HMAC bound to the user. */
export function hashBackupCode(sessionSecret: string, userId: number, code: string): string {
  return crypto.createHmac('sha256', derivedKey(sessionSecret, 'backup-code')).update(`${userId}:${code}`).digest('hex');
}

/** Replaces a user's backup codes with a new set; returns the codes to show once. */
export async function replaceBackupCodes(db: Kysely<Database>, sessionSecret: string, userId: number): Promise<string[]> {
  const codes = newBackupCodes();
  await db.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute();
  await db.insertInto('two_fa_backup_codes').values(codes.map((code) => ({ code_hash: hashBackupCode(sessionSecret, userId, code), user_id: userId }))).execute();
  return codes;
}

/** Uses a backup code once: true when it was unused and is now spent. */
export async function spendBackupCode(db: Kysely<Database>, sessionSecret: string, userId: number, code: string, nowSeconds: number): Promise<boolean> {
  const normalised = normaliseBackupCode(code);
  if (!normalised) return false;
  const result = await db
    .updateTable('two_fa_backup_codes')
    .set({ used_at: nowSeconds })
    .where('code_hash', '=', hashBackupCode(sessionSecret, userId, normalised))
    .where('user_id', '=', userId)
    .where('used_at', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many unused backup codes the user has. */
export async function backupCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('two_fa_backup_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}
