// Access tokens of providers that exchange their key first (Vertex service accounts, Baidu v1): one exchange per
// key at a time, cached in memory until shortly before the token expires. Tokens never leave this process.
import crypto from 'node:crypto';
import type { AdaptorChannel, CredentialExchange } from '@turnpike/providers';
import { readBody } from './upstream-body';
import { type UpstreamClient } from './upstream-client';

/** A token exchange the upstream refused or answered without a token. */
export class CredentialError extends Error {
  constructor(
    message: string,
    /** The token endpoint's HTTP status (0 when it could not be reached or answered no token). */
    readonly status: number,
  ) {
    super(message);
  }
}

interface CachedToken {
  token: string;
  /** Unix ms after which the token is exchanged again. */
  refreshAt: number;
}

/** Refresh this long before the upstream's stated expiry, so a token never expires mid-call. */
const refreshMarginMs = 5 * 60_000;
const maxEntries = 10_000;
const exchangeTimeouts = { headersMs: 15_000, bodyMs: 15_000 };

/** Caches exchanged access tokens per channel type and key. */
export class CredentialCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly upstream: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** The access token for the channel, exchanging its key when none is cached or the cached one is near expiry. */
  async tokenFor(exchange: CredentialExchange, channel: AdaptorChannel): Promise<string> {
    // The cache key is a digest, so the map never holds the channel's secret itself.
    const cacheKey = crypto.createHash('sha256').update(`${channel.type}\n${channel.baseUrl}\n${channel.key}`).digest('base64url');
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.refreshAt > this.now()) return cached.token;
    let running = this.pending.get(cacheKey);
    if (!running) {
      running = this.exchange(exchange, channel, cacheKey).finally(() => this.pending.delete(cacheKey));
      this.pending.set(cacheKey, running);
    }
    return running;
  }

  /** Forgets the token of a channel (after the upstream refused it). */
  forget(channel: AdaptorChannel): void {
    this.tokens.delete(crypto.createHash('sha256').update(`${channel.type}\n${channel.baseUrl}\n${channel.key}`).digest('base64url'));
  }

  private async exchange(exchange: CredentialExchange, channel: AdaptorChannel, cacheKey: string): Promise<string> {
    const now = new Date(this.now());
    const call = exchange.request(channel, now);
    const response = await this.upstream.send(call, AbortSignal.timeout(exchangeTimeouts.headersMs + exchangeTimeouts.bodyMs), exchangeTimeouts);
    const text = (await readBody(response.body)).toString('utf8');
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = null;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new CredentialError(`the token exchange was refused with status ${response.status}: ${errorText(answer, text)}`, response.status);
    }
    const read = exchange.read(answer, now);
    if (!read) throw new CredentialError(`the token exchange answered no token: ${errorText(answer, text)}`, 0);
    if (this.tokens.size >= maxEntries) this.tokens.delete(this.tokens.keys().next().value as string);
    const lifetime = read.expiresAt - now.getTime();
    this.tokens.set(cacheKey, { token: read.token, refreshAt: now.getTime() + Math.max(lifetime - refreshMarginMs, lifetime / 2) });
    return read.token;
  }
}

/** A short description of a token endpoint's error answer (OAuth `error_description`, Baidu `error_msg`, …). */
function errorText(answer: unknown, text: string): string {
  if (answer && typeof answer === 'object') {
    const record = answer as Record<string, unknown>;
    for (const field of ['error_description', 'error_msg', 'message', 'error']) {
      if (typeof record[field] === 'string') return record[field] as string;
    }
  }
  return text.slice(0, 200) || 'empty answer';
}
