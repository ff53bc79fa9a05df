import { LogType } from '@turnpike/contract';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('admin user management', () => {
  let server: TestServer;
  let root: Actor;
  let admin: Actor;
  let otherAdmin: Actor;
  let alice: Actor;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '1000' });
    root = await server.createUser({ username: 'root', role: 100, email: 'root@example.com' });
    admin = await server.createUser({ username: 'admin', role: 10 });
    otherAdmin = await server.createUser({ username: 'admin2', role: 10 });
    alice = await server.createUser({ username: 'alice', display_name: 'Alice Liddell', email: 'alice@wonder.land', quota: 1000 });
    await server.createUser({ username: 'bob', group: 'vip', email: 'bob@example.com' });
    await server.createUser({ username: 'gone', deleted_at: 1_700_000_000 });
  });
  afterAll(() => server.stop());

  const row = (id: number) => server.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const manageLogs = (userId: number) =>
    server.context.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.Manage).orderBy('id').execute();

  it('lists users newest first with paging, deleted ones included and marked', async () => {
    const body = (await server.call('GET', '/api/user/?p=1&page_size=2', { as: admin })).json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ total: 6, page: 1, page_size: 2 });
    expect(body.data.items.map((user: { username: string }) => user.username)).toEqual(['gone', 'bob']);
    expect(body.data.items[0].deleted_at).toBe(1_700_000_000);
    expect(body.data.items[0].DeletedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(body.data.items[1].deleted_at).toBeNull();
    expect(body.data.items[0]).not.toHaveProperty('password');
    expect(body.data.items[0]).not.toHaveProperty('access_token');
    const second = (await server.call('GET', '/api/user/?p=2&page_size=2', { as: admin })).json().data;
    expect(second.items.map((user: { username: string }) => user.username)).toEqual(['alice', 'admin2']);
  });

  it('searches id, username, display name and email, optionally within a group', async () => {
    const search = async (query: string) =>
      (await server.call('GET', `/api/user/search?${query}`, { as: admin })).json().data.items.map((user: { username: string }) => user.username);
    expect(await search(`keyword=${alice.user.id}`)).toEqual(['alice']);
    expect(await search('keyword=Liddell')).toEqual(['alice']);
    expect(await search('keyword=wonder.land')).toEqual(['alice']);
    expect(await search('keyword=admin')).toEqual(['admin2', 'admin']);
    expect(await search('keyword=example.com')).toEqual(['bob', 'root']);
    expect(await search('keyword=example.com&group=vip')).toEqual(['bob']);
    expect(await search('keyword=%25')).toEqual([]);
    const paged = (await server.call('GET', '/api/user/search?keyword=a&p=1&page_size=1', { as: admin })).json().data;
    expect(paged).toMatchObject({ page: 1, page_size: 1 });
    expect(paged.total).toBeGreaterThan(1);
    expect(paged.items).toHaveLength(1);
  });

  describe('POST /api/user/', () => {
    it('creates an ordinary user with QuotaForNewUser', async () => {
      await server.context.options.set('QuotaForNewUser', 250);
      const response = await server.call('POST', '/api/user/', { as: admin, body: { username: 'carol', display_name: 'Carol', password: 'carol-password' } });
      expect(response.json()).toMatchObject({ success: true, message: 'user created', data: { username: 'carol', display_name: 'Carol', role: 1, quota: 250 } });
      const carol = await row(response.json().data.id);
      expect(bcrypt.compareSync('carol-password', carol.password)).toBe(true);
      expect((await server.call('POST', '/api/user/login', { body: { username: 'carol', password: 'carol-password' } })).json().success).toBe(true);
      await server.context.options.set('QuotaForNewUser', 0);
    });

    it('lets root create an administrator but never a role at or above the creator', async () => {
      const made = await server.call('POST', '/api/user/', { as: root, body: { username: 'admin3', password: 'admin3-password', role: 10 } });
      expect(made.json().data.role).toBe(10);
      const cases: Array<[Actor, Record<string, unknown>, number, string, string]> = [
        [admin, { username: 'x', password: 'x-password', role: 10 }, 403, 'cannot create a user with a role greater than or equal to your own', 'forbidden'],
        [root, { username: 'x', password: 'x-password', role: 100 }, 403, 'cannot create a user with a role greater than or equal to your own', 'forbidden'],
        [admin, { username: '', password: 'x-password' }, 400, 'username and password cannot be empty', 'user_credentials_required'],
        [admin, { username: 'x', display_name: 'X' }, 400, 'username and password cannot be empty', 'user_credentials_required'],
        [admin, { username: 'x', password: 'short' }, 400, 'the password must be at least 8 characters', 'bad_request'],
        [admin, { username: 'x', password: 'x-password', display_name: 'd'.repeat(21) }, 400, 'the display name must be at most 20 characters', 'bad_request'],
        [admin, { username: 'alice', password: 'x-password' }, 409, 'the username already exists or has been deactivated', 'conflict'],
        [admin, { username: 'gone', password: 'x-password' }, 409, 'the username already exists or has been deactivated', 'conflict'],
      ];
      for (const [as, body, status, message, code] of cases) {
        const response = await server.call('POST', '/api/user/', { as, body });
        expect(response.statusCode, message).toBe(status);
        expect(response.json(), message).toEqual({ success: false, message, code });
      }
    });
  });

  it('GET /api/user/{id} returns lower-role users; root sees everyone', async () => {
    expect((await server.call('GET', `/api/user/${alice.user.id}`, { as: admin })).json().data).toMatchObject({ id: alice.user.id, username: 'alice' });
    const peer = await server.call('GET', `/api/user/${otherAdmin.user.id}`, { as: admin });
    expect(peer.statusCode).toBe(403);
    expect(peer.json().message).toBe('no permission to view a user of the same or higher role');
    expect((await server.call('GET', `/api/user/${otherAdmin.user.id}`, { as: root })).json().data.username).toBe('admin2');
    const missing = await server.call('GET', '/api/user/99999', { as: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('user does not exist');
    const invalid = await server.call('GET', '/api/user/abc', { as: admin });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('id: invalid user id');
  });

  describe('PUT /api/user/', () => {
    it('updates profile, group, password and quota; a quota change writes a management log', async () => {
      const response = await server.call('PUT', '/api/user/', {
        as: admin,
        body: { id: alice.user.id, username: 'alice', display_name: 'Alice L.', group: 'vip', quota: 501000, password: 'reset-password' },
      });
      expect(response.json()).toMatchObject({ success: true, message: 'user updated', data: { display_name: 'Alice L.', group: 'vip', quota: 501000 } });
      const updated = await row(alice.user.id);
      expect(bcrypt.compareSync('reset-password', updated.password)).toBe(true);
      const logs = await manageLogs(alice.user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: 3, content: 'admin changed quota from $0.002000 to $1.002000', username: 'alice', quota: 500000 });
      expect(JSON.parse(logs[0].other)).toEqual({ admin_id: admin.user.id, admin_username: 'admin' });

      await server.call('PUT', '/api/user/', { as: admin, body: { id: alice.user.id, display_name: 'Alice' } });
      expect(await row(alice.user.id)).toMatchObject({ display_name: 'Alice', quota: 501000, group: 'vip' });
      expect(await manageLogs(alice.user.id)).toHaveLength(1);
    });

    it('refuses same or higher roles and bad values', async () => {
      const cases: Array<[Actor, Record<string, unknown>, number, string, string]> = [
        [admin, { id: otherAdmin.user.id, quota: 1 }, 403, 'no permission to update a user of the same or higher role', 'forbidden'],
        [admin, { id: root.user.id, quota: 1 }, 403, 'no permission to update a user of the same or higher role', 'forbidden'],
        [admin, { id: alice.user.id, username: 'bob' }, 409, 'the username already exists', 'conflict'],
        [admin, { id: alice.user.id, quota: 1.5 }, 400, 'quota: quota must be an integer', 'user_quota_not_integer'],
        [admin, { id: alice.user.id, group: '' }, 400, 'the group must be 1 to 64 characters', 'user_group_invalid'],
        [admin, { id: alice.user.id, password: 'short' }, 400, 'the password must be at least 8 characters', 'bad_request'],
        [admin, { username: 'x' }, 400, 'id: invalid user id', 'user_id_invalid'],
        [admin, { id: 99999 }, 404, 'user does not exist', 'not_found'],
      ];
      for (const [as, body, status, message, code] of cases) {
        const response = await server.call('PUT', '/api/user/', { as, body });
        expect(response.statusCode, message).toBe(status);
        expect(response.json(), message).toEqual({ success: false, message, code });
      }
      expect((await server.call('PUT', '/api/user/', { as: root, body: { id: otherAdmin.user.id, display_name: 'Second' } })).json().success).toBe(true);
    });
  });

  describe('POST /api/user/manage', () => {
    const manage = (as: Actor, id: number, action: string) => server.call('POST', '/api/user/manage', { as, body: { id, action } });

    it('disables, enables, promotes and demotes, answering status and role and logging each action', async () => {
      const dan = await server.createUser({ username: 'dan' });
      const steps: Array<[Actor, string, { status: number; role: number }]> = [
        [admin, 'disable', { status: 2, role: 1 }],
        [admin, 'enable', { status: 1, role: 1 }],
        [root, 'promote', { status: 1, role: 10 }],
        [root, 'demote', { status: 1, role: 1 }],
      ];
      for (const [as, action, data] of steps) {
        expect((await manage(as, dan.user.id, action)).json(), action).toEqual({ success: true, message: '', data });
        expect(await row(dan.user.id), action).toMatchObject(data);
      }
      expect((await manageLogs(dan.user.id)).map((log) => log.content)).toEqual([
        'admin disabled the user',
        'admin enabled the user',
        'admin promoted the user to administrator',
        'admin demoted the user to ordinary user',
      ]);
    });

    it('deletes softly: the user stays listed as deactivated, cannot log in and cannot be acted on', async () => {
      const erin = await server.createUser({ username: 'erin', password: 'erin-password' });
      expect((await manage(admin, erin.user.id, 'delete')).json()).toEqual({ success: true, message: '', data: { status: 1, role: 1 } });
      expect((await row(erin.user.id)).deleted_at).toBeGreaterThan(0);
      expect((await manageLogs(erin.user.id)).map((log) => log.content)).toEqual(['admin deleted the user']);
      expect((await server.call('POST', '/api/user/login', { body: { username: 'erin', password: 'erin-password' } })).json().message).toBe('wrong username or password');
      expect((await server.call('GET', '/api/user/self', { as: erin })).statusCode).toBe(401);
      const again = await manage(admin, erin.user.id, 'enable');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('the user has been deactivated');
    });

    it('enforces the role rules and the state rules with their messages', async () => {
      const frank = await server.createUser({ username: 'frank', status: 3 });
      const grace = await server.createUser({ username: 'grace', role: 10 });
      const cases: Array<[Actor, number, string, number, string, string]> = [
        [admin, root.user.id, 'demote', 403, 'the super administrator cannot be demoted', 'forbidden'],
        [admin, root.user.id, 'disable', 403, 'the super administrator cannot be disabled', 'forbidden'],
        [admin, root.user.id, 'delete', 403, 'the super administrator cannot be deleted', 'forbidden'],
        [root, root.user.id, 'disable', 403, 'the super administrator cannot be disabled', 'forbidden'],
        [root, root.user.id, 'delete', 403, 'the super administrator cannot be deleted', 'forbidden'],
        [root, root.user.id, 'enable', 403, 'no permission to manage a user of the same or higher role', 'forbidden'],
        [admin, otherAdmin.user.id, 'disable', 403, 'no permission to manage a user of the same or higher role', 'forbidden'],
        [admin, admin.user.id, 'disable', 403, 'no permission to manage a user of the same or higher role', 'forbidden'],
        [admin, root.user.id, 'promote', 403, 'no permission to manage a user of the same or higher role', 'forbidden'],
        [admin, frank.user.id, 'promote', 403, 'only the super administrator can promote users to administrator', 'forbidden'],
        [root, grace.user.id, 'promote', 400, 'the user is already an administrator', 'bad_request'],
        [root, frank.user.id, 'demote', 400, 'the user is already an ordinary user', 'bad_request'],
        [admin, frank.user.id, 'enable', 400, 'this user cannot be enabled: status 3 blocks the enable action', 'bad_request'],
        [admin, 99999, 'disable', 404, 'user does not exist', 'not_found'],
        [admin, frank.user.id, 'ban', 400, 'action: the action must be one of promote, demote, disable, enable, delete', 'user_action_invalid'],
      ];
      for (const [as, id, action, status, message, code] of cases) {
        const response = await manage(as, id, action);
        expect(response.statusCode, `${action} ${message}`).toBe(status);
        expect(response.json(), `${action} ${message}`).toEqual({ success: false, message, code });
      }
      expect(await row(root.user.id)).toMatchObject({ role: 100, status: 1, deleted_at: null });
      expect(await row(frank.user.id)).toMatchObject({ role: 1, status: 3 });
      expect(await manageLogs(frank.user.id)).toHaveLength(0);
    });
  });

  it('DELETE /api/user/{id} deactivates a lower-role user with the manage rules', async () => {
    const hank = await server.createUser({ username: 'hank' });
    expect((await server.call('DELETE', `/api/user/${hank.user.id}`, { as: admin })).json()).toEqual({ success: true, message: 'user deleted' });
    expect((await row(hank.user.id)).deleted_at).toBeGreaterThan(0);
    expect((await manageLogs(hank.user.id)).map((log) => log.content)).toEqual(['admin deleted the user']);
    expect((await server.call('DELETE', `/api/user/${hank.user.id}`, { as: admin })).statusCode).toBe(404);
    const rootDelete = await server.call('DELETE', `/api/user/${root.user.id}`, { as: admin });
    expect(rootDelete.json()).toEqual({ success: false, message: 'the super administrator cannot be deleted', code: 'forbidden' });
    const peer = await server.call('DELETE', `/api/user/${otherAdmin.user.id}`, { as: admin });
    expect(peer.statusCode).toBe(403);
    expect(peer.json().message).toBe('no permission to manage a user of the same or higher role');
  });

  it('GET /api/group/ lists the GroupRatio group names', async () => {
    await server.context.options.set('GroupRatio', { default: 1, vip: 1.2, svip: 2 });
    expect((await server.call('GET', '/api/group/', { as: admin })).json()).toEqual({ success: true, message: '', data: ['default', 'vip', 'svip'] });
  });
});
