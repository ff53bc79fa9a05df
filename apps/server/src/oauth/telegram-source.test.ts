import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { telegramDataCheckString, telegramHash } from './telegram-source';

describe('Telegram widget check', () => {
  const fields = { id: '42', first_name: 'Ann', username: 'ann', auth_date: '1700000000', hash: 'ignored', lang: 'en', last_name: '' };

  it('signs the sorted widget fields, without hash, the console lang and empty values', () => {
    expect(telegramDataCheckString(fields)).toBe('auth_date=1700000000\nfirst_name=Ann\nid=42\nusername=ann');
  });

  it('keys the HMAC with SHA-256 of the bot token', () => {
    const secret = crypto.createHash('sha256').update('1:token').digest();
    const expected = crypto.createHmac('sha256', secret).update('auth_date=1700000000\nfirst_name=Ann\nid=42\nusername=ann').digest('hex');
    expect(telegramHash(fields, '1:token')).toBe(expected);
    expect(telegramHash(fields, '2:token')).not.toBe(expected);
  });
});
