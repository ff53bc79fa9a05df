// Reads the caller's API key from a relay request: `Authorization: Bearer sk-KEY[-CHANNEL]`, `x-api-key`, `x-goog-api-key` or `?key=`.
import type { IncomingHttpHeaders } from 'node:http';

/** The key and, when given, the channel the caller pins (`sk-KEY-<channelId>`). */
export interface RelayKey {
  key: string;
  pinnedChannelId: number | null;
}

/** Finds the raw key text in the places the supported SDKs send it. */
export function readRawKey(headers: IncomingHttpHeaders, query: Record<string, unknown>): string {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    return authorization.replace(/^Bearer\s+/i, '').trim();
  }
  for (const name of ['x-api-key', 'x-goog-api-key'] as const) {
    const value = headers[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return typeof query.key === 'string' ? query.key.trim() : '';
}

/** Parses `sk-KEY` / `KEY` / `sk-KEY-123`; null when there is no key at all. */
export function parseRelayKey(raw: string): RelayKey | null {
  const text = raw.startsWith('sk-') ? raw.slice(3) : raw;
  if (!text) return null;
  const [key, channel] = text.split('-');
  if (!key) return null;
  const pinnedChannelId = channel !== undefined && /^\d+$/.test(channel) ? Number(channel) : null;
  return { key, pinnedChannelId };
}
