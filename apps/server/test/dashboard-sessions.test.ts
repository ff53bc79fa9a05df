import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

/** The cookies a browser would keep from a sign-in, and the access token. */
interface Browser {
  userId: number;
  cookie: string;
  refresh: string;
  accessToken: string;
  sid: string;
}

const cookieValue = (response: LightMyRequestResponse, name: string): string | undefined => response.cookies.find((cookie) => cookie.name === name)?.value;

// new-api's dashboard session contract on Turnpike: records behind the cookie, the access token and the refresh cookie.
describe('dashboard sessions', () => {
  let server: TestServer;
  let other: Actor;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    await server.createUser({ username: 'alice', password: 'password123' });
    await server.createUser({ username: 'bob', password: 'password123' });
    other = await server.createUser({ username: 'carol' });
  });
  afterAll(() => server.stop());

  async function signIn(username: string, password = 'password123', userAgent = 'vitest'): Promise<Browser> {
    const response = await server.call('POST', '/api/user/login', { body: { username, password }, headers: { 'user-agent': userAgent } });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    return { userId: data.id, cookie: `turnpike_session=${cookieValue(response, 'turnpike_session')}`, refresh: `new_api_refresh=${cookieValue(response, 'new_api_refresh')}`, accessToken: data.access_token, sid: data.session.sid };
  }
  const withCookie = (browser: Browser) => ({ cookie: browser.cookie, 'new-api-user': String(browser.userId) });
  const withToken = (token: string) => ({ authorization: `Bearer ${token}` });
  const self = (headers: Record<string, string>) => server.call('GET', '/api/user/self', { headers });
  const refresh = (refreshCookie: string, headers: Record<string, string> = {}) => server.call('POST', '/api/user/auth/refresh', { headers: { cookie: refreshCookie, ...headers } });

  it('login answers the seeds user fields and new-api auth bundle, and sets both cookies', async () => {
    const response = await server.call('POST', '/api/user/login', { body: { username: 'alice', password: 'password123' }, headers: { 'user-agent': 'Firefox/130' } });
    const data = response.json().data;
    expect(data).toMatchObject({ username: 'alice', token_type: 'Bearer', user: { username: 'alice' }, session: { current: true, login_method: 'password', user_agent: 'Firefox/130' } });
    expect(data.password).toBeUndefined();
    const claims = JSON.parse(Buffer.from(data.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ token_use: 'access', iss: 'new-api', aud: 'new-api-dashboard', sub: String(data.id), sid: data.session.sid, sv: 1, uv: 0 });
    expect(claims.exp - claims.iat).toBe(900);
    expect(data.access_expires_at).toBe(claims.exp);
    const refreshCookie = response.cookies.find((cookie) => cookie.name === 'new_api_refresh');
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/auth' });
    expect(refreshCookie?.value.startsWith(`${data.session.sid}.`)).toBe(true);
  });

  it('accepts the cookie with New-Api-User and the access token alone', async () => {
    const browser = await signIn('alice');
    expect((await self(withCookie(browser))).json().data.username).toBe('alice');
    expect((await self(withToken(browser.accessToken))).json().data.username).toBe('alice');
    const wrongHeader = await self({ ...withToken(browser.accessToken), 'new-api-user': String(other.user.id) });
    expect(wrongHeader.statusCode).toBe(401);
    const forged = await self(withToken(`${browser.accessToken.slice(0, -4)}AAAA`));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('AUTH_UNAUTHORIZED');
  });

  it("takes the access token over the login's session cookie, as new-api's current console sends both", async () => {
    const browser = await signIn('alice');
    const both = await self({ cookie: browser.cookie, ...withToken(browser.accessToken) });
    expect(both.statusCode).toBe(200);
    expect(both.json().data.username).toBe('alice');
    // The cookie alone still needs New-Api-User.
    expect((await self({ cookie: browser.cookie })).statusCode).toBe(401);
  });

  it('GET /api/user/logout ends the session: the old cookie and access token replayed are refused', async () => {
    const browser = await signIn('alice');
    expect((await server.call('GET', '/api/user/logout', { headers: withCookie(browser) })).statusCode).toBe(200);
    const cookieReplay = await self(withCookie(browser));
    expect(cookieReplay.statusCode).toBe(401);
    expect(cookieReplay.json().code).toBe('AUTH_SESSION_REVOKED');
    expect((await self(withToken(browser.accessToken))).json().code).toBe('AUTH_SESSION_REVOKED');
    expect((await refresh(browser.refresh)).json().code).toBe('AUTH_SESSION_REVOKED');
  });

  it('POST /api/user/auth/logout with the access token revokes its session and clears the refresh cookie', async () => {
    const browser = await signIn('alice');
    const response = await server.call('POST', '/api/user/auth/logout', { headers: { ...withToken(browser.accessToken), cookie: `${browser.refresh}; ${browser.cookie}` } });
    expect(response.json()).toEqual({ success: true, message: '', data: { revoked_sid: browser.sid, cookie_cleared: true } });
    expect((await self(withToken(browser.accessToken))).statusCode).toBe(401);
    expect((await self(withCookie(browser))).statusCode).toBe(401);
    const mismatch = await server.call('POST', '/api/user/auth/logout', { headers: { cookie: browser.refresh, 'x-auth-session': 'another-sid' } });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('AUTH_SESSION_MISMATCH');
  });

  it('POST /api/user/auth/logout with only the refresh cookie revokes that session', async () => {
    const browser = await signIn('alice');
    const response = await server.call('POST', '/api/user/auth/logout', { headers: { cookie: browser.refresh } });
    expect(response.json()).toEqual({ success: true, message: '' });
    expect((await self(withCookie(browser))).statusCode).toBe(401);
  });

  it('refresh rotates the cookie, replays idempotently within 30 s, and a reuse after the window revokes the session', async () => {
    const browser = await signIn('alice');
    const first = await refresh(browser.refresh, { 'x-auth-session': browser.sid });
    expect(first.statusCode).toBe(200);
    const rotated = cookieValue(first, 'new_api_refresh');
    expect(rotated).toBeDefined();
    expect(`new_api_refresh=${rotated}`).not.toBe(browser.refresh);
    expect(first.json().data).toMatchObject({ token_type: 'Bearer', user: { username: 'alice' }, session: { sid: browser.sid } });
    expect((await self(withToken(first.json().data.access_token))).statusCode).toBe(200);
    // A retry of the same (old) secret within the window gets the same new secret.
    const retry = await refresh(browser.refresh);
    expect(retry.statusCode).toBe(200);
    expect(cookieValue(retry, 'new_api_refresh')).toBe(rotated);
    // An unknown secret is refused without ending the session.
    const unknown = await refresh(`new_api_refresh=${browser.sid}.not-the-secret`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, code: 'AUTH_UNAUTHORIZED' });
    expect((await self(withCookie(browser))).statusCode).toBe(200);
    const mismatch = await refresh(`new_api_refresh=${rotated}`, { 'x-auth-session': 'another-sid' });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('AUTH_SESSION_MISMATCH');
    // The window passes (moved back in the record rather than waiting): the old secret now means theft.
    await server.context.db.updateTable('user_sessions').set({ previous_valid_until: 1 }).where('sid', '=', browser.sid).execute();
    const reuse = await refresh(browser.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('AUTH_SESSION_REVOKED');
    const row = await server.context.db.selectFrom('user_sessions').selectAll().where('sid', '=', browser.sid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'revoked', revoke_reason: 'refresh_reuse' });
    expect((await self(withCookie(browser))).statusCode).toBe(401);
  });

  it('two tabs refreshing together both get the same rotated secret', async () => {
    const browser = await signIn('alice');
    const [a, b] = await Promise.all([refresh(browser.refresh), refresh(browser.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieValue(a, 'new_api_refresh')).toBe(cookieValue(b, 'new_api_refresh'));
  });

  it('lists, revokes one and revokes the others; refuses another user session id and a personal access token', async () => {
    const phone = await signIn('bob', 'password123', 'Phone');
    const laptop = await signIn('bob', 'password123', 'Laptop');
    const tablet = await signIn('bob', 'password123', 'Tablet');
    const list = (await server.call('GET', '/api/user/sessions', { headers: withCookie(laptop) })).json().data;
    expect(list[0]).toMatchObject({ sid: laptop.sid, current: true, user_agent: 'Laptop' });
    expect(list.map((entry: { sid: string }) => entry.sid).sort()).toEqual([phone.sid, laptop.sid, tablet.sid].sort());
    const alice = await signIn('alice');
    const foreign = await server.call('DELETE', `/api/user/sessions/${alice.sid}`, { headers: withCookie(laptop) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('AUTH_SESSION_NOT_FOUND');
    expect((await self(withCookie(alice))).statusCode).toBe(200);
    const revoked = await server.call('DELETE', `/api/user/sessions/${phone.sid}`, { headers: withToken(laptop.accessToken) });
    expect(revoked.json().data).toEqual({ revoked_sid: phone.sid, current: false });
    expect((await self(withCookie(phone))).statusCode).toBe(401);
    const others = await server.call('POST', '/api/user/sessions/revoke-others', { headers: withCookie(laptop) });
    expect(others.json().data).toEqual({ revoked_count: 1 });
    expect((await self(withToken(tablet.accessToken))).statusCode).toBe(401);
    expect((await self(withCookie(laptop))).statusCode).toBe(200);
    const pat = (await server.call('GET', '/api/user/token', { headers: withCookie(laptop) })).json().data as string;
    for (const [method, url] of [['GET', '/api/user/sessions'], ['POST', '/api/user/sessions/revoke-others'], ['DELETE', `/api/user/sessions/${laptop.sid}`]] as const) {
      const response = await server.call(method, url, { headers: { authorization: pat, 'new-api-user': String(laptop.userId) } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe('AUTH_SESSION_REQUIRED');
    }
  });

  it('a password change ends every other session and the old access token of this one; the caller stays signed in', async () => {
    const user = await server.createUser({ username: 'dave', password: 'password123' });
    const kept = await signIn('dave');
    const elsewhere = await signIn('dave');
    const response = await server.call('PUT', '/api/user/self', { headers: withCookie(kept), body: { password: 'password456', original_password: 'password123' } });
    expect(response.statusCode).toBe(200);
    const fresh = `turnpike_session=${cookieValue(response, 'turnpike_session')}`;
    expect((await self({ cookie: fresh, 'new-api-user': String(user.user.id) })).statusCode).toBe(200);
    expect((await self(withToken(response.json().data.access_token))).statusCode).toBe(200);
    for (const replay of [withCookie(kept), withToken(kept.accessToken), withCookie(elsewhere), withToken(elsewhere.accessToken)]) {
      expect((await self(replay)).statusCode).toBe(401);
    }
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
  });

  it('disabling a user ends their sessions; enabling again does not revive them', async () => {
    const admin = await server.createUser({ username: 'admin', role: 10 });
    const target = await server.createUser({ username: 'erin', password: 'password123' });
    const browser = await signIn('erin');
    await server.call('POST', '/api/user/manage', { as: admin, body: { id: target.user.id, action: 'disable' } });
    expect((await self(withToken(browser.accessToken))).statusCode).toBe(401);
    await server.call('POST', '/api/user/manage', { as: admin, body: { id: target.user.id, action: 'enable' } });
    expect((await self(withCookie(browser))).statusCode).toBe(401);
    expect((await self(withToken(browser.accessToken))).statusCode).toBe(401);
    expect((await refresh(browser.refresh)).statusCode).toBe(401);
  });
});
