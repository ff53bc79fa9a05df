import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusErrorCode } from '@turnpike/contract';
import { createSessionValue, sessionCookieName } from '../src/http/session-cookie';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('self-service routes', () => {
  let server: TestServer;
  let alice: Actor;
  let root: Actor;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '1000' });
    alice = await server.createUser({ username: 'alice', password: 'alice-password', quota: 700, setting: '{"notify_type":"email"}' });
    root = await server.createUser({ username: 'root', role: 100 });
    await server.createUser({ username: 'taken' });
  });
  afterAll(() => server.stop());

  const row = (id: number) => server.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('GET /api/user/self returns the user without secrets', async () => {
    await server.context.db.updateTable('users').set({ access_token: 'f'.repeat(64) }).where('id', '=', alice.user.id).execute();
    const body = (await server.call('GET', '/api/user/self', { as: alice })).json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: alice.user.id, username: 'alice', quota: 700, role: 1, setting: '{"notify_type":"email"}', deleted_at: null, DeletedAt: null });
    expect(body.data).not.toHaveProperty('password');
    expect(body.data).not.toHaveProperty('access_token');
  });

  describe('PUT /api/user/self', () => {
    const update = (body: Record<string, unknown>, as: Actor = alice) => server.call('PUT', '/api/user/self', { as, body });

    it('changes username and display name; ignores group, quota and role', async () => {
      const response = await update({ username: 'alice2', display_name: 'Alice A.', group: 'vip', quota: 999999, role: 100 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, message: 'user updated', data: { username: 'alice2', display_name: 'Alice A.' } });
      expect(await row(alice.user.id)).toMatchObject({ username: 'alice2', display_name: 'Alice A.', group: 'default', quota: 700, role: 1 });
      await update({ username: 'alice' });
    });

    it('refuses bad profile values', async () => {
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ username: 'taken' }, 409, 'the username already exists'],
        [{ username: '' }, 400, 'the username cannot be empty'],
        [{ username: 'u'.repeat(21) }, 400, 'the username must be at most 20 characters'],
        [{ display_name: 'd'.repeat(21) }, 400, 'the display name must be at most 20 characters'],
      ];
      for (const [body, status, message] of cases) {
        const response = await update(body);
        expect(response.statusCode, message).toBe(status);
        // The username rule (packages/contract) names its problems; the other refusals carry the status code.
        const code = { 'the username cannot be empty': 'username_empty', 'the username must be at most 20 characters': 'username_too_long' }[message] ?? statusErrorCode(status);
        expect(response.json(), message).toEqual({ success: false, message, code });
      }
    });

    it('changes the password only with the right, different original password', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ password: 'new-password' }, 'please enter the original password'],
        [{ password: 'alice-password', original_password: 'alice-password' }, 'the new password must differ from the original password'],
        [{ password: 'new-password', original_password: 'not-the-password' }, 'the original password is wrong'],
        [{ password: 'short', original_password: 'alice-password' }, 'the password must be at least 8 characters'],
      ];
      for (const [body, message] of cases) {
        const response = await update(body);
        expect(response.statusCode, message).toBe(400);
        expect(response.json().message, message).toBe(message);
      }
      expect(bcrypt.compareSync('alice-password', (await row(alice.user.id)).password)).toBe(true);
      expect((await update({ password: 'new-password', original_password: 'alice-password' })).json().success).toBe(true);
      const hash = (await row(alice.user.id)).password;
      expect(hash).toMatch(/^\$2[ab]\$10\$/);
      expect(bcrypt.compareSync('new-password', hash)).toBe(true);
      const login = await server.call('POST', '/api/user/login', { body: { username: 'alice', password: 'new-password' } });
      expect(login.json().success).toBe(true);
      alice = server.actorFor(await row(alice.user.id));
    });

    it('ends every other session on a password change and keeps the caller signed in', async () => {
      const secret = 'test-session-secret-0123456789';
      // Start from no cutoff (the previous test changed the password a moment ago).
      await server.context.db.updateTable('users').set({ sessions_valid_after: 0 }).where('id', '=', alice.user.id).execute();
      const earlier = { cookie: `${sessionCookieName}=${createSessionValue(alice.user.id, secret, Date.now() - 5_000)}`, 'new-api-user': String(alice.user.id) };
      expect((await server.call('GET', '/api/user/self', { headers: earlier })).statusCode).toBe(200);
      const changed = await server.call('PUT', '/api/user/self', { headers: earlier, body: { password: 'third-password', original_password: 'new-password' } });
      expect(changed.statusCode).toBe(200);
      const fresh = changed.cookies.find((cookie) => cookie.name === sessionCookieName);
      expect(fresh?.httpOnly).toBe(true);
      expect((await server.call('GET', '/api/user/self', { headers: earlier })).statusCode).toBe(401);
      const renewed = { cookie: `${sessionCookieName}=${fresh!.value}`, 'new-api-user': String(alice.user.id) };
      expect((await server.call('GET', '/api/user/self', { headers: renewed })).statusCode).toBe(200);
      alice = server.actorFor(await row(alice.user.id));
    });
  });

  it('PUT /api/user/setting validates and stores the notification settings', async () => {
    const put = (body: Record<string, unknown>) => server.call('PUT', '/api/user/setting', { as: alice, body });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ notify_type: 'sms', quota_warning_threshold: 1 }, 'the notification type must be email or webhook'],
      [{ notify_type: 'email', quota_warning_threshold: -1 }, 'the quota warning threshold must be at least 0'],
      [{ notify_type: 'webhook', quota_warning_threshold: 1 }, 'the webhook address cannot be empty'],
      [{ notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: 'http://hooks.example.com/x' }, 'the webhook address must be an https:// URL'],
      [{ notify_type: 'email', quota_warning_threshold: 1, notification_email: 'nope' }, 'invalid notification email address'],
      [{ notify_type: 'email', quota_warning_threshold: 'many' }, 'quota_warning_threshold: quota_warning_threshold must be a number'],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toBe(message);
    }
    const webhook = await put({ notify_type: 'webhook', quota_warning_threshold: 0, webhook_url: 'https://hooks.example.com/x', webhook_secret: 's3cret', accept_unset_model_ratio_model: true });
    expect(webhook.json()).toMatchObject({ success: true, message: 'settings updated' });
    expect(JSON.parse((await row(alice.user.id)).setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 0,
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: 's3cret',
      accept_unset_model_ratio_model: true,
    });
    await put({ notify_type: 'email', quota_warning_threshold: 500000, notification_email: 'alerts@example.com' });
    expect(JSON.parse((await row(alice.user.id)).setting)).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 500000,
      notification_email: 'alerts@example.com',
      accept_unset_model_ratio_model: false,
    });
  });

  it('GET /api/user/self/groups lists usable groups with desc and ratio, plus the user own group', async () => {
    const options = server.context.options;
    await options.set('UserUsableGroups', { default: 'Default group', vip: 'VIP group' });
    await options.set('GroupRatio', { default: 1, vip: 1.5, svip: 3 });
    const bob = await server.createUser({ username: 'bob', group: 'svip' });
    expect((await server.call('GET', '/api/user/self/groups', { as: alice })).json().data).toEqual({
      default: { desc: 'Default group', ratio: 1 },
      vip: { desc: 'VIP group', ratio: 1.5 },
    });
    expect((await server.call('GET', '/api/user/self/groups', { as: bob })).json().data).toEqual({
      default: { desc: 'Default group', ratio: 1 },
      vip: { desc: 'VIP group', ratio: 1.5 },
      svip: { desc: 'user group', ratio: 3 },
    });
  });

  it('GET /api/user/models lists enabled models of usable groups only', async () => {
    expect((await server.call('GET', '/api/user/models', { as: alice })).json()).toEqual({ success: true, message: '', data: [] });
    const ability = (group: string, model: string, enabled: number, channel = 1) => ({ group, model, channel_id: channel, enabled, priority: 0, weight: 0, tag: '' });
    await server.context.db
      .insertInto('abilities')
      .values([
        ability('default', 'gpt-4o', 1),
        ability('default', 'gpt-4o', 1, 2),
        ability('vip', 'claude-sonnet-4-20250514', 1),
        ability('default', 'disabled-model', 0),
        ability('secret', 'secret-model', 1),
      ])
      .execute();
    expect((await server.call('GET', '/api/user/models', { as: alice })).json().data).toEqual(['claude-sonnet-4-20250514', 'gpt-4o']);
  });

  it('GET /api/user/aff returns the affiliate code, creating one when missing', async () => {
    expect((await server.call('GET', '/api/user/aff', { as: alice })).json().data).toBe(alice.user.aff_code);
    const olivia = await server.createUser({ username: 'olivia', aff_code: '' });
    const code = (await server.call('GET', '/api/user/aff', { as: olivia })).json().data as string;
    expect(code).toMatch(/^[A-Za-z0-9]{4,}$/);
    expect((await row(olivia.user.id)).aff_code).toBe(code);
  });

  describe('POST /api/user/aff_transfer', () => {
    it('moves affiliate quota to quota, at least one QuotaPerUnit', async () => {
      const paul = await server.createUser({ username: 'paul', quota: 100, aff_quota: 1_200_000 });
      const transfer = (quota: unknown) => server.call('POST', '/api/user/aff_transfer', { as: paul, body: { quota } });
      const small = await transfer(499_999);
      expect(small.statusCode).toBe(400);
      expect(small.json().message).toBe('the minimum transfer amount is $1.000000');
      expect((await transfer(1.5)).json().message).toBe('quota: quota must be an integer');
      const tooMuch = await transfer(1_500_000);
      expect(tooMuch.json()).toEqual({ success: false, message: 'insufficient affiliate quota', code: 'bad_request' });
      expect((await transfer(500_000)).json()).toEqual({ success: true, message: 'transfer successful' });
      expect(await row(paul.user.id)).toMatchObject({ quota: 500_100, aff_quota: 700_000 });
    });

    it('never moves the same affiliate quota twice under concurrency', async () => {
      const quinn = await server.createUser({ username: 'quinn', quota: 0, aff_quota: 600_000 });
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => server.call('POST', '/api/user/aff_transfer', { as: quinn, body: { quota: 500_000 } })),
      );
      expect(responses.filter((response) => response.json().success === true)).toHaveLength(1);
      expect(await row(quinn.user.id)).toMatchObject({ quota: 500_000, aff_quota: 100_000 });
    });
  });

  describe('DELETE /api/user/self', () => {
    it('deactivates the account, clears the cookie and refuses the old session and login', async () => {
      const sam = await server.createUser({ username: 'sam', password: 'sam-password' });
      const response = await server.call('DELETE', '/api/user/self', { as: sam });
      expect(response.json()).toEqual({ success: true, message: 'account deleted' });
      expect(String(response.headers['set-cookie'])).toMatch(/^turnpike_session=;/);
      expect((await row(sam.user.id)).deleted_at).toBeGreaterThan(0);
      expect((await server.call('GET', '/api/user/self', { as: sam })).statusCode).toBe(401);
      const login = await server.call('POST', '/api/user/login', { body: { username: 'sam', password: 'sam-password' } });
      expect(login.json().message).toBe('wrong username or password');
    });

    it('refuses for the super administrator', async () => {
      const response = await server.call('DELETE', '/api/user/self', { as: root });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('the super administrator account cannot be deleted');
      expect((await row(root.user.id)).deleted_at).toBeNull();
    });
  });
});
