// The secrets of dashboard sessions: refresh tokens (only their HMAC is stored) and HS256 access tokens.
import crypto from 'node:crypto';
import { accessTokenSeconds } from '@turnpike/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Issuer and audience of new-api's dashboard access tokens (a JWT carrying both is never tried as a personal token). */
export const accessTokenIssuer = 'new-api';
export const accessTokenAudience = 'new-api-dashboard';

/** A purpose-bound key derived from SESSION_SECRET, as new-api derives its own (`HMAC(secret, "new-api/auth/<purpose>/v1")`). */
export function derivedKey(sessionSecret: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', sessionSecret).update(`new-api/auth/${purpose}/v1`).digest();
}

/** The stored form of a refresh secret: HMAC with the refresh key, hex. */
export function hashRefreshSecret(sessionSecret: string, secret: string): string {
  return crypto.createHmac('sha256', derivedKey(sessionSecret, 'refresh')).update(secret).digest('hex');
}

/** A fresh refresh secret: 64 URL-safe random characters. */
export function newRefreshSecret(): string {
  return crypto.randomBytes(48).toString('base64url');
}

/** The secret that rotating `secret` yields: deterministic, so a retried refresh within the replay window gets the same answer. */
export function nextRefreshSecret(sessionSecret: string, sid: string, secret: string): string {
  return crypto.createHmac('sha256', derivedKey(sessionSecret, 'refresh-rotate')).update(`${sid}.${secret}`).digest('base64url');
}

/** Splits a refresh cookie `<sid>.<secret>`; null when malformed. */
export function splitRefreshToken(value: string | undefined): { sid: string; secret: string } | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0 || dot === value.length - 1) return null;
  return { sid: value.slice(0, dot), secret: value.slice(dot + 1) };
}

/** What an access token asserts. */
export interface AccessClaims {
  userId: number;
  sid: string;
  /** users.auth_version when issued. */
  uv: number;
  /** The session's version when issued. */
  sv: number;
}

/** Signs an access token (HS256, new-api's claims, 15 minutes); returns it with its expiry (unix seconds). */
export async function signAccessToken(sessionSecret: string, claims: AccessClaims, nowSeconds: number): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = nowSeconds + accessTokenSeconds;
  const token = await new SignJWT({ token_use: 'access', sid: claims.sid, uv: claims.uv, sv: claims.sv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setSubject(String(claims.userId))
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds - 5)
    .setExpirationTime(expiresAt)
    .setJti(crypto.randomUUID())
    .sign(derivedKey(sessionSecret, 'access'));
  return { token, expiresAt };
}

/** Whether a bearer value is one of our access tokens by shape (a JWT naming our issuer and audience), before its signature is checked. */
export function looksLikeAccessToken(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3) return false;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { iss?: unknown; aud?: unknown };
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    return payload.iss === accessTokenIssuer && audiences.includes(accessTokenAudience);
  } catch {
    return false;
  }
}

/** The result of checking an access token. */
export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Verifies an access token's signature, issuer, audience, use and times. */
export async function verifyAccessToken(sessionSecret: string, token: string, nowSeconds: number): Promise<AccessCheck> {
  try {
    const { payload } = await jwtVerify(token, derivedKey(sessionSecret, 'access'), {
      algorithms: ['HS256'],
      issuer: accessTokenIssuer,
      audience: accessTokenAudience,
      currentDate: new Date(nowSeconds * 1000),
    });
    const userId = Number(payload.sub);
    if (payload.token_use !== 'access' || typeof payload.sid !== 'string' || typeof payload.uv !== 'number' || typeof payload.sv !== 'number' || !Number.isSafeInteger(userId)) {
      return { ok: false, expired: false };
    }
    return { ok: true, claims: { userId, sid: payload.sid, uv: payload.uv, sv: payload.sv } };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}
