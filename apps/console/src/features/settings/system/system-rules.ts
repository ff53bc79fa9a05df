// Pure rules of the system tab: trailing slashes, the email domain whitelist and OIDC discovery.
import { oauthRedirectUri } from '@turnpike/contract';
import type { OptionCodec, OptionEntry } from '../option-form/option-values';

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** True for a plain domain such as example.com or mail.example.co.uk. */
export function isValidDomain(text: string): boolean {
  return domainPattern.test(text.trim());
}

/** Adds a domain to the whitelist, or says why it cannot be added (spec 000 §5). */
export function addDomain(list: readonly string[], input: string): string[] | 'invalid' | 'duplicate' {
  const domain = input.trim().toLowerCase();
  if (!isValidDomain(domain)) return 'invalid';
  if (list.some((item) => item.toLowerCase() === domain)) return 'duplicate';
  return [...list, domain];
}

/** EmailDomainWhitelist is stored as a comma list and edited as a list of domains. */
export const domainListCodec: OptionCodec = {
  toForm: (text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  toText: (value) => (Array.isArray(value) ? value.map(String).join(',') : ''),
};

/** Removes trailing slashes from the values of the given address keys. */
export function withoutTrailingSlashes(keys: readonly string[]): (entries: OptionEntry[]) => OptionEntry[] {
  return (entries) => entries.map((entry) => (keys.includes(entry.key) ? { ...entry, value: entry.value.trim().replace(/\/+$/, '') } : entry));
}

/** True when the text starts with http:// or https://. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

/** The three endpoints read from an OIDC discovery document, or null when it has none of them. */
export function readOidcEndpoints(document: unknown): { authorization: string; token: string; userInfo: string } | null {
  if (typeof document !== 'object' || document === null) return null;
  const value = document as Record<string, unknown>;
  const text = (key: string): string => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const endpoints = { authorization: text('authorization_endpoint'), token: text('token_endpoint'), userInfo: text('userinfo_endpoint') };
  return endpoints.authorization || endpoints.token || endpoints.userInfo ? endpoints : null;
}

/** The OAuth callback address of a provider, or null while the server address is not set. */
export function oauthCallbackUrl(serverAddress: string | undefined, provider: string): string | null {
  return (serverAddress ?? '').trim() === '' ? null : oauthRedirectUri(serverAddress, provider);
}

/** The Epay notify address the gateway calls: CustomCallbackAddress, else the server address, plus the notify path; null while neither is set. */
export function epayNotifyUrl(customCallbackAddress: string | undefined, serverAddress: string | undefined): string | null {
  const base = ((customCallbackAddress ?? '').trim() || (serverAddress ?? '').trim()).replace(/\/+$/, '');
  return base === '' ? null : `${base}/api/user/epay/notify`;
}
