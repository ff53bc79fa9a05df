// Short-lived email verification codes: 6 CSPRNG characters (case-insensitive), 10-minute validity, 30-second resend cooldown.
import crypto from 'node:crypto';
import { secretsEqual } from './password-hashing';

/** Upper-case letters and digits without look-alikes (0/O, 1/I); codes are compared case-insensitively. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function generateCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += codeAlphabet[crypto.randomInt(codeAlphabet.length)];
  return code;
}

/** Result of asking for a new code: the code, or how long to wait before the next one. */
export type IssueResult = { issued: true; code: string } | { issued: false; waitSeconds: number };

/** Stores codes per key (purpose + address); a Redis implementation will share them between instances. */
export interface VerificationCodeStore {
  /** A fresh code for the key unless one was issued less than the cooldown ago. */
  issue(key: string): Promise<IssueResult>;
  /** Forgets the key's code and cooldown (the mail could not be sent). */
  revoke(key: string): Promise<void>;
  /** True when `code` is the key's unexpired code; too many wrong tries drop the code. */
  verify(key: string, code: string): Promise<boolean>;
  /** Drops the key's code after a successful use. */
  consume(key: string): Promise<void>;
}

/** Timing rules of verification codes (new-api: 10 minutes valid; the console's 30-second resend lock). */
export const verificationCodeRules = { length: 6, validSeconds: 600, resendSeconds: 30, maxWrongAttempts: 5 } as const;

interface Entry {
  code: string;
  issuedAt: number;
  wrongAttempts: number;
}

/** In-process store; codes are lost on restart and not shared between instances. */
export class MemoryVerificationCodeStore implements VerificationCodeStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async issue(key: string): Promise<IssueResult> {
    const now = this.now();
    this.sweep(now);
    const existing = this.entries.get(key);
    const sinceIssue = existing ? (now - existing.issuedAt) / 1000 : Infinity;
    if (sinceIssue < verificationCodeRules.resendSeconds) {
      return { issued: false, waitSeconds: Math.ceil(verificationCodeRules.resendSeconds - sinceIssue) };
    }
    const code = generateCode(verificationCodeRules.length);
    this.entries.set(key, { code, issuedAt: now, wrongAttempts: 0 });
    return { issued: true, code };
  }

  async revoke(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async verify(key: string, code: string): Promise<boolean> {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.issuedAt > verificationCodeRules.validSeconds * 1000) return false;
    if (secretsEqual(code.trim().toUpperCase(), entry.code)) return true;
    entry.wrongAttempts += 1;
    if (entry.wrongAttempts >= verificationCodeRules.maxWrongAttempts) this.entries.delete(key);
    return false;
  }

  async consume(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.issuedAt > verificationCodeRules.validSeconds * 1000) this.entries.delete(key);
    }
  }
}
