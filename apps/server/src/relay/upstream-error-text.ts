// What of an upstream's refusal a caller may read. The provider's own message, code and param travel on, with the
// channel's secrets (its key, each part of a composite key, the access token it was exchanged for) and the addresses
// of the channel's host or of private networks replaced; a body that is no JSON (a proxy's HTML page) is not passed on.
import type { CanonicalError, UpstreamDialect } from '@turnpike/formats';
import type { AdaptorChannel } from '@turnpike/providers';
import { isInternalAddress, isInternalHost } from '../http/safe-outbound';

/** What stands in for a removed secret or address. */
const hidden = '***';

/** Parts of a composite key shorter than this are not secrets worth hiding (a region, a flag). */
const shortestSecret = 10;

/** Fields of a JSON key (a service account) that hold secrets or name the account. */
const secretField = /key|secret|token|password|client/i;

/** String values of a JSON key (a service account) that are secrets: its keys, tokens and client names, never its public URLs. */
function jsonKeySecrets(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(key);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed)
      .filter(([field, value]) => secretField.test(field) && typeof value === 'string' && value.length >= shortestSecret && !/^https?:\/\//.test(value))
      .map(([, value]) => String(value));
  } catch {
    return [];
  }
}

/** The texts an upstream's error must not carry to a caller: the key, each part of a multi-key or composite key, the access token; longest first. */
export function channelSecrets(key: string, accessToken: string | undefined): string[] {
  const secrets = new Set<string>();
  const whole = key.trim();
  if (whole) secrets.add(whole);
  const parts = whole.startsWith('{') ? jsonKeySecrets(whole) : whole.split(/[\r\n|]+/);
  for (const part of parts) if (part.trim().length >= shortestSecret) secrets.add(part.trim());
  if (accessToken && accessToken.length >= shortestSecret) secrets.add(accessToken);
  return [...secrets].sort((a, b) => b.length - a.length);
}

/**
 * True for hosts a caller must not learn of: what the outbound guard calls internal (local names, loopback, private,
 * link-local, CGNAT and the other non-public ranges), and `.lan` names, which resolve only inside one network.
 */
function isPrivateHost(host: string): boolean {
  return isInternalHost(host) || host.toLowerCase().endsWith('.lan');
}

/** A dotted quad read as decimal octets (as it is written in an error text), and whether that address is internal. */
function isPrivateQuad(address: string): boolean {
  return isInternalAddress(address.split('.').map(Number).join('.'));
}

/** The host (with port) of the channel's own base URL; null for the provider's default address. */
function channelHost(baseUrl: string): string | null {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

const urlPattern = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi;
const ipv4Pattern = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g;

/** Replaces every URL of the channel's host or of a private network, then bare private addresses and the bare channel host. */
function redactAddresses(text: string, host: string | null): string {
  let result = text.replace(urlPattern, (match) => {
    // Sentence punctuation after a URL is not part of it.
    const url = match.replace(/[.,;:!?]+$/, '');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return match;
    }
    return parsed.host.toLowerCase() === host || isPrivateHost(parsed.hostname) ? hidden + match.slice(url.length) : match;
  });
  result = result.replace(ipv4Pattern, (address) => (isPrivateQuad(address.split(':')[0] ?? '') ? hidden : address));
  if (host) result = result.split(host).join(hidden);
  return result;
}

/** Hides the channel's secrets in a text (what the admins' view of a log row keeps: addresses stay, keys never). */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join(hidden);
  return result;
}

/** A text from the upstream as a caller may read it: no secret of the channel and no address of its host or of a private network. */
export function readableUpstreamText(text: string, channel: Pick<AdaptorChannel, 'key' | 'baseUrl'>, secrets: readonly string[]): string {
  return redactAddresses(hideSecrets(text, secrets), channelHost(channel.baseUrl));
}

/** The part of an upstream's error answer a caller is told, before the relay decides its status and category. */
export interface ReadableUpstreamError {
  message: string;
  /** The provider's machine-readable code (OpenAI's `code`), when its error shape has one. */
  code: string | null;
  /** The request field the provider names as the fault (OpenAI's `param`). */
  param: string | null;
}

/**
 * What a caller reads of an upstream's refusal (`status`, `body` as read, `message` as the relay read it): the message,
 * and the code and param the upstream's own error shape carries, all without the channel's secrets and addresses.
 */
export function readableUpstreamError(failure: { status: number; message: string; body: unknown }, dialect: UpstreamDialect | undefined, channel: Pick<AdaptorChannel, 'key' | 'baseUrl'>, secrets: readonly string[]): ReadableUpstreamError {
  // A body that is no JSON is a proxy's or a server's page, not the provider's answer: only its status is told.
  if (typeof failure.body === 'string') return { message: `upstream answered ${failure.status}`, code: null, param: null };
  const decoded: CanonicalError | undefined = failure.body === null ? undefined : dialect?.decodeError(failure.body);
  const readable = (text: string | undefined): string | null => (text ? readableUpstreamText(text, channel, secrets) : null);
  return { message: readableUpstreamText(failure.message, channel, secrets), code: readable(decoded?.code), param: readable(decoded?.param) };
}
