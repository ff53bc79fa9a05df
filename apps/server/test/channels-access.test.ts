import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';

/** Every admin-only channel route with a body that would succeed for an admin. */
const adminRoutes: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown]> = [
  ['GET', '/api/channel/?p=1&page_size=10'],
  ['GET', '/api/channel/search?keyword=x'],
  ['GET', '/api/channel/models'],
  ['GET', '/api/channel/models_enabled'],
  ['GET', '/api/channel/{id}'],
  ['POST', '/api/channel/', { name: 'x', key: 'k', models: 'm' }],
  ['PUT', '/api/channel/', { id: '{id}', priority: 1 }],
  ['DELETE', '/api/channel/{id}/'],
  ['DELETE', '/api/channel/disabled'],
  ['POST', '/api/channel/batch', { ids: ['{id}'] }],
  ['POST', '/api/channel/fix'],
  ['POST', '/api/channel/copy/{id}'],
  ['PUT', '/api/channel/tag', { tag: 'guarded', priority: 1 }],
  ['POST', '/api/channel/tag/enabled', { tag: 'guarded' }],
  ['POST', '/api/channel/tag/disabled', { tag: 'guarded' }],
  ['POST', '/api/channel/batch/tag', { ids: ['{id}'], tag: 'guarded' }],
  ['GET', '/api/channel/tag/models?tag=guarded'],
];

describe('channel routes are admin-only', () => {
  let kit: ChannelTestKit;
  let channelId: number;

  beforeAll(async () => {
    kit = await startChannelTestKit();
    channelId = (await kit.createChannel({ tag: 'guarded' })).id;
  });
  afterAll(() => kit.server.stop());

  const fill = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll('"{id}"', String(channelId)).replaceAll('{id}', String(channelId))) ?? undefined;

  it.each(adminRoutes)('%s %s: visitor 401, ordinary user 403', async (method, url, body) => {
    const path = url.replace('{id}', String(channelId));
    const visitor = await kit.server.call(method, path, { body: fill(body) });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: 'not logged in or login expired, please log in again', code: 'unauthorized' });
    const user = await kit.server.call(method, path, { as: kit.user, body: fill(body) });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ success: false, message: 'no permission: insufficient role', code: 'forbidden' });
    expect(await kit.storedChannel(channelId)).toMatchObject({ priority: 0, tag: 'guarded', status: 1 });
  });

  it('lets an admin call every one of them', async () => {
    for (const [method, url, body] of adminRoutes) {
      if (method === 'DELETE' || url.includes('/batch')) continue;
      const response = await kit.server.call(method, url.replace('{id}', String(channelId)), { as: kit.admin, body: fill(body) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
  });

  it('lets visitors not read /api/models but any user may', async () => {
    expect((await kit.server.call('GET', '/api/models')).statusCode).toBe(401);
    expect((await kit.server.call('GET', '/api/models', { as: kit.user })).statusCode).toBe(200);
  });

  it('declares the admin access level on every channel route in the route catalog', async () => {
    const { registeredRoutes } = await import('../src/http/route-catalog');
    const channelRoutes = registeredRoutes(kit.server.app).filter((route) => route.url.startsWith('/api/channel'));
    expect(channelRoutes.length).toBeGreaterThanOrEqual(adminRoutes.length);
    // Revealing a channel key is root's alone (with a security proof), as in new-api.
    for (const route of channelRoutes) expect(route.access, `${route.method} ${route.url}`).toBe(route.url === '/api/channel/:id/key' ? 'root' : 'admin');
  });
});
