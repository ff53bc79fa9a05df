import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const cookieValue = (response: LightMyRequestResponse, name: string): string => response.cookies.find((cookie) => cookie.name === name)?.value ?? '';
const now = (): number => Math.floor(Date.now() / 1000);
/** The code an authenticator shows `offsetSteps` 30-second steps from now (clock skew). */
const codeAt = (secret: string, offsetSteps = 0): string => generateSync({ secret, epoch: now() + offsetSteps * 30 });

// TOTP two-factor sign-in: codes computed here from the shared secret, backup codes used once, the lock, the admin reset.
describe('two-factor sign-in (TOTP)', () => {
  let server: TestServer;
  let admin: Actor;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    // The clock stands still mid-step, so a code computed here and checked by the server always share their step.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 30_000) * 30_000 + 15_000);
    admin = await server.createUser({ username: 'admin', role: 10 });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await server.stop();
  });

  async function signIn(username: string) {
    const response = await server.call('POST', '/api/user/login', { body: { username, password: 'password123' } });
    return { response, data: response.json().data };
  }
  const headersOf = (response: LightMyRequestResponse) => ({ cookie: `turnpike_session=${cookieValue(response, 'turnpike_session')}`, 'new-api-user': String(response.json().data.id) });

  /** Creates a user, signs in, sets up and enables 2FA; returns the secret, the backup codes and the signed-in headers. */
  async function enrolled(username: string) {
    await server.createUser({ username, password: 'password123' });
    const login = await signIn(username);
    let headers = headersOf(login.response);
    const setup = (await server.call('POST', '/api/user/2fa/setup', { headers })).json().data;
    expect(setup.qr_code_data).toBe(`otpauth://totp/Turnpike:${username}?secret=${setup.secret}&issuer=Turnpike`);
    expect(setup.backup_codes).toHaveLength(4);
    for (const code of setup.backup_codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // The phone's clock runs 30 s late: the previous step's code is accepted.
    const enable = await server.call('POST', '/api/user/2fa/enable', { headers, body: { code: codeAt(setup.secret, -1) } });
    expect(enable.statusCode).toBe(200);
    expect(enable.json().data).toMatchObject({ token_type: 'Bearer', session: { sid: login.data.session.sid } });
    // The session rotated: the old cookie is over, the new one works.
    expect((await server.call('GET', '/api/user/self', { headers })).statusCode).toBe(401);
    headers = { ...headers, cookie: `turnpike_session=${cookieValue(enable, 'turnpike_session')}` };
    expect((await server.call('GET', '/api/user/self', { headers })).statusCode).toBe(200);
    return { secret: setup.secret as string, backupCodes: setup.backup_codes as string[], headers, userId: login.data.id as number };
  }

  it('sets up with a code from the secret; login then asks for the second factor and signs in with a code one step ahead', async () => {
    const { secret, headers } = await enrolled('alice');
    expect((await server.call('GET', '/api/user/2fa/status', { headers })).json().data).toEqual({ enabled: true, locked: false, backup_codes_remaining: 4 });
    const first = await signIn('alice');
    expect(first.data).toEqual({ require_2fa: true, flow_token: expect.any(String), expires_at: expect.any(Number) });
    expect(first.response.cookies).toEqual([]);
    // The phone's clock now runs 30 s early: the next step's code is accepted.
    const second = await server.call('POST', '/api/user/login/2fa', { body: { flow_token: first.data.flow_token, code: codeAt(secret, 1) } });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ username: 'alice', token_type: 'Bearer', session: { login_method: '2fa' } });
    // The flow is single use.
    const again = await server.call('POST', '/api/user/login/2fa', { body: { flow_token: first.data.flow_token, code: codeAt(secret) } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('the sign-in has expired, please log in again');
  });

  it('refuses a code two steps off and a code already used', async () => {
    const { secret } = await enrolled('bob');
    const flow = (await signIn('bob')).data.flow_token;
    const far = await server.call('POST', '/api/user/login/2fa', { body: { flow_token: flow, code: codeAt(secret, -2) } });
    expect(far.statusCode).toBe(400);
    // The enable call used the previous step's code: it cannot sign in again.
    const reused = await server.call('POST', '/api/user/login/2fa', { body: { flow_token: flow, code: codeAt(secret, -1) } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('the verification code or backup code is wrong, please try again');
  });

  it('accepts each backup code once, in any case and spacing', async () => {
    const { backupCodes, headers } = await enrolled('carol');
    const flow = (await signIn('carol')).data.flow_token;
    const typed = backupCodes[0].toLowerCase().replace('-', ' ');
    expect((await server.call('POST', '/api/user/login/2fa', { body: { flow_token: flow, code: typed } })).statusCode).toBe(200);
    const flow2 = (await signIn('carol')).data.flow_token;
    expect((await server.call('POST', '/api/user/login/2fa', { body: { flow_token: flow2, code: backupCodes[0] } })).statusCode).toBe(400);
    expect((await server.call('GET', '/api/user/2fa/status', { headers })).json().data.backup_codes_remaining).toBe(3);
  });

  it('locks after five wrong codes, even for the right one', async () => {
    const { secret } = await enrolled('dave');
    const flow = (await signIn('dave')).data.flow_token;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await server.call('POST', '/api/user/login/2fa', { body: { flow_token: flow, code: '000000' } })).statusCode).toBe(400);
    }
    const locked = await server.call('POST', '/api/user/login/2fa', { body: { flow_token: flow, code: codeAt(secret, 1) } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^too many wrong codes; try again after /);
  });

  it('disables with a backup code and regenerates codes with a TOTP code; every change rotates the session', async () => {
    const { secret, backupCodes, headers } = await enrolled('erin');
    const regenerated = await server.call('POST', '/api/user/2fa/backup_codes', { headers, body: { code: codeAt(secret, 1) } });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().data;
    expect(fresh.backup_codes).toHaveLength(4);
    expect(fresh.backup_codes).not.toContain(backupCodes[1]);
    const rotated = { ...headers, cookie: `turnpike_session=${cookieValue(regenerated, 'turnpike_session')}` };
    expect((await server.call('GET', '/api/user/self', { headers })).statusCode).toBe(401);
    const disabled = await server.call('POST', '/api/user/2fa/disable', { headers: rotated, body: { code: fresh.backup_codes[2] } });
    expect(disabled.statusCode).toBe(200);
    expect((await signIn('erin')).data.token_type).toBe('Bearer');
  });

  it('an admin resets a user 2FA and ends their sessions; an ordinary user cannot; stats count enabled users', async () => {
    const { headers, userId } = await enrolled('frank');
    const stats = (await server.call('GET', '/api/user/2fa/stats', { as: admin })).json().data;
    expect(stats.enabled_users).toBeGreaterThanOrEqual(1);
    expect((await server.call('DELETE', `/api/user/${userId}/2fa`, { headers })).statusCode).toBe(403);
    const reset = await server.call('DELETE', `/api/user/${userId}/2fa`, { as: admin });
    expect(reset.statusCode).toBe(200);
    expect((await server.call('GET', '/api/user/self', { headers })).statusCode).toBe(401);
    expect((await signIn('frank')).data.token_type).toBe('Bearer');
    expect((await server.call('DELETE', `/api/user/${admin.user.id}/2fa`, { as: admin })).statusCode).toBe(403);
  });
});
