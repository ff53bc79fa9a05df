// The Zhipu open platform's self-signed JWT: header {alg: HS256, sign_type: SIGN}, payload {api_key, exp, timestamp}
// with both times in MILLISECONDS, signed with the secret half of the `id.secret` API key.
// @see https://open.bigmodel.cn/dev/api#nosdk (鉴权: 非SDK用户鉴权)
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/zhipu/relay-zhipu.go (getZhipuToken)
import { createHash, createHmac } from 'node:crypto';

/** The two halves of a Zhipu API key. */
export interface ZhipuKey {
  id: string;
  secret: string;
}

/** Splits `id.secret` at its first dot; throws (without echoing the key) when either half is missing. */
export function parseZhipuKey(key: string): ZhipuKey {
  const trimmed = key.trim();
  const dot = trimmed.indexOf('.');
  if (dot <= 0 || dot === trimmed.length - 1) throw new Error('a Zhipu API key must be id.secret');
  return { id: trimmed.slice(0, dot), secret: trimmed.slice(dot + 1) };
}

const base64UrlJson = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** Signs a token for `key` issued at `nowMs` (Unix ms) and valid for `ttlMs`. */
export function signZhipuJwt(key: ZhipuKey, nowMs: number, ttlMs: number): string {
  const signingInput = `${base64UrlJson({ alg: 'HS256', sign_type: 'SIGN' })}.${base64UrlJson({ api_key: key.id, exp: nowMs + ttlMs, timestamp: nowMs })}`;
  const signature = createHmac('sha256', key.secret).update(signingInput, 'utf8').digest('base64url');
  return `${signingInput}.${signature}`;
}

/** How long a token is valid, and how long before its expiry a fresh one replaces it. */
export interface ZhipuTokenPolicy {
  ttlMs: number;
  refreshMarginMs: number;
  /** Most keys remembered at once; the oldest entry goes first. */
  maxEntries: number;
}

/** Tokens live an hour and are reused until five minutes before they expire. */
export const defaultZhipuTokenPolicy: ZhipuTokenPolicy = { ttlMs: 3_600_000, refreshMarginMs: 300_000, maxEntries: 256 };

/** Remembers one signed token per key (keyed by the key's SHA-256, never the key itself), bounded in size. */
export class ZhipuTokenCache {
  private readonly policy: ZhipuTokenPolicy;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(policy: ZhipuTokenPolicy = defaultZhipuTokenPolicy) {
    this.policy = policy;
  }

  /** How many keys have a token remembered. */
  get size(): number {
    return this.tokens.size;
  }

  /** The token for `key` at `now`: the remembered one while it has more than the margin left, else a new one. */
  token(key: string, now: Date): string {
    const nowMs = now.getTime();
    const cacheKey = createHash('sha256').update(key, 'utf8').digest('hex');
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.expiresAt - this.policy.refreshMarginMs > nowMs) return cached.token;
    const token = signZhipuJwt(parseZhipuKey(key), nowMs, this.policy.ttlMs);
    this.tokens.delete(cacheKey);
    while (this.tokens.size >= this.policy.maxEntries) {
      const oldest = this.tokens.keys().next().value;
      if (oldest === undefined) break;
      this.tokens.delete(oldest);
    }
    this.tokens.set(cacheKey, { token, expiresAt: nowMs + this.policy.ttlMs });
    return token;
  }
}
