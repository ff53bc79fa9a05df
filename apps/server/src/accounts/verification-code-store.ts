// One-time secrets mailed to users, kept in the database so every instance of a fleet honours them.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

/** How one kind of secret is made and how long it lives. */
export interface CodeRules {
  length: number;
  validSeconds: number;
  /** A new secret for the same key is refused this long after the last one (the console's resend countdown). */
  resendSeconds: number;
  /** Wrong guesses after which the secret is dropped. */
  maxWrongAttempts: number;
}

/** Email verification codes (new-api: 6 characters, 10 minutes; the console's 30-second resend lock). */
export const verificationCodeRules: CodeRules = { length: 6, validSeconds: 600, resendSeconds: 30, maxWrongAttempts: 5 };

/** Password reset tokens: 32 characters (160 bits), 10 minutes, one mail per address every 30 seconds. */
export const resetTokenRules: CodeRules = { length: 32, validSeconds: 600, resendSeconds: 30, maxWrongAttempts: 5 };

/** Upper-case letters and digits without look-alikes (0/O, 1/I); secrets are compared case-insensitively. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function generateCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += codeAlphabet[crypto.randomInt(codeAlphabet.length)];
  return code;
}

/** The stored form of a secret: SHA-256 of its normalised text, so a database leak reveals no usable code. */
function secretHash(code: string): string {
  return crypto.createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}

/** Result of asking for a new code: the code, or how long to wait before the next one. */
export type IssueResult = { issued: true; code: string } | { issued: false; waitSeconds: number };

/** Secrets per key (purpose + address). */
export interface VerificationCodeStore {
  /** A fresh secret for the key unless one was issued less than the resend lock ago. */
  issue(key: string): Promise<IssueResult>;
  /** Forgets the key's secret and lock (the mail could not be sent). */
  revoke(key: string): Promise<void>;
  /** True when `code` is the key's unexpired secret; too many wrong tries drop it. */
  verify(key: string, code: string): Promise<boolean>;
  /** Drops the key's secret after a successful use. */
  consume(key: string): Promise<void>;
  /** Verifies and drops the secret in one step: of concurrent callers with the right code, exactly one gets true. */
  take(key: string, code: string): Promise<boolean>;
}

/** The store on the `mail_codes` table; `now` (Unix milliseconds) is replaceable for tests. */
export class DatabaseCodeStore implements VerificationCodeStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rules: CodeRules,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(key: string): Promise<IssueResult> {
    const now = this.now();
    await this.db.deleteFrom('mail_codes').where('expires_at', '<=', now).execute();
    // A secret older than the lock gives way to the new one; the primary key lets one of two racing issues win.
    await this.db
      .deleteFrom('mail_codes')
      .where('key', '=', key)
      .where('issued_at', '<=', now - this.rules.resendSeconds * 1000)
      .execute();
    const code = generateCode(this.rules.length);
    try {
      await this.db
        .insertInto('mail_codes')
        .values({ key, secret_hash: secretHash(code), issued_at: now, expires_at: now + this.rules.validSeconds * 1000, wrong_attempts: 0 })
        .execute();
      return { issued: true, code };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const holder = await this.db.selectFrom('mail_codes').select('issued_at').where('key', '=', key).executeTakeFirst();
    const since = holder ? now - Number(holder.issued_at) : 0;
    return { issued: false, waitSeconds: Math.max(1, Math.ceil(this.rules.resendSeconds - since / 1000)) };
  }

  async revoke(key: string): Promise<void> {
    await this.db.deleteFrom('mail_codes').where('key', '=', key).execute();
  }

  async verify(key: string, code: string): Promise<boolean> {
    const row = await this.db.selectFrom('mail_codes').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.now()) return false;
    if (row.secret_hash === secretHash(code)) return true;
    await this.countWrongAttempt(key, row.secret_hash);
    return false;
  }

  async consume(key: string): Promise<void> {
    await this.revoke(key);
  }

  async take(key: string, code: string): Promise<boolean> {
    const hash = secretHash(code);
    const deleted = await this.db
      .deleteFrom('mail_codes')
      .where('key', '=', key)
      .where('secret_hash', '=', hash)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 1) return true;
    const row = await this.db.selectFrom('mail_codes').select('secret_hash').where('key', '=', key).executeTakeFirst();
    if (row && row.secret_hash !== hash) await this.countWrongAttempt(key, row.secret_hash);
    return false;
  }

  /** Adds a wrong guess to the secret it was made against; once the count reaches the limit the secret is dropped. */
  private async countWrongAttempt(key: string, hash: string): Promise<void> {
    await this.db
      .updateTable('mail_codes')
      .set((eb) => ({ wrong_attempts: eb('wrong_attempts', '+', 1) }))
      .where('key', '=', key)
      .where('secret_hash', '=', hash)
      .execute();
    await this.db
      .deleteFrom('mail_codes')
      .where('key', '=', key)
      .where('secret_hash', '=', hash)
      .where('wrong_attempts', '>=', this.rules.maxWrongAttempts)
      .execute();
  }
}
