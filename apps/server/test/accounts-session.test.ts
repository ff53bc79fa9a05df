import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statusErrorCode } from '@turnpike/contract';
import { hashAccessToken } from '../src/http/auth-guard';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

/** The `name=value` part and the attributes of the session cookie in a response. */
function sessionCookie(setCookie: string | string[] | undefined): { value: string; attributes: string } {
  const header = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((line) => line.startsWith('turnpike_session=')) ?? '';
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice('turnpike_session='.length), attributes: attributes.join('; ') };
}

describe('login, logout and authenticated calls', () => {
  let server: TestServer;
  let root: Actor;
  let alice: Actor;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '1000' });
    root = await server.createUser({ username: 'root', password: '123456', role: 100, email: 'root@example.com' });
    alice = await server.createUser({ username: 'alice', password: 'alice-password', email: 'alice@example.com' });
  });
  afterAll(() => server.stop());
  afterEach(async () => {
    await server.context.options.set('PasswordLoginEnabled', true);
  });

  const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.call('POST', '/api/user/login', { body, headers });

  it('logs in by username: HttpOnly SameSite=Strict cookie on /, the user without secrets', async () => {
    const response = await login({ username: 'alice', password: 'alice-password' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'login successful' });
    expect(body.data).toMatchObject({ id: alice.user.id, username: 'alice', role: 1, status: 1, group: 'default', using_default_password: false });
    expect(body.data).not.toHaveProperty('password');
    // `access_token` is the session's short-lived JWT (new-api's auth bundle), never the stored personal token.
    expect(body.data.access_token.split('.')).toHaveLength(3);
    expect(body.data.user).not.toHaveProperty('password');
    expect(body.data.user).not.toHaveProperty('access_token');
    const cookie = sessionCookie(response.headers['set-cookie']);
    expect(cookie.value).not.toBe('');
    expect(cookie.attributes).toContain('HttpOnly');
    expect(cookie.attributes).toContain('SameSite=Strict');
    expect(cookie.attributes).toContain('Path=/');
    expect(cookie.attributes).toContain('Max-Age=2592000');
    expect(cookie.attributes).not.toContain('Secure');

    const self = await server.call('GET', '/api/user/self', { headers: { cookie: `turnpike_session=${cookie.value}`, 'new-api-user': String(alice.user.id) } });
    expect(self.json().data.username).toBe('alice');
  });

  it('marks the cookie Secure behind https and accepts the email as login name', async () => {
    const response = await login({ username: 'alice@example.com', password: 'alice-password' }, { 'x-forwarded-proto': 'https' });
    expect(response.json().data.username).toBe('alice');
    expect(sessionCookie(response.headers['set-cookie']).attributes).toContain('Secure');
  });

  it('flags root still using the default password 123456', async () => {
    const response = await login({ username: 'root', password: '123456' });
    expect(response.json().data).toMatchObject({ id: root.user.id, role: 100, using_default_password: true });
  });

  it('refuses empty, wrong, banned, deleted and disabled-password logins', async () => {
    await server.createUser({ username: 'banned', password: 'banned-password', status: 2 });
    await server.createUser({ username: 'deleted', password: 'deleted-password', deleted_at: 1_700_000_000 });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ username: '', password: 'x' }, 400, 'please enter username and password'],
      [{ username: 'alice', password: '' }, 400, 'please enter username and password'],
      [{}, 400, 'please enter username and password'],
      [{ username: 'alice', password: 'wrong-password' }, 400, 'wrong username or password'],
      [{ username: 'nobody', password: 'whatever-pass' }, 400, 'wrong username or password'],
      [{ username: 'deleted', password: 'deleted-password' }, 400, 'wrong username or password'],
      [{ username: 'banned', password: 'banned-password' }, 403, 'this user has been banned'],
    ];
    for (const [body, status, message] of cases) {
      const response = await login(body);
      expect(response.statusCode, message).toBe(status);
      expect(response.json(), message).toEqual({ success: false, message, code: statusErrorCode(status) });
      expect(response.headers['set-cookie'], message).toBeUndefined();
    }
    await server.context.options.set('PasswordLoginEnabled', false);
    const closed = await login({ username: 'alice', password: 'alice-password' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('the administrator has disabled password login');
  });

  it('logout clears the cookie', async () => {
    const response = await server.call('GET', '/api/user/logout', { as: alice });
    expect(response.json()).toEqual({ success: true, message: 'logged out' });
    const cookie = sessionCookie(response.headers['set-cookie']);
    expect(cookie.value).toBe('');
    expect(cookie.attributes).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  it('needs the New-Api-User header, equal to the session user', async () => {
    const missing = await server.call('GET', '/api/user/self', { headers: { cookie: alice.headers.cookie } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, message: 'unauthorized: the New-Api-User header is missing', code: 'unauthorized' });
    const mismatched = await server.call('GET', '/api/user/self', { headers: { cookie: alice.headers.cookie, 'new-api-user': String(root.user.id) } });
    expect(mismatched.statusCode).toBe(401);
    expect(mismatched.json().message).toBe('unauthorized: New-Api-User does not match the logged-in user');
    const visitor = await server.call('GET', '/api/user/self');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('not logged in or login expired, please log in again');
  });

  it('refuses the existing session of a user banned or deleted afterwards', async () => {
    const carol = await server.createUser({ username: 'carol' });
    expect((await server.call('GET', '/api/user/self', { as: carol })).statusCode).toBe(200);
    await server.context.db.updateTable('users').set({ status: 2 }).where('id', '=', carol.user.id).execute();
    const banned = await server.call('GET', '/api/user/self', { as: carol });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().message).toBe('this user has been banned');
    await server.context.db.updateTable('users').set({ status: 1, deleted_at: 1_700_000_000 }).where('id', '=', carol.user.id).execute();
    expect((await server.call('GET', '/api/user/self', { as: carol })).statusCode).toBe(401);
  });

  it('accepts the system access token in Authorization (raw or Bearer) together with New-Api-User', async () => {
    const reset = await server.call('GET', '/api/user/token', { as: alice });
    const token = reset.json().data as string;
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const stored = await server.context.db.selectFrom('users').select('access_token').where('id', '=', alice.user.id).executeTakeFirstOrThrow();
    expect(stored.access_token).toBe(hashAccessToken(token));

    for (const authorization of [token, `Bearer ${token}`]) {
      const response = await server.call('GET', '/api/user/self', { headers: { authorization, 'new-api-user': String(alice.user.id) } });
      expect(response.statusCode, authorization).toBe(200);
      expect(response.json().data.id).toBe(alice.user.id);
    }
    const noHeader = await server.call('GET', '/api/user/self', { headers: { authorization: token } });
    expect(noHeader.statusCode).toBe(401);
    const wrongUser = await server.call('GET', '/api/user/self', { headers: { authorization: token, 'new-api-user': String(root.user.id) } });
    expect(wrongUser.statusCode).toBe(401);
    const wrongToken = await server.call('GET', '/api/user/self', { headers: { authorization: 'x'.repeat(32), 'new-api-user': String(alice.user.id) } });
    expect(wrongToken.statusCode).toBe(401);

    const second = (await server.call('GET', '/api/user/token', { as: alice })).json().data as string;
    expect(second).not.toBe(token);
    const old = await server.call('GET', '/api/user/self', { headers: { authorization: token, 'new-api-user': String(alice.user.id) } });
    expect(old.statusCode).toBe(401);
  });
});

describe('critical rate limit (20 per 1200 s per IP)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser({ username: 'dave', password: 'dave-password' });
  });
  afterAll(() => server.stop());

  it('answers 429 in the envelope with Retry-After after 20 attempts from one IP; other IPs are unaffected', async () => {
    const attempt = (ip: string, path = '/api/user/login') =>
      server.app.inject({ method: 'POST', url: path, remoteAddress: ip, payload: { username: 'dave', password: 'wrong-password' } });
    for (let index = 0; index < 20; index += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(400);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'too many requests, please try again later', code: 'too_many_requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(1100);
    expect((await attempt('10.0.0.1', '/api/user/register')).statusCode).toBe(429);
    expect((await attempt('10.0.0.2')).statusCode).toBe(400);
  });
});
