// bcrypt (cost 10) for passwords; a failed lookup still spends one comparison so timing does not reveal usernames.
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';

const cost = 10;
let decoyHash: Promise<string> | null = null;

/** The bcrypt hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, cost);
}

/** True when the password matches the hash; an empty or missing hash compares against a decoy and returns false. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    decoyHash ??= bcrypt.hash(crypto.randomBytes(16).toString('hex'), cost);
    await bcrypt.compare(password, await decoyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}

/** Constant-time equality of two secrets (different lengths are unequal without an early exit on content). */
export function secretsEqual(given: string, expected: string): boolean {
  const left = crypto.createHash('sha256').update(given).digest();
  const right = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(left, right);
}
