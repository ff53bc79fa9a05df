// Channel type 41, Vertex AI: the OAuth 2.0 service-account flow. A JWT signed RS256 with the key file's private
// key is exchanged at the token endpoint for a one-hour access token, which the relay caches.
// @see https://developers.google.com/identity/protocols/oauth2/service-account#httprest
// @see https://www.rfc-editor.org/rfc/rfc7523 (JWT bearer grant)
// @see https://www.rfc-editor.org/rfc/rfc7515#appendix-A.2 (RS256 JWS)
import { sign, type KeyObject } from 'node:crypto';
import { json } from '../openai-compatible/openai-compatible-readers';
import type { AdaptorChannel, CredentialExchange, UpstreamCall } from '../provider-adaptor';
import { loadVertexSigningKey, parseVertexServiceAccount, type VertexServiceAccount } from './vertex-service-account';

/** The OAuth scope Vertex AI calls need. */
export const cloudPlatformScope = 'https://www.googleapis.com/auth/cloud-platform';

/** The JWT bearer grant type of RFC 7523. */
export const jwtBearerGrantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Lifetime of the assertion in seconds; Google accepts at most one hour. */
export const assertionLifetimeSeconds = 3600;

const base64UrlJson = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The base64url RSASSA-PKCS1-v1_5 SHA-256 signature (JWS `RS256`) of a JWS signing input. */
export function signRs256(signingInput: string, key: KeyObject): string {
  return sign('sha256', Buffer.from(signingInput, 'ascii'), key).toString('base64url');
}

/** The signed JWT assertion a service account presents to Google's token endpoint at `now`. */
export function createServiceAccountAssertion(account: VertexServiceAccount, now: Date): string {
  const key = loadVertexSigningKey(account);
  const iat = Math.floor(now.getTime() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) };
  const claims = { iss: account.clientEmail, scope: cloudPlatformScope, aud: account.tokenUri, iat, exp: iat + assertionLifetimeSeconds };
  const signingInput = `${base64UrlJson(header)}.${base64UrlJson(claims)}`;
  return `${signingInput}.${signRs256(signingInput, key)}`;
}

/** Posts the signed assertion to the key's `token_uri`; reads `access_token` and `expires_in` from the answer. */
export const vertexCredentials: CredentialExchange = {
  request(channel: AdaptorChannel, now: Date): UpstreamCall {
    const account = parseVertexServiceAccount(channel.key);
    const form = new URLSearchParams({ grant_type: jwtBearerGrantType, assertion: createServiceAccountAssertion(account, now) });
    return {
      url: account.tokenUri,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    };
  },
  read(answer: unknown, now: Date) {
    const record = json.record(answer);
    const token = record.access_token;
    if (typeof token !== 'string' || token === '') return undefined;
    const expiresIn = json.numeric(record.expires_in) ?? assertionLifetimeSeconds;
    return { token, expiresAt: now.getTime() + expiresIn * 1000 };
  },
};
