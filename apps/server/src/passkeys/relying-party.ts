// Who the passkeys belong to: the relying party id, name and accepted origins, from the passkey options and ServerAddress.
import { passkeyAttachments, passkeyMessages, passkeyUserVerifications } from '@turnpike/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/api-error';
import type { OptionStore } from '../options/option-store';

/** The relying party a ceremony runs for. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
  userVerification: (typeof passkeyUserVerifications)[number];
  attachment: Exclude<(typeof passkeyAttachments)[number], ''> | undefined;
}

const localHosts = new Set(['localhost', '127.0.0.1']);

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter((item) => item !== '');

const firstHeader = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).split(',')[0].trim();

/** The origin a request was made to: X-Forwarded-Proto, then the connection's protocol, then X-Forwarded-Protocol; the Host header. */
function requestOrigin(request: FastifyRequest): string {
  const scheme = firstHeader(request.headers['x-forwarded-proto']) || request.protocol || firstHeader(request.headers['x-forwarded-protocol']) || 'http';
  return `${scheme}://${request.host}`;
}

/**
 * Derives the relying party (new-api's rules): origins are `passkey.origins`, else ServerAddress, else the request's own
 * origin; the id is `passkey.rp_id`, else ServerAddress's host, else the first origin's host (without port). An http
 * origin is refused unless insecure origins are allowed or its host is localhost or 127.0.0.1.
 */
export function relyingParty(options: OptionStore, request: FastifyRequest): RelyingParty {
  const serverAddress = options.string('ServerAddress').trim().replace(/\/+$/, '');
  const configured = splitList(options.string('passkey.origins'));
  const origins = configured.length > 0 ? configured : serverAddress ? [serverAddress] : [requestOrigin(request)];
  const allowInsecure = options.bool('passkey.allow_insecure_origin');
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw badRequest(passkeyMessages.insecureOrigin);
    }
    if (url.protocol !== 'https:' && !allowInsecure && !localHosts.has(url.hostname)) throw badRequest(passkeyMessages.insecureOrigin);
  }
  const hostOf = (address: string): string => {
    try {
      return new URL(address).hostname;
    } catch {
      return '';
    }
  };
  const id = options.string('passkey.rp_id').trim() || (serverAddress ? hostOf(serverAddress) : '') || hostOf(origins[0]);
  const verification = options.string('passkey.user_verification');
  const attachment = options.string('passkey.attachment_preference');
  return {
    id,
    name: options.string('passkey.rp_display_name').trim() || options.string('SystemName') || 'Turnpike',
    origins,
    userVerification: (passkeyUserVerifications as readonly string[]).includes(verification) ? (verification as RelyingParty['userVerification']) : 'preferred',
    attachment: attachment === 'platform' || attachment === 'cross-platform' ? attachment : undefined,
  };
}
