// Security proofs: a short HS256 token earned by a fresh 2FA code or passkey, bound to the user, session and versions,
// that a protected call (revealing a channel key, changing passkeys) reads from X-Security-Proof.
import crypto from 'node:crypto';
import { securityProofFailures, securityProofSeconds, type SecurityMethod, type SecurityProofCode, type SecurityScope } from '@turnpike/contract';
import type { FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { accessTokenAudience, accessTokenIssuer, derivedKey } from '../sessions/session-secrets';
import type { UserSessionRow } from '../sessions/session-store';

/** The 403 of a refused proof. */
export const proofFailure = (code: SecurityProofCode): ApiError => new ApiError(403, securityProofFailures[code], code);

/** What a proof binds to: the user at their auth version, and the session at its version. */
export interface ProofSubject {
  user: UserRow;
  session: UserSessionRow;
}

/** Signs a proof for one scope, earned by `method`; valid 5 minutes and only for this session at these versions. */
export async function signSecurityProof(sessionSecret: string, subject: ProofSubject, method: SecurityMethod, scope: SecurityScope, nowSeconds: number): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = nowSeconds + securityProofSeconds;
  const token = await new SignJWT({ token_use: 'security_proof', method, scopes: [scope], sid: subject.session.sid, uv: Number(subject.user.auth_version), sv: Number(subject.session.version) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setSubject(String(subject.user.id))
    .setIssuedAt(nowSeconds)
    .setExpirationTime(expiresAt)
    .setJti(crypto.randomUUID())
    .sign(derivedKey(sessionSecret, 'security_proof'));
  return { token, expiresAt };
}

/**
 * Checks the request's X-Security-Proof for `scope` earned by one of `methods`; throws the 403 of new-api's
 * SecureVerificationRequired otherwise. A personal access token (no session) can never carry a proof.
 */
export async function requireSecurityProof(sessionSecret: string, request: FastifyRequest, scope: SecurityScope, methods: readonly SecurityMethod[], nowSeconds: number): Promise<void> {
  const user = request.user;
  const session = request.dashboardSession;
  if (!user || !session) throw proofFailure('SECURITY_PROOF_INVALID');
  const header = request.headers['x-security-proof'];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!token) throw proofFailure('SECURITY_PROOF_REQUIRED');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, derivedKey(sessionSecret, 'security_proof'), {
      algorithms: ['HS256'],
      issuer: accessTokenIssuer,
      audience: accessTokenAudience,
      currentDate: new Date(nowSeconds * 1000),
    }));
  } catch (error) {
    throw proofFailure(error instanceof errors.JWTExpired ? 'SECURITY_PROOF_EXPIRED' : 'SECURITY_PROOF_INVALID');
  }
  const bound =
    payload.token_use === 'security_proof' &&
    payload.sub === String(user.id) &&
    payload.sid === session.sid &&
    payload.uv === Number(user.auth_version) &&
    payload.sv === Number(session.version);
  if (!bound) throw proofFailure('SECURITY_PROOF_INVALID');
  if (!Array.isArray(payload.scopes) || !payload.scopes.includes(scope)) throw proofFailure('SECURITY_PROOF_SCOPE_MISMATCH');
  if (!methods.includes(payload.method as SecurityMethod)) throw proofFailure('SECURITY_PROOF_METHOD_MISMATCH');
}
