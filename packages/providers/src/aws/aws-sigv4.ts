// AWS Signature Version 4 request signing (header form) over node:crypto.
// Canonical request → string to sign → HMAC chain keyed by the secret, date, region and service.
// Services other than S3 sign the path encoded once more than it travels (`%3A` on the wire is `%253A` signed).
// @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv4-create-signed-request.html
// @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv4-signing-elements.html
import { createHash, createHmac } from 'node:crypto';

/** What `signAwsRequest` needs: the request as it will be sent, and the credentials and scope to sign it with. */
export interface AwsSigningInput {
  method: string;
  /** The full URL as sent: its path already percent-encoded the way it travels. */
  url: string;
  /** Headers to send and sign; `host` is taken from the URL. */
  headers: Record<string, string>;
  body: string | Buffer | null;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  now: Date;
  /** Also send (and sign) `x-amz-content-sha256` (S3 requires it; others accept it). Default false. */
  contentSha256Header?: boolean;
  /** Encode the path a second time when canonicalizing (every service but S3). Default: `service !== 's3'`. */
  doubleEncodePath?: boolean;
}

/** A signed request's headers and the parts of the signature. */
export interface AwsSignedRequest {
  /** Headers to send (lowercased names, `host` excluded: the HTTP client sets it from the URL). */
  headers: Record<string, string>;
  /** `host;x-amz-date;…` as named in the authorization header. */
  signedHeaders: string;
  /** The hex signature. */
  signature: string;
}

const algorithm = 'AWS4-HMAC-SHA256';

/** Percent-encodes every byte except the RFC 3986 unreserved characters, with upper-case hex, as SigV4 requires. */
export function awsUriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `20150830T123600Z` for a date. */
export function awsAmzDate(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

function canonicalPath(pathname: string, doubleEncode: boolean): string {
  if (pathname === '' || pathname === '/') return '/';
  const segments = pathname.split('/').map((segment) => awsUriEncode(doubleEncode ? segment : decodeComponent(segment)));
  return segments.join('/');
}

function canonicalQuery(search: string): string {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const pairs = raw
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      return [awsUriEncode(decodeComponent(name)), awsUriEncode(decodeComponent(value))] as const;
    });
  pairs.sort(([leftName, leftValue], [rightName, rightValue]) => compare(leftName, rightName) || compare(leftValue, rightValue));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function compare(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** Lowercased names, values trimmed with inner runs of spaces collapsed; same-name values joined by commas. */
function canonicalHeaderMap(headers: Record<string, string>): Map<string, string> {
  const merged = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const clean = value.trim().replace(/ +/g, ' ');
    const existing = merged.get(key);
    merged.set(key, existing === undefined ? clean : `${existing},${clean}`);
  }
  return merged;
}

/** The SigV4 canonical request and the signed-header list of a request whose headers already include `host` and `x-amz-date`. */
export function awsCanonicalRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  payloadHash: string,
  doubleEncodePath: boolean,
): { canonicalRequest: string; signedHeaders: string } {
  const map = canonicalHeaderMap(headers);
  const names = [...map.keys()].sort(compare);
  const canonicalHeaders = names.map((name) => `${name}:${map.get(name) ?? ''}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [method.toUpperCase(), canonicalPath(url.pathname, doubleEncodePath), canonicalQuery(url.search), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  return { canonicalRequest, signedHeaders };
}

/** The derived signing key: HMAC chain over date, region, service and `aws4_request`. */
export function awsSigningKey(secretAccessKey: string, dateStamp: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, dateStamp), region), service), 'aws4_request');
}

/** Signs a request with SigV4 (Authorization header); returns the headers to send, `x-amz-date` and the token included. */
export function signAwsRequest(input: AwsSigningInput): AwsSignedRequest {
  const url = new URL(input.url);
  const amzDate = awsAmzDate(input.now);
  const dateStamp = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(input.body ?? '');
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    const key = name.toLowerCase();
    if (key === 'host' || key === 'authorization') continue;
    sent[key] = sent[key] === undefined ? value : `${sent[key]},${value}`;
  }
  sent['x-amz-date'] = amzDate;
  if (input.sessionToken) sent['x-amz-security-token'] = input.sessionToken;
  if (input.contentSha256Header) sent['x-amz-content-sha256'] = payloadHash;
  const doubleEncode = input.doubleEncodePath ?? input.service !== 's3';
  const { canonicalRequest, signedHeaders } = awsCanonicalRequest(input.method, url, { ...sent, host: url.host }, payloadHash, doubleEncode);
  const scope = `${dateStamp}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [algorithm, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', awsSigningKey(input.secretAccessKey, dateStamp, input.region, input.service)).update(stringToSign, 'utf8').digest('hex');
  sent.authorization = `${algorithm} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers: sent, signedHeaders, signature };
}
