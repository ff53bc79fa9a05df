// iFlytek's WebSocket URL authentication: an HMAC-SHA256 over host, date and request line, carried in the query.
// @see https://www.xfyun.cn/doc/spark/general_url_authentication.html
import { createHmac } from 'node:crypto';

/** What the signature covers and who signs it. */
export interface SparkUrlSigningInput {
  /** The host, e.g. `spark-api.xf-yun.com`. */
  host: string;
  /** The request path, e.g. `/v3.5/chat`. */
  path: string;
  apiKey: string;
  apiSecret: string;
  /** The signing time; iFlytek rejects dates more than 300 s off. */
  date: Date;
  /** `wss` (default) or `ws`, for a plain-text proxy or endpoint the operator set as the channel's base URL. */
  scheme?: 'ws' | 'wss';
}

/** The signed query values (already decoded) and the URL carrying them. */
export interface SignedSparkUrl {
  url: string;
  /** The RFC 1123 date that was signed. */
  date: string;
  /** base64(HMAC-SHA256(APISecret, signature origin)). */
  signature: string;
  /** base64 of the `api_key="…", algorithm="hmac-sha256", headers="…", signature="…"` line. */
  authorization: string;
}

/** The `signature_origin` text: `host: …\ndate: …\nGET {path} HTTP/1.1`. */
export function sparkSignatureOrigin(host: string, date: string, path: string): string {
  return `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`;
}

/** Signs `wss://{host}{path}` (or `ws://`) with the authorization, date and host query values (form-URL-encoded, as iFlytek's urlencode does). */
export function signSparkUrl(input: SparkUrlSigningInput): SignedSparkUrl {
  const date = input.date.toUTCString();
  const signature = createHmac('sha256', input.apiSecret).update(sparkSignatureOrigin(input.host, date, input.path), 'utf8').digest('base64');
  const authorizationOrigin = `api_key="${input.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  const authorization = Buffer.from(authorizationOrigin, 'utf8').toString('base64');
  const query = new URLSearchParams({ authorization, date, host: input.host });
  return { url: `${input.scheme ?? 'wss'}://${input.host}${input.path}?${query.toString()}`, date, signature, authorization };
}
