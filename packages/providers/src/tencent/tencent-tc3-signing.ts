// Tencent Cloud API 3.0 request signing, version 3 (TC3-HMAC-SHA256), for POST requests with a JSON body.
// Pure: it hashes the exact body bytes that will be sent and returns the Authorization header value.
// @see https://cloud.tencent.com/document/api/213/30654
// @see https://www.tencentcloud.com/document/api/213/33224
// @see https://cloud.tencent.com/document/api/1729/101843
import { createHash, createHmac } from 'node:crypto';

/** The algorithm name Tencent Cloud expects in the string to sign and the Authorization header. */
export const tc3Algorithm = 'TC3-HMAC-SHA256';

/** What one POST request signature depends on. */
export interface Tc3SigningInput {
  /** The product's service name, e.g. `hunyuan` or `cvm`; it must match the host's product. */
  service: string;
  /** The host the request is sent to, e.g. `hunyuan.tencentcloudapi.com`. */
  host: string;
  /** The API action (`X-TC-Action`), e.g. `ChatCompletions`. */
  action: string;
  /** The request body exactly as sent. */
  payload: string | Uint8Array;
  secretId: string;
  secretKey: string;
  /** Unix seconds, the same value as the `X-TC-Timestamp` header. */
  timestamp: number;
  /** The Content-Type header exactly as sent; `application/json` when absent. */
  contentType?: string;
  /** Also sign the `x-tc-action` header (the current documentation's example does; the older one does not). */
  signAction?: boolean;
}

/** The signature and every intermediate value, so tests can compare each step with the published example. */
export interface Tc3Signature {
  /** The value of the Authorization header. */
  authorization: string;
  signature: string;
  /** `{date}/{service}/tc3_request`. */
  credentialScope: string;
  /** The UTC date of the timestamp, `YYYY-MM-DD`. */
  date: string;
  signedHeaders: string;
  hashedPayload: string;
  canonicalRequest: string;
  hashedCanonicalRequest: string;
  stringToSign: string;
}

const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** Signs one POST request with TC3-HMAC-SHA256 (canonical request, string to sign, derived key, Authorization). */
export function signTc3Request(input: Tc3SigningInput): Tc3Signature {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const headers: [string, string][] = [
    ['content-type', (input.contentType ?? 'application/json').trim().toLowerCase()],
    ['host', input.host.trim().toLowerCase()],
  ];
  if (input.signAction) headers.push(['x-tc-action', input.action.trim().toLowerCase()]);
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const hashedPayload = sha256Hex(input.payload);
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, hashedPayload].join('\n');
  const hashedCanonicalRequest = sha256Hex(canonicalRequest);
  const credentialScope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [tc3Algorithm, String(input.timestamp), credentialScope, hashedCanonicalRequest].join('\n');
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  const authorization = `${tc3Algorithm} Credential=${input.secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { authorization, signature, credentialScope, date, signedHeaders, hashedPayload, canonicalRequest, hashedCanonicalRequest, stringToSign };
}
