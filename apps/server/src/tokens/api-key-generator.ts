// Generates API keys and random suffixes from the CSPRNG.
import crypto from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A string of `length` letters and digits drawn uniformly from the CSPRNG (rejection sampling, no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let result = '';
  while (result.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && result.length < length) result += alphabet[byte % 62];
    }
  }
  return result;
}

/** A new 48-character API key (shown to users as `sk-` + key). */
export function generateApiKey(): string {
  return randomAlphanumeric(48);
}
