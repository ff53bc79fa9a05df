import { passkeyMessages, securityProofFailures } from '@turnpike/contract';
import { SoftwareAuthenticator } from '@turnpike/testing';
import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const origin = 'http://localhost:3000';
const cookieValue = (response: LightMyRequestResponse, name: string): string => response.cookies.find((cookie) => cookie.name === name)?.value ?? '';
const now = (): number => Math.floor(Date.now() / 1000);

/** A signed-in browser: the headers it sends (cookie + New-Api-User), its access token and session id. */
interface Browser {
  userId: number;
  headers: Record<string, string>;
  accessToken: string;
  sid: string;
}

// Passkeys and secure verification, with a software authenticator (real ES256 signatures) so the server's own WebAuthn
// verification runs; 2FA proofs with codes computed here from the shared secret.
describe('passkeys and secure verification', () => {
  let server: TestServer;
  let root: Actor;
  let channelId: number;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    // The clock stands still mid-step (TOTP codes computed here share the server's step); tests move it on purpose.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 30_000) * 30_000 + 15_000);
    root = await server.createUser({ username: 'root', role: 100 });
    const created = await server.call('POST', '/api/channel/', { as: root, body: { mode: 'single', channel: { name: 'upstream', type: 1, key: 'sk-secret-channel-key', models: 'gpt-4o', group: 'default', base_url: 'http://127.0.0.1:9' } } });
    expect(created.statusCode).toBe(200);
    channelId = (await server.context.db.selectFrom('channels').select('id').where('name', '=', 'upstream').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await server.stop();
  });

  const setOption = async (key: string, value: unknown) => expect((await server.call('PUT', '/api/option/', { as: root, body: { key, value } })).statusCode).toBe(200);

  async function signIn(username: string, role = 1): Promise<Browser> {
    if (!(await server.context.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst())) await server.createUser({ username, role });
    const response = await server.call('POST', '/api/user/login', { body: { username, password: 'password123' } });
    const data = response.json().data;
    return { userId: data.id, headers: { cookie: `turnpike_session=${cookieValue(response, 'turnpike_session')}`, 'new-api-user': String(data.id) }, accessToken: data.access_token, sid: data.session.sid };
  }
  /** The browser after a rotation: the new cookie. */
  const rotated = (browser: Browser, response: LightMyRequestResponse): Browser => ({ ...browser, headers: { ...browser.headers, cookie: `turnpike_session=${cookieValue(response, 'turnpike_session')}` }, accessToken: response.json().data.access_token });
  const post = (url: string, browser: Browser | null, body: unknown = {}, extra: Record<string, string> = {}) => server.call('POST', url, { headers: { ...(browser?.headers ?? {}), ...extra }, body: body as Record<string, unknown> });

  /** Registers a passkey for the browser's user; returns the authenticator and the rotated browser. */
  async function register(browser: Browser, proof?: string): Promise<{ authenticator: SoftwareAuthenticator; browser: Browser }> {
    const extra: Record<string, string> = proof ? { 'x-security-proof': proof } : {};
    const begin = await post('/api/user/passkey/register/begin', browser, {}, extra);
    expect(begin.statusCode).toBe(200);
    const { options, flow_token: flowToken } = begin.json().data;
    expect(options.publicKey).toMatchObject({ rp: { id: 'localhost', name: 'Turnpike' }, user: { id: Buffer.from(String(browser.userId)).toString('base64url') }, authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' }, timeout: 120000 });
    const authenticator = new SoftwareAuthenticator();
    const finish = await post('/api/user/passkey/register/finish', browser, { flow_token: flowToken, credential: authenticator.register(options.publicKey, origin) }, extra);
    expect(finish.statusCode).toBe(200);
    expect(finish.json()).toMatchObject({ success: true, message: passkeyMessages.registered, data: { token_type: 'Bearer', session: { sid: browser.sid } } });
    // A finish with the same flow token again: single use (with a proof, the rotation already killed the proof).
    if (proof) return { authenticator, browser: rotated(browser, finish) };
    const again = await post('/api/user/passkey/register/finish', rotated(browser, finish), { flow_token: flowToken, credential: authenticator.register(options.publicKey, origin) }, extra);
    expect(again.json().message).toBe(passkeyMessages.flowExpired);
    return { authenticator, browser: rotated(browser, finish) };
  }

  /** A passkey proof for `scope`. */
  async function passkeyProof(browser: Browser, authenticator: SoftwareAuthenticator, scope: string): Promise<string> {
    const begin = await post('/api/user/passkey/verify/begin', browser, { scope });
    expect(begin.statusCode).toBe(200);
    const { options, flow_token: flowToken } = begin.json().data;
    const finish = await post('/api/user/passkey/verify/finish', browser, { flow_token: flowToken, credential: authenticator.assert(options.publicKey, origin) });
    expect(finish.json()).toMatchObject({ success: true, message: passkeyMessages.verified, data: { method: 'passkey', scope, expires_at: now() + 300 } });
    return finish.json().data.proof_token;
  }

  async function enableTwoFactor(browser: Browser): Promise<{ secret: string; browser: Browser }> {
    const setup = (await post('/api/user/2fa/setup', browser)).json().data;
    vi.setSystemTime(Date.now() + 30_000);
    const enable = await post('/api/user/2fa/enable', browser, { code: generateSync({ secret: setup.secret, epoch: now() }) });
    expect(enable.statusCode).toBe(200);
    return { secret: setup.secret, browser: rotated(browser, enable) };
  }
  const nextCode = (secret: string): string => {
    vi.setSystemTime(Date.now() + 30_000);
    return generateSync({ secret, epoch: now() });
  };

  it('answers the disabled message while passkeys are off; the status and GET still answer', async () => {
    const alice = await signIn('alice');
    for (const url of ['/api/user/passkey/login/begin', '/api/user/passkey/register/begin', '/api/user/passkey/verify/begin']) {
      const response = await post(url, url.includes('login') ? null : alice, { scope: 'channel.key.read' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: '管理员未启用 Passkey 登录' });
    }
    expect((await server.call('GET', '/api/user/passkey', { headers: alice.headers })).json().data).toEqual({ enabled: false });
    expect((await server.call('GET', '/api/status')).json().data).toMatchObject({ passkey_login: false, passkey_user_verification: 'preferred', passkey_attachment: '', passkey_display_name: 'Turnpike' });
  });

  it('registers, shows it, signs in with it (same bundle and cookies as password login) and counts its use', async () => {
    await setOption('passkey.enabled', true);
    await setOption('ServerAddress', origin);
    expect((await server.call('GET', '/api/status')).json().data).toMatchObject({ passkey_login: true, passkey_rp_id: '', passkey_origins: '', passkey_allow_insecure: false });
    const bob = await signIn('bob');
    const { authenticator, browser } = await register(bob);
    // The registration rotated the session: the old cookie is over, the new one works.
    expect((await server.call('GET', '/api/user/self', { headers: bob.headers })).statusCode).toBe(401);
    expect((await server.call('GET', '/api/user/passkey', { headers: browser.headers })).json().data).toEqual({ enabled: true, last_used_at: 0 });

    const begin = (await post('/api/user/passkey/login/begin', null)).json().data;
    expect(begin.options.publicKey).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(begin.options.publicKey.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.assert(begin.options.publicKey, origin);
    const login = await post('/api/user/passkey/login/finish', null, { flow_token: begin.flow_token, credential: assertion });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ username: 'bob', token_type: 'Bearer', user: { username: 'bob' }, session: { login_method: 'passkey', current: true } });
    expect(cookieValue(login, 'turnpike_session')).not.toBe('');
    expect(cookieValue(login, 'new_api_refresh').startsWith(`${login.json().data.session.sid}.`)).toBe(true);
    const stored = await server.context.db.selectFrom('passkey_credentials').selectAll().where('user_id', '=', bob.userId).executeTakeFirstOrThrow();
    expect(Number(stored.sign_count)).toBe(1);
    expect(Number(stored.last_used_at)).toBe(now());
    // The same assertion replayed with the used flow token is refused.
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: begin.flow_token, credential: assertion })).json().message).toBe(passkeyMessages.flowExpired);
    // A stranger's authenticator is not a known credential; a missing credential is an incomplete finish.
    const other = (await post('/api/user/passkey/login/begin', null)).json().data;
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: other.flow_token, credential: new SoftwareAuthenticator().assert(other.options.publicKey, origin) })).json().message).toBe(passkeyMessages.unknownCredential);
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: other.flow_token })).json().message).toBe(passkeyMessages.incompleteFlow);
  });

  it('refuses an assertion signed for another challenge or origin, and a ceremony past its 2-minute deadline', async () => {
    const carol = await signIn('carol');
    const { authenticator } = await register(carol);
    const first = (await post('/api/user/passkey/login/begin', null)).json().data;
    const second = (await post('/api/user/passkey/login/begin', null)).json().data;
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: first.flow_token, credential: authenticator.assert(second.options.publicKey, origin) })).json().message).toBe(passkeyMessages.verifyFailed);
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: second.flow_token, credential: authenticator.assert(second.options.publicKey, 'http://evil.localhost:3000') })).json().message).toBe(passkeyMessages.verifyFailed);
    const late = (await post('/api/user/passkey/login/begin', null)).json().data;
    vi.setSystemTime(Date.now() + 121_000);
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: late.flow_token, credential: authenticator.assert(late.options.publicKey, origin) })).json().message).toBe(passkeyMessages.flowExpired);
    const expired = (await post('/api/user/passkey/login/begin', null)).json().data;
    vi.setSystemTime(Date.now() + 301_000);
    expect((await post('/api/user/passkey/login/finish', null, { flow_token: expired.flow_token, credential: authenticator.assert(expired.options.publicKey, origin) })).json().message).toBe(passkeyMessages.flowExpired);
  });

  it('binds ceremonies to their user and session, and refuses personal access tokens', async () => {
    const dave = await signIn('dave');
    const erin = await signIn('erin');
    const begin = (await post('/api/user/passkey/register/begin', dave)).json().data;
    const stolen = await post('/api/user/passkey/register/finish', erin, { flow_token: begin.flow_token, credential: new SoftwareAuthenticator().register(begin.options.publicKey, origin) });
    expect(stolen.json().message).toBe(passkeyMessages.flowExpired);
    // Another session of the same user cannot finish it either.
    const daveElsewhere = await signIn('dave');
    const begin2 = (await post('/api/user/passkey/register/begin', dave)).json().data;
    expect((await post('/api/user/passkey/register/finish', daveElsewhere, { flow_token: begin2.flow_token, credential: new SoftwareAuthenticator().register(begin2.options.publicKey, origin) })).json().message).toBe(passkeyMessages.flowExpired);
    const pat = (await server.call('GET', '/api/user/token', { headers: dave.headers })).json().data as string;
    for (const [method, url] of [
      ['POST', '/api/user/passkey/register/begin'],
      ['POST', '/api/user/passkey/verify/begin'],
      ['POST', '/api/verify'],
    ] as const) {
      const response = await server.call(method, url, { headers: { authorization: `Bearer ${pat}`, 'new-api-user': String(dave.userId) }, body: { scope: 'channel.key.read', method: '2fa', code: '123456' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'AUTH_SESSION_REQUIRED', message: passkeyMessages.unsupportedAuth });
    }
    expect((await server.call('GET', '/api/user/passkey', { headers: { authorization: `Bearer ${pat}`, 'new-api-user': String(dave.userId) } })).json().data).toEqual({ enabled: false });
    // Visitors get nothing but the sign-in ceremony.
    expect((await server.call('GET', '/api/user/passkey')).statusCode).toBe(401);
    expect((await post('/api/user/passkey/verify/begin', null, { scope: 'channel.key.read' })).statusCode).toBe(401);
  });

  it('reveals a channel key to root with a passkey proof of the right scope; refuses every other proof', async () => {
    const rootBrowser = await signIn('keeper', 100);
    const { authenticator, browser } = await register(rootBrowser);
    const reveal = (proof?: string, who: Browser = browser) => post(`/api/channel/${channelId}/key`, who, {}, proof ? { 'x-security-proof': proof } : {});
    const expectFailure = async (response: LightMyRequestResponse, code: keyof typeof securityProofFailures) => {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, code, message: securityProofFailures[code] });
    };
    await expectFailure(await reveal(), 'SECURITY_PROOF_REQUIRED');
    await expectFailure(await reveal('not-a-token'), 'SECURITY_PROOF_INVALID');
    expect((await post('/api/user/passkey/verify/begin', browser, { scope: 'everything' })).json().message).toBe(passkeyMessages.unsupportedScope);
    const wrongScope = await passkeyProof(browser, authenticator, 'passkey.delete');
    await expectFailure(await reveal(wrongScope), 'SECURITY_PROOF_SCOPE_MISMATCH');
    const proof = await passkeyProof(browser, authenticator, 'channel.key.read');
    const revealed = await reveal(proof);
    expect(revealed.json()).toEqual({ success: true, message: '获取成功', data: { key: 'sk-secret-channel-key' } });
    const audit = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', browser.userId).where('type', '=', 3).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.other)).toMatchObject({ action: 'channel.key_view', channel_id: channelId });
    // The proof belongs to this session: another session of root cannot use it.
    await expectFailure(await reveal(proof, await signIn('keeper', 100)), 'SECURITY_PROOF_INVALID');
    // An admin (not root) is refused before any proof is read.
    const admin = await signIn('adminuser', 10);
    expect((await reveal(proof, admin)).statusCode).toBe(403);
    expect((await reveal(proof, admin)).json().code).toBe('forbidden');
    // A personal access token of root never carries a proof.
    const pat = (await server.call('GET', '/api/user/token', { headers: browser.headers })).json().data as string;
    await expectFailure(await server.call('POST', `/api/channel/${channelId}/key`, { headers: { authorization: `Bearer ${pat}`, 'new-api-user': String(browser.userId), 'x-security-proof': proof } }), 'SECURITY_PROOF_INVALID');
    // Five minutes later the proof has expired.
    vi.setSystemTime(Date.now() + 301_000);
    await expectFailure(await reveal(proof), 'SECURITY_PROOF_EXPIRED');
  });

  it('earns a proof with a 2FA code; the proof dies with a session rotation; registering then needs a 2FA proof', async () => {
    const start = await signIn('frank', 100);
    const { secret, browser } = await enableTwoFactor(start);
    expect((await post('/api/verify', browser, { method: 'passkey', scope: 'channel.key.read' })).json().message).toBe(passkeyMessages.passkeyNeedsFlow);
    expect((await post('/api/verify', browser, { method: '2fa', code: '', scope: 'channel.key.read' })).json().message).toBe(passkeyMessages.codeRequired);
    expect((await post('/api/verify', browser, { method: '2fa', code: '000000', scope: 'channel.key.read' })).json().message).toBe(passkeyMessages.codeWrong);
    expect((await post('/api/verify', browser, { method: '2fa', code: nextCode(secret), scope: 'nope' })).json().message).toBe(passkeyMessages.unsupportedScope);
    const verified = await post('/api/verify', browser, { method: '2fa', code: nextCode(secret), scope: 'channel.key.read' });
    expect(verified.json()).toMatchObject({ success: true, message: '验证成功', data: { method: '2fa', scope: 'channel.key.read', expires_at: now() + 300 } });
    const proof = verified.json().data.proof_token as string;
    const claims = JSON.parse(Buffer.from(proof.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ token_use: 'security_proof', method: '2fa', scopes: ['channel.key.read'], sid: browser.sid });
    expect(claims.exp - claims.iat).toBe(300);
    expect((await post(`/api/channel/${channelId}/key`, browser, {}, { 'x-security-proof': proof })).json().data.key).toBe('sk-secret-channel-key');

    // Registering with 2FA on needs a 2FA proof of scope passkey.register.
    const bare = await post('/api/user/passkey/register/begin', browser);
    expect(bare.json().code).toBe('SECURITY_PROOF_REQUIRED');
    expect((await post('/api/user/passkey/register/begin', browser, {}, { 'x-security-proof': proof })).json().code).toBe('SECURITY_PROOF_SCOPE_MISMATCH');
    const registerProof = (await post('/api/verify', browser, { method: '2fa', code: nextCode(secret), scope: 'passkey.register' })).json().data.proof_token as string;
    const { authenticator, browser: afterRegister } = await register(browser, registerProof);

    // The registration rotated the session: the channel proof earned before it is dead on the new cookie.
    const dead = await post(`/api/channel/${channelId}/key`, afterRegister, {}, { 'x-security-proof': proof });
    expect(dead.json()).toMatchObject({ code: 'SECURITY_PROOF_INVALID' });

    // With 2FA on, removing needs a 2FA proof: a passkey proof is the wrong method.
    const passkeyDelete = await passkeyProof(afterRegister, authenticator, 'passkey.delete');
    expect((await server.call('DELETE', '/api/user/passkey', { headers: { ...afterRegister.headers, 'x-security-proof': passkeyDelete } })).json().code).toBe('SECURITY_PROOF_METHOD_MISMATCH');
    const deleteProof = (await post('/api/verify', afterRegister, { method: '2fa', code: nextCode(secret), scope: 'passkey.delete' })).json().data.proof_token as string;
    const removed = await server.call('DELETE', '/api/user/passkey', { headers: { ...afterRegister.headers, 'x-security-proof': deleteProof } });
    expect(removed.json()).toMatchObject({ success: true, message: passkeyMessages.removed, data: { token_type: 'Bearer' } });
    const afterRemove = rotated(afterRegister, removed);
    expect((await server.call('GET', '/api/user/passkey', { headers: afterRemove.headers })).json().data).toEqual({ enabled: false });
    expect((await server.call('DELETE', '/api/user/passkey', { headers: afterRemove.headers })).json().message).toBe(passkeyMessages.notBound);
  });

  it('removes with a passkey proof when 2FA is off; a proof for another user or scope does not do', async () => {
    const grace = await signIn('grace');
    const { authenticator, browser } = await register(grace);
    expect((await server.call('DELETE', '/api/user/passkey', { headers: browser.headers })).json().code).toBe('SECURITY_PROOF_REQUIRED');
    const heidi = await register(await signIn('heidi'));
    const heidiProof = await passkeyProof(heidi.browser, heidi.authenticator, 'passkey.delete');
    expect((await server.call('DELETE', '/api/user/passkey', { headers: { ...browser.headers, 'x-security-proof': heidiProof } })).json().code).toBe('SECURITY_PROOF_INVALID');
    // grace's authenticator answering heidi's verification is not heidi's passkey.
    const heidiBegin = (await post('/api/user/passkey/verify/begin', heidi.browser, { scope: 'passkey.delete' })).json().data;
    expect((await post('/api/user/passkey/verify/finish', heidi.browser, { flow_token: heidiBegin.flow_token, credential: authenticator.assert(heidiBegin.options.publicKey, origin) })).json().message).toBe(passkeyMessages.notBound);
    const proof = await passkeyProof(browser, authenticator, 'passkey.delete');
    expect((await server.call('DELETE', '/api/user/passkey', { headers: { ...browser.headers, 'x-security-proof': proof } })).json().message).toBe(passkeyMessages.removed);
  });

  it('lets an admin reset a user passkey, ending their sessions; not for a peer or by a user', async () => {
    const ivan = await register(await signIn('ivan'));
    const admin = await signIn('admin2', 10);
    const peer = await signIn('admin3', 10);
    expect((await server.call('DELETE', `/api/user/${admin.userId}/reset_passkey`, { headers: ivan.browser.headers })).statusCode).toBe(403);
    const refused = await server.call('DELETE', `/api/user/${peer.userId}/reset_passkey`, { headers: admin.headers });
    expect(refused.json()).toMatchObject({ success: false, message: passkeyMessages.resetSameOrHigher });
    const reset = await server.call('DELETE', `/api/user/${ivan.browser.userId}/reset_passkey`, { headers: admin.headers });
    expect(reset.json()).toEqual({ success: true, message: passkeyMessages.reset });
    expect((await server.call('GET', '/api/user/self', { headers: ivan.browser.headers })).statusCode).toBe(401);
    expect((await server.call('GET', '/api/user/self', { headers: { authorization: `Bearer ${ivan.browser.accessToken}` } })).statusCode).toBe(401);
    expect(await server.context.db.selectFrom('passkey_credentials').selectAll().where('user_id', '=', ivan.browser.userId).executeTakeFirst()).toBeUndefined();
  });

  it('derives the relying party from the options and refuses a plain-http origin that is not local', async () => {
    const judy = await signIn('judy');
    await setOption('ServerAddress', 'http://gateway.example.com');
    expect((await post('/api/user/passkey/register/begin', judy)).json().message).toBe(passkeyMessages.insecureOrigin);
    await setOption('passkey.allow_insecure_origin', true);
    expect((await post('/api/user/passkey/register/begin', judy)).json().data.options.publicKey.rp.id).toBe('gateway.example.com');
    await setOption('passkey.origins', 'https://console.example.com, https://other.example.com');
    await setOption('passkey.rp_id', 'example.com');
    await setOption('passkey.user_verification', 'required');
    await setOption('passkey.attachment_preference', 'platform');
    const options = (await post('/api/user/passkey/register/begin', judy)).json().data.options.publicKey;
    expect(options).toMatchObject({ rp: { id: 'example.com' }, authenticatorSelection: { userVerification: 'required', authenticatorAttachment: 'platform' } });
    expect((await server.call('PUT', '/api/option/', { as: root, body: { key: 'passkey.user_verification', value: 'sometimes' } })).statusCode).toBe(400);
    expect((await server.call('GET', '/api/status')).json().data).toMatchObject({ passkey_rp_id: 'example.com', passkey_origins: 'https://console.example.com, https://other.example.com', passkey_allow_insecure: true, passkey_user_verification: 'required', passkey_attachment: 'platform' });
  });
});
