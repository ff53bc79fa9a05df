import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseZhipuKey, signZhipuJwt, ZhipuTokenCache } from './zhipu-jwt';

const key = 'a1b2c3d4e5f6.s3cr3tValue';
const nowMs = Date.UTC(2024, 0, 15, 12, 0, 0);

/** An independent HS256 JWT: the header and payload spelled out as text, signed with node:crypto directly. */
function expectedToken(headerJson: string, payloadJson: string, secret: string): string {
  const encode = (text: string) => Buffer.from(text).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const input = `${encode(headerJson)}.${encode(payloadJson)}`;
  const signature = createHmac('sha256', Buffer.from(secret)).update(input).digest('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${input}.${signature}`;
}

describe('signZhipuJwt', () => {
  it('signs {alg, sign_type} / {api_key, exp, timestamp} in milliseconds with HS256', () => {
    const token = signZhipuJwt(parseZhipuKey(key), nowMs, 3_600_000);
    expect(token).toBe(expectedToken('{"alg":"HS256","sign_type":"SIGN"}', '{"api_key":"a1b2c3d4e5f6","exp":1705323600000,"timestamp":1705320000000}', 's3cr3tValue'));
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown);
    expect(header).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    expect(payload).toEqual({ api_key: 'a1b2c3d4e5f6', exp: nowMs + 3_600_000, timestamp: nowMs });
  });
});

describe('parseZhipuKey', () => {
  it('splits at the first dot and refuses other shapes without echoing the key', () => {
    expect(parseZhipuKey(' id.sec.ret ')).toEqual({ id: 'id', secret: 'sec.ret' });
    for (const bad of ['nodot', '.secret', 'id.', '']) expect(() => parseZhipuKey(bad)).toThrow(/^a Zhipu API key must be id\.secret$/);
  });
});

describe('ZhipuTokenCache', () => {
  it('reuses a token until the refresh margin, then signs a new one', () => {
    const cache = new ZhipuTokenCache({ ttlMs: 60_000, refreshMarginMs: 10_000, maxEntries: 8 });
    const first = cache.token(key, new Date(nowMs));
    expect(cache.token(key, new Date(nowMs + 49_999))).toBe(first);
    const second = cache.token(key, new Date(nowMs + 50_000));
    expect(second).not.toBe(first);
    expect(second).toBe(signZhipuJwt(parseZhipuKey(key), nowMs + 50_000, 60_000));
    expect(cache.size).toBe(1);
  });

  it('keeps tokens per key and forgets the oldest key beyond its bound', () => {
    const cache = new ZhipuTokenCache({ ttlMs: 60_000, refreshMarginMs: 0, maxEntries: 2 });
    const a = cache.token('a.1', new Date(nowMs));
    cache.token('b.2', new Date(nowMs));
    expect(cache.token('a.1', new Date(nowMs + 1))).toBe(a);
    cache.token('c.3', new Date(nowMs + 2));
    expect(cache.size).toBe(2);
    expect(cache.token('a.1', new Date(nowMs + 3))).toBe(signZhipuJwt({ id: 'a', secret: '1' }, nowMs + 3, 60_000));
  });
});
