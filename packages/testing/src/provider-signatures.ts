// Independent checks of the request signatures providers verify, written from their documentation and applied to what
// the mock upstream recorded: AWS SigV4, Tencent Cloud TC3 and iFlytek's signed WebSocket URL.
import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { RecordedRequest } from './mock-exchange';

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const headerText = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/**
 * Checks an AWS Signature Version 4 `authorization` header against the received request: canonical request (path
 * segments encoded once more, as every service but S3 signs them), string to sign, derived key.
 */
export function verifySigV4(call: RecordedRequest, secretAccessKey: string): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(headerText(call.headers, 'authorization'));
  if (!match) return false;
  const [, date, region, service, signedHeaders, signature] = match;
  const amzDate = headerText(call.headers, 'x-amz-date');
  if (!amzDate.startsWith(date)) return false;
  const canonicalPath = call.path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((name) => `${name}:${headerText(call.headers, name).trim().replace(/ +/g, ' ')}\n`).join('');
  const canonicalRequest = [call.method, canonicalPath, '', canonicalHeaders, signedHeaders, sha256Hex(call.rawBody)].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature;
}

/** Checks a Tencent Cloud TC3-HMAC-SHA256 `authorization` header; `host` is the host Tencent sees (behind a proxy, its own). */
export function verifyTc3(call: RecordedRequest, secretKey: string, host: string): boolean {
  const match = /^TC3-HMAC-SHA256 Credential=[^/]+\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(headerText(call.headers, 'authorization'));
  if (!match) return false;
  const [, date, service, signedHeaders, signature] = match;
  const timestamp = headerText(call.headers, 'x-tc-timestamp');
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const value = (name: string): string => (name === 'host' ? host : headerText(call.headers, name)).trim().toLowerCase();
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${value(name)}\n`)
    .join('');
  const canonicalRequest = [call.method, '/', '', canonicalHeaders, signedHeaders, sha256Hex(call.rawBody)].join('\n');
  const stringToSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature;
}

/** Checks an iFlytek signed URL: HMAC-SHA256 over host, date and request line with the API secret, within 300 s. */
export function verifySparkUrl(call: RecordedRequest, apiKey: string, apiSecret: string): boolean {
  const host = call.query.host ?? '';
  const date = call.query.date ?? '';
  if (Math.abs(Date.parse(date) - Date.now()) > 300_000) return false;
  const signature = createHmac('sha256', apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${call.path} HTTP/1.1`, 'utf8').digest('base64');
  const expected = `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  return Buffer.from(call.query.authorization ?? '', 'base64').toString('utf8') === expected;
}
