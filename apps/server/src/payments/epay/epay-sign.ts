// The Epay MD5 signature: parameters sorted by key, empty values and `sign`/`sign_type` left out,
// joined as `k=v` with `&`, the merchant key appended, MD5 in lowercase hex.
import crypto from 'node:crypto';

/** The string the signature is computed over (without the key). */
export function epaySigningText(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** The lowercase MD5 signature of `params` with the merchant `key`. */
export function epaySign(params: Record<string, string>, key: string): string {
  return crypto.createHash('md5').update(`${epaySigningText(params)}${key}`, 'utf8').digest('hex');
}

/** True when `params.sign` is the signature of the other parameters with `key` (compared in constant time). */
export function epaySignatureValid(params: Record<string, string>, key: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(epaySign(params, key), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
