import { defaultOptionText, optionDefinitions } from '@turnpike/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('option API', () => {
  let server: TestServer;
  let root: Actor;
  let admin: Actor;
  let member: Actor;

  beforeEach(async () => {
    server = await startTestServer();
    root = await server.createUser({ username: 'root', role: 100 });
    admin = await server.createUser({ username: 'admin', role: 10 });
    member = await server.createUser({ username: 'member', role: 1 });
  });
  afterEach(async () => {
    await server.stop();
  });

  const put = (key: string, value: unknown, as: Actor = root) => server.call('PUT', '/api/option/', { as, body: { key, value } });

  it('lists every registered option as {key, value} for root', async () => {
    const response = await server.call('GET', '/api/option/', { as: root });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const entries = body.data as Array<{ key: string; value: string }>;
    expect(entries).toHaveLength(optionDefinitions.size);
    const byKey = new Map(entries.map((entry) => [entry.key, entry.value]));
    expect(byKey.get('SystemName')).toBe('Turnpike');
    expect(byKey.get('QuotaPerUnit')).toBe('500000');
    expect(byKey.get('DrawingEnabled')).toBe('false');
    expect(byKey.get('ModelRatio')).toBe(defaultOptionText('ModelRatio'));
  });

  it('never returns a secret option in clear', async () => {
    const secrets = [...optionDefinitions.values()].filter((definition) => definition.secret).map((definition) => definition.key);
    for (const key of secrets) expect((await put(key, `secret-${key}`)).statusCode).toBe(200);
    const response = await server.call('GET', '/api/option/', { as: root });
    const byKey = new Map((response.json().data as Array<{ key: string; value: string }>).map((entry) => [entry.key, entry.value]));
    for (const key of secrets) {
      expect(byKey.get(key)).toBe('');
      expect(server.context.options.text(key)).toBe(`secret-${key}`);
    }
    expect(response.body).not.toContain('secret-');
  });

  it('is for admins (spec 000 §6): visitors get 401, users 403, admins may read and write', async () => {
    const calls: Array<[method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown]> = [
      ['GET', '/api/option/'],
      ['PUT', '/api/option/', { key: 'SystemName', value: 'x' }],
      ['POST', '/api/option/rest_model_ratio'],
    ];
    for (const [method, url, body] of calls) {
      expect((await server.call(method, url, { body })).statusCode).toBe(401);
      const response = await server.call(method, url, { as: member, body });
      expect(response.statusCode).toBe(403);
      expect(response.json().success).toBe(false);
    }
    expect(server.context.options.text('SystemName')).toBe('Turnpike');
    expect((await server.call('GET', '/api/option/', { as: admin })).statusCode).toBe(200);
    expect((await put('SystemName', 'By an admin', admin)).statusCode).toBe(200);
    expect(server.context.options.text('SystemName')).toBe('By an admin');
    await put('SystemName', 'Turnpike');
  });

  it('stores strings, numbers and booleans as text, in memory and in the database', async () => {
    expect((await put('SystemName', 'My Gateway')).json()).toMatchObject({ success: true });
    expect((await put('QuotaPerUnit', 1000)).statusCode).toBe(200);
    expect((await put('DrawingEnabled', true)).statusCode).toBe(200);
    expect((await put('ModelRatio', '{"my-model":1.5}')).statusCode).toBe(200);
    const { options, db } = server.context;
    expect(options.text('SystemName')).toBe('My Gateway');
    expect(options.number('QuotaPerUnit')).toBe(1000);
    expect(options.bool('DrawingEnabled')).toBe(true);
    expect(options.json<Record<string, number>>('ModelRatio')).toEqual({ 'my-model': 1.5 });
    const rows = await db.selectFrom('options').select(['key', 'value']).where('key', 'in', ['QuotaPerUnit', 'DrawingEnabled']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'DrawingEnabled', value: 'true' },
      { key: 'QuotaPerUnit', value: '1000' },
    ]);
    expect((await server.call('GET', '/api/status')).json().data).toMatchObject({ system_name: 'My Gateway', quota_per_unit: 1000, enable_drawing: true });
  });

  it.each([
    ['ModelRatio', '{not json', 'ModelRatio: not a valid JSON string'],
    ['DrawingEnabled', 'yes', 'DrawingEnabled must be true or false'],
    ['QuotaPerUnit', 'abc', 'QuotaPerUnit: please enter a number'],
    ['RetryTimes', 1.5, 'RetryTimes must be an integer'],
    ['DataExportInterval', 0, 'DataExportInterval must be at least 1'],
    ['NoSuchOption', 'x', 'unknown option: NoSuchOption'],
  ])('refuses %s = %j with "%s"', async (key, value, message) => {
    const before = server.context.options.text(key);
    const response = await put(key, value);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, code: 'bad_request' });
    expect(server.context.options.text(key)).toBe(before);
  });

  it('refuses a body without a value or with an object value', async () => {
    expect((await server.call('PUT', '/api/option/', { as: root, body: { key: 'SystemName' } })).statusCode).toBe(400);
    expect((await put('SystemName', { nested: true })).statusCode).toBe(400);
  });

  it('keeps a stored secret when the value is empty', async () => {
    expect((await put('SMTPToken', 'smtp-password')).statusCode).toBe(200);
    const kept = await put('SMTPToken', '');
    expect(kept.statusCode).toBe(200);
    expect(kept.json().success).toBe(true);
    expect(server.context.options.text('SMTPToken')).toBe('smtp-password');
  });

  it('refuses to switch on a login method whose settings are missing', async () => {
    const refused = await put('GitHubOAuthEnabled', true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('GitHub Client Id');
    expect(server.context.options.bool('GitHubOAuthEnabled')).toBe(false);
    await put('GitHubClientId', 'client-id');
    await put('GitHubClientSecret', 'client-secret');
    expect((await put('GitHubOAuthEnabled', 'true')).statusCode).toBe(200);
    expect(server.context.options.bool('GitHubOAuthEnabled')).toBe(true);
    expect((await put('GitHubOAuthEnabled', false)).statusCode).toBe(200);
  });

  it('lets root set the top-up link', async () => {
    expect((await put('TopUpLink', 'https://shop.example.com', admin)).statusCode).toBe(403);
    expect((await put('TopUpLink', 'https://shop.example.com')).statusCode).toBe(200);
    expect((await server.call('GET', '/api/status')).json().data.top_up_link).toBe('https://shop.example.com');
  });

  it('POST /api/option/rest_model_ratio puts the four pricing maps back to their defaults', async () => {
    const keys = ['ModelRatio', 'CompletionRatio', 'ModelPrice', 'CacheRatio'];
    for (const key of keys) expect((await put(key, '{"custom-model":3}')).statusCode).toBe(200);
    await put('GroupRatio', '{"default":2}');
    const response = await server.call('POST', '/api/option/rest_model_ratio', { as: root });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    for (const key of keys) {
      expect(server.context.options.text(key)).toBe(defaultOptionText(key));
      const row = await server.context.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirstOrThrow();
      expect(row.value).toBe(defaultOptionText(key));
    }
    expect(server.context.options.text('GroupRatio')).toBe('{"default":2}');
  });
});
