// Stateless signed session cookies: verifiable on every instance that shares SESSION_SECRET.
import crypto from 'node:crypto';

/** Name of the HttpOnly session cookie. */
export const sessionCookieName = 'turnpike_session';

/** Session lifetime: 30 days. */
export const sessionMaxAgeSeconds = 30 * 24 * 3600;

/** What a session cookie asserts. */
export interface SessionClaims {
  userId: number;
  issuedAt: number;
  expiresAt: number;
  /** The session record this cookie belongs to, and the record's version when issued (absent on cookies made before records). */
  session?: { sid: string; version: number };
}

function sign(payload: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Encodes and signs a session for the user, bound to a session record when `session` is given. */
export function createSessionValue(userId: number, secret: string, now = Date.now(), session?: { sid: string; version: number; expiresAt: number }): string {
  const issuedAt = Math.floor(now / 1000);
  const fields = session ? { u: userId, i: issuedAt, e: session.expiresAt, s: session.sid, v: session.version } : { u: userId, i: issuedAt, e: issuedAt + sessionMaxAgeSeconds };
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** Verifies a cookie value (constant-time signature check, expiry); null when invalid. */
export function readSessionValue(value: string | undefined, secret: string, now = Date.now()): SessionClaims | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(payload, secret));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; i: unknown; e: unknown; s?: unknown; v?: unknown };
    if (typeof claims.u !== 'number' || typeof claims.i !== 'number' || typeof claims.e !== 'number') return null;
    if (claims.e * 1000 <= now) return null;
    const session = typeof claims.s === 'string' && typeof claims.v === 'number' ? { sid: claims.s, version: claims.v } : undefined;
    return { userId: claims.u, issuedAt: claims.i, expiresAt: claims.e, ...(session ? { session } : {}) };
  } catch {
    return null;
  }
}

/** What setting the session cookie needs of the request and reply (kept structural so this module stays framework-free). */
interface CookieReply {
  setCookie(name: string, value: string, options: Record<string, unknown>): unknown;
}

/** Sets the HttpOnly, SameSite=Strict session cookie for `userId` bound to a session record (Secure over https). */
export function issueSessionCookie(reply: CookieReply, userId: number, secret: string, https: boolean, session: { sid: string; version: number; expiresAt: number }, now = Date.now()): void {
  const maxAge = Math.max(0, session.expiresAt - Math.floor(now / 1000));
  reply.setCookie(sessionCookieName, createSessionValue(userId, secret, now, session), { httpOnly: true, sameSite: 'strict', path: '/', secure: https, maxAge });
}
