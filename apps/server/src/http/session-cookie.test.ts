import { describe, expect, it } from 'vitest';
import { createSessionValue, readSessionValue } from './session-cookie';

describe('session cookie', () => {
  const secret = 'a-secret-of-enough-length';

  it('round-trips the user id and expires after 30 days', () => {
    const now = Date.UTC(2026, 0, 1);
    const value = createSessionValue(42, secret, now);
    expect(readSessionValue(value, secret, now)?.userId).toBe(42);
    expect(readSessionValue(value, secret, now + 31 * 24 * 3600 * 1000)).toBeNull();
  });

  it('refuses a tampered payload, a foreign secret and garbage', () => {
    const value = createSessionValue(7, secret);
    const [payload, signature] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 1, i: 0, e: 9999999999 })).toString('base64url');
    expect(readSessionValue(`${forged}.${signature}`, secret)).toBeNull();
    expect(readSessionValue(`${payload}.${signature}`, 'another-secret-value')).toBeNull();
    expect(readSessionValue('nonsense', secret)).toBeNull();
    expect(readSessionValue(undefined, secret)).toBeNull();
  });
});
