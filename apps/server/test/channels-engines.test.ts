import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelRepository } from '../src/channels/channel-repository';
import { startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

// The channel SQL that differs by engine (ids inside transactions, LIKE escaping, sub-selects, reserved `group`),
// on real PostgreSQL and MariaDB servers.
describe.each([
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('channels on %s', (_engine, lease) => {
  let database: ServiceLease;
  let kit: ChannelTestKit;

  beforeAll(async () => {
    database = await lease();
    kit = await startChannelTestKit({ SQL_DSN: database.url });
  });
  afterAll(async () => {
    await kit?.server.stop();
    // Let pg-pool's closing clients finish before the database goes away (see users-engines.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => kit.server.call(method, url, { as: kit.admin, body });

  it('creates a batch in one transaction with abilities for every channel', async () => {
    const body = (await call('POST', '/api/channel/', { mode: 'batch', name: 'pg', key: 'k1\nk2', models: 'm1,m2', group: 'default,vip', tag: 'fleet', priority: 4 })).json();
    expect(body.data.map((channel: { id: number }) => typeof channel.id)).toEqual(['number', 'number']);
    expect(await kit.abilitiesOf(body.data[1].id)).toEqual([
      { group: 'default', model: 'm1', enabled: 1, priority: 4, weight: 0, tag: 'fleet' },
      { group: 'default', model: 'm2', enabled: 1, priority: 4, weight: 0, tag: 'fleet' },
      { group: 'vip', model: 'm1', enabled: 1, priority: 4, weight: 0, tag: 'fleet' },
      { group: 'vip', model: 'm2', enabled: 1, priority: 4, weight: 0, tag: 'fleet' },
    ]);
  });

  it('lists in tag mode and searches by group, model and literal keyword', async () => {
    await kit.createChannel({ name: 'under_score', models: 'claude-x', priority: 9 });
    await kit.createChannel({ name: 'underXscore', models: 'gpt-y' });
    const tagMode = (await call('GET', '/api/channel/?tag_mode=true')).json().data;
    expect(tagMode.items.map((row: { is_tag?: boolean; tag: string; name: string }) => (row.is_tag ? `tag:${row.tag}` : row.name))).toEqual(['under_score', 'tag:fleet', 'underXscore']);
    const search = async (query: string) => (await call('GET', `/api/channel/search?${query}`)).json().data.items.map((row: { name: string }) => row.name);
    expect(await search('keyword=r_s')).toEqual(['under_score']);
    expect(await search('group=vip')).toEqual(['pg', 'pg']);
    expect(await search('model=claude')).toEqual(['under_score']);
  });

  it('updates, edits tags, fixes, auto-disables and deletes', async () => {
    const channel = await kit.createChannel({ models: 'm9' });
    expect((await call('PUT', '/api/channel/', { id: channel.id, status: 2, priority: -2 })).json().data).toMatchObject({ status: 2, priority: -2 });
    expect((await call('PUT', '/api/channel/tag', { tag: 'fleet', weight: 3 })).json().data).toBe(2);
    const total = (await call('GET', '/api/channel/')).json().data.total;
    expect((await call('POST', '/api/channel/fix')).json().data).toBe(total);
    await call('PUT', '/api/channel/', { id: channel.id, status: 1 });
    expect(await channelRepository(kit.server.context).markAutoDisabled(channel.id, 'invalid key')).toBe(true);
    expect(await kit.abilitiesOf(channel.id)).toEqual([{ group: 'default', model: 'm9', enabled: 0, priority: -2, weight: 0, tag: '' }]);
    expect((await call('DELETE', '/api/channel/disabled')).json().data).toBe(1);
    expect((await call('GET', '/api/channel/models_enabled')).json().data).toEqual(['claude-x', 'gpt-y', 'm1', 'm2']);
  });
});
