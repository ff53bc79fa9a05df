// Passkeys (new-api-contracts.md §5): status, registration, removal, verification (a security proof), sign-in, and
// the admin reset. Registration and removal are security changes: the caller's session rotates and the others end.
import type * as WebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { passkeyMessages, Role, securityScopes, UserStatus, type SecurityScope } from '@turnpike/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { loadOnFirstUse, type ModuleLoader } from '../load-on-first-use';
import { recordManageLog } from '../logs/log-entries';
import { criticalLimitPerIp } from '../rate-limit/critical-rate-limit';
import { requireSecurityProof, signSecurityProof } from '../security/security-proof';
import { endAllSessions, nowSeconds, rotateAfterSecurityChange, signInAnswer } from '../sessions/dashboard-sessions';
import type { UserSessionRow } from '../sessions/session-store';
import { hasTwoFactor } from '../two-factor/two-factor-routes';
import { beginCeremony, ceremonySeconds, finishCeremony } from './passkey-ceremony';
import { asCredential, deletePasskey, findPasskey, findPasskeyByCredential, recordPasskeyUse, savePasskey, type PasskeyRow } from './passkey-store';
import { relyingParty, type RelyingParty } from './relying-party';

/** Loads @simplewebauthn/server (and its ASN.1 and encoding libraries) on the first passkey ceremony, not at start. */
export const loadSimpleWebAuthn: ModuleLoader<typeof WebAuthn> = loadOnFirstUse(() => import('@simplewebauthn/server'));

const finishSchema = z.object({ flow_token: z.string().default(''), credential: z.record(z.string(), z.unknown()).optional() });
const verifyBeginSchema = z.object({ scope: z.string().default('') });

/** A finish body: the flow token and the browser's credential JSON (its shape is checked by the WebAuthn verification). */
function readFinish<T>(body: unknown): { token: string; credential: T } {
  const input = parseInput(finishSchema, body);
  const credential = input.credential;
  if (!input.flow_token || !credential || typeof credential.id !== 'string' || typeof credential.response !== 'object' || credential.response === null) {
    throw badRequest(passkeyMessages.incompleteFlow);
  }
  return { token: input.flow_token, credential: credential as T };
}

/** The scope a verification asks for, or the reference's refusal. */
export function readScope(value: string): SecurityScope {
  if (!(securityScopes as readonly string[]).includes(value)) throw badRequest(passkeyMessages.unsupportedScope);
  return value as SecurityScope;
}

/** The caller's browser session; a personal access token (or a cookie without a record) cannot run a passkey ceremony. */
export function browserSession(request: FastifyRequest): UserSessionRow {
  if (!request.dashboardSession) throw new ApiError(403, passkeyMessages.unsupportedAuth, 'AUTH_SESSION_REQUIRED');
  return request.dashboardSession;
}

/** Checks an assertion against the stored passkey and the ceremony's challenge, then records the use (sign count, backup flag, time); refuses with "verify failed". */
async function verifyAssertion(
  webauthn: typeof WebAuthn,
  db: AppContext['db'],
  rp: RelyingParty,
  row: PasskeyRow,
  credential: AuthenticationResponseJSON,
  challenge: string,
  now: number,
): Promise<void> {
  const verification = await webauthn.verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: asCredential(row),
    requireUserVerification: rp.userVerification === 'required',
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(passkeyMessages.verifyFailed);
  await recordPasskeyUse(db, row.user_id, verification.authenticationInfo.newCounter, verification.authenticationInfo.credentialBackedUp, now);
}

const userHandleOf = (user: UserRow): Uint8Array<ArrayBuffer> => new TextEncoder().encode(String(user.id));

/** Registers the passkey routes. */
export function registerPasskeyRoutes(app: FastifyInstance, context: AppContext, loadWebAuthn: ModuleLoader<typeof WebAuthn> = loadSimpleWebAuthn): void {
  const access = accessFor(context);
  const limit = criticalLimitPerIp(context, 'account');
  const db = context.db;
  const secret = context.config.sessionSecret;

  const requireEnabled = (): void => {
    if (!context.options.bool('passkey.enabled')) throw badRequest(passkeyMessages.disabled);
  };
  /** Registering needs a 2FA proof when the user has 2FA (new-api's rule). */
  const registerProof = async (request: FastifyRequest, user: UserRow): Promise<void> => {
    if (await hasTwoFactor(context, user.id)) await requireSecurityProof(secret, request, 'passkey.register', ['2fa'], nowSeconds());
  };
  const owner = (user: UserRow, session: UserSessionRow) => ({ userId: user.id, authVersion: Number(user.auth_version), sid: session.sid });
  const audit = (user: UserRow, content: string, action: string, by: number = user.id) => recordManageLog(db, { id: user.id, username: user.username, group: user.group }, content, { other: { action, by } });

  app.get('/api/user/passkey', access('user'), async (request) => {
    const row = await findPasskey(db, currentUser(request).id);
    return success(row ? { enabled: true, last_used_at: Number(row.last_used_at) } : { enabled: false });
  });

  app.post('/api/user/passkey/register/begin', access('user', limit), async (request) => {
    requireEnabled();
    const user = currentUser(request);
    const session = browserSession(request);
    await registerProof(request, user);
    const rp = relyingParty(context.options, request);
    const existing = await findPasskey(db, user.id);
    const options = await (await loadWebAuthn()).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.username,
      userID: userHandleOf(user),
      userDisplayName: user.display_name || user.username,
      timeout: ceremonySeconds * 1000,
      attestationType: 'none',
      excludeCredentials: existing ? [asCredential(existing)].map(({ id, transports }) => ({ id, transports })) : [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: rp.userVerification, authenticatorAttachment: rp.attachment },
    });
    const flow = await beginCeremony(db, 'passkey_register', owner(user, session), { challenge: options.challenge, scope: '' }, nowSeconds());
    return success({ options: { publicKey: options }, flow_token: flow.token, expires_at: flow.expiresAt });
  });

  app.post('/api/user/passkey/register/finish', access('user', limit), async (request, reply) => {
    requireEnabled();
    const user = currentUser(request);
    const session = browserSession(request);
    const { token, credential } = readFinish<RegistrationResponseJSON>(request.body);
    await registerProof(request, user);
    const now = nowSeconds();
    const state = await finishCeremony(db, 'passkey_register', token, owner(user, session), now);
    const rp = relyingParty(context.options, request);
    const verification = await (await loadWebAuthn()).verifyRegistrationResponse({
      response: credential,
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: rp.userVerification === 'required',
    }).catch(() => null);
    if (!verification?.verified) throw badRequest(passkeyMessages.verifyFailed);
    const info = verification.registrationInfo;
    await savePasskey(db, user.id, info.credential, { backupEligible: info.credentialDeviceType === 'multiDevice', backedUp: info.credentialBackedUp }, now);
    await audit(user, passkeyMessages.registered, 'user.passkey_register');
    return success(await rotateAfterSecurityChange(context, request, reply, user, 'auth_version_changed'), passkeyMessages.registered);
  });

  app.delete('/api/user/passkey', access('user', limit), async (request, reply) => {
    const user = currentUser(request);
    browserSession(request);
    if (!(await findPasskey(db, user.id))) throw badRequest(passkeyMessages.notBound);
    await requireSecurityProof(secret, request, 'passkey.delete', (await hasTwoFactor(context, user.id)) ? ['2fa'] : ['passkey'], nowSeconds());
    await deletePasskey(db, user.id);
    await audit(user, passkeyMessages.removed, 'user.passkey_delete');
    return success(await rotateAfterSecurityChange(context, request, reply, user, 'auth_version_changed'), passkeyMessages.removed);
  });

  app.post('/api/user/passkey/verify/begin', access('user', limit), async (request) => {
    requireEnabled();
    const user = currentUser(request);
    const session = browserSession(request);
    const scope = readScope(parseInput(verifyBeginSchema, request.body).scope);
    const row = await findPasskey(db, user.id);
    if (!row) throw badRequest(passkeyMessages.notBound);
    const rp = relyingParty(context.options, request);
    const { id, transports } = asCredential(row);
    const options = await (await loadWebAuthn()).generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [{ id, transports }], userVerification: rp.userVerification, timeout: ceremonySeconds * 1000 });
    const flow = await beginCeremony(db, 'passkey_verify', owner(user, session), { challenge: options.challenge, scope }, nowSeconds());
    return success({ options: { publicKey: options }, flow_token: flow.token, expires_at: flow.expiresAt });
  });

  app.post('/api/user/passkey/verify/finish', access('user', limit), async (request) => {
    requireEnabled();
    const user = currentUser(request);
    const session = browserSession(request);
    const { token, credential } = readFinish<AuthenticationResponseJSON>(request.body);
    const now = nowSeconds();
    const state = await finishCeremony(db, 'passkey_verify', token, owner(user, session), now);
    const row = await findPasskey(db, user.id);
    if (!row || row.credential_id !== credential.id) throw badRequest(passkeyMessages.notBound);
    await verifyAssertion(await loadWebAuthn(), db, relyingParty(context.options, request), row, credential, state.challenge, now);
    const scope = readScope(state.scope);
    const proof = await signSecurityProof(secret, { user, session }, 'passkey', scope, now);
    return success({ proof_token: proof.token, expires_at: proof.expiresAt, method: 'passkey', scope }, passkeyMessages.verified);
  });

  app.post('/api/user/passkey/login/begin', access('public', limit), async (request) => {
    requireEnabled();
    const rp = relyingParty(context.options, request);
    const options = await (await loadWebAuthn()).generateAuthenticationOptions({ rpID: rp.id, userVerification: rp.userVerification, timeout: ceremonySeconds * 1000 });
    const flow = await beginCeremony(db, 'passkey_login', { userId: 0, authVersion: 0, sid: '' }, { challenge: options.challenge, scope: '' }, nowSeconds());
    return success({ options: { publicKey: options }, flow_token: flow.token, expires_at: flow.expiresAt });
  });

  app.post('/api/user/passkey/login/finish', access('public', limit), async (request, reply) => {
    requireEnabled();
    const { token, credential } = readFinish<AuthenticationResponseJSON>(request.body);
    const now = nowSeconds();
    const state = await finishCeremony(db, 'passkey_login', token, null, now);
    const row = await findPasskeyByCredential(db, credential.id);
    if (!row) throw badRequest(passkeyMessages.unknownCredential);
    const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user || user.deleted_at !== null) throw badRequest(passkeyMessages.unknownCredential);
    if (user.status !== UserStatus.Enabled) throw forbidden(passkeyMessages.userDisabled);
    const handle = credential.response.userHandle ? Buffer.from(credential.response.userHandle, 'base64url').toString('utf8') : '';
    if (/^\d+$/.test(handle) && handle !== String(user.id)) throw badRequest(passkeyMessages.verifyFailed);
    await verifyAssertion(await loadWebAuthn(), db, relyingParty(context.options, request), row, credential, state.challenge, now);
    return success(await signInAnswer(context, request, reply, user, 'passkey'), 'login successful');
  });

  app.delete('/api/user/:id/reset_passkey', access('admin'), async (request) => {
    const actor = currentUser(request);
    const id = Number((request.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('id: invalid user id');
    const target = await db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!target) throw notFound('user does not exist');
    if (!(actor.role > target.role || actor.role >= Role.Root)) throw forbidden(passkeyMessages.resetSameOrHigher);
    await deletePasskey(db, id);
    await endAllSessions(context, id, 'admin_reset');
    await audit(target, passkeyMessages.reset, 'user.passkey_reset', actor.id);
    return success(undefined, passkeyMessages.reset);
  });
}
