// Kling's API token: an HS256 JWT signed with the secret key, `iss` the access key, valid for 30 minutes from 5
// seconds ago (Kling's documented form). A key without `|` is sent as it is (a ready token).
import crypto from 'node:crypto';

const base64Url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/** The bearer token for a channel key `AccessKey|SecretKey` at `nowSeconds`. */
export function klingToken(key: string, nowSeconds: number): string {
  const separator = key.indexOf('|');
  if (separator < 0) return key.trim();
  const accessKey = key.slice(0, separator).trim();
  const secretKey = key.slice(separator + 1).trim();
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ iss: accessKey, exp: nowSeconds + 1800, nbf: nowSeconds - 5 }));
  const signature = crypto.createHmac('sha256', secretKey).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
