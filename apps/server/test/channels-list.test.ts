import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';

type Row = { id: number; name: string; tag: string; priority: number; is_tag?: boolean; children?: Row[] } & Record<string, unknown>;

describe('/api/channel list and search', () => {
  let kit: ChannelTestKit;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    kit = await startChannelTestKit();
    const specs: Array<[string, Record<string, unknown>]> = [
      ['alpha', { priority: 0, key: 'sk-needle-alpha', base_url: 'https://alpha.example.com' }],
      ['beta', { priority: 10, group: 'default,vip', models: 'claude-sonnet-4' }],
      ['gamma', { priority: 5, tag: 'pool', type: 14, models: 'claude-opus-4' }],
      ['delta', { priority: 1, tag: 'pool', status: 2, type: 14 }],
      ['epsilon', { priority: 0, tag: 'solo' }],
      ['zeta', { priority: 20, type: 43, models: 'deepseek-chat' }],
    ];
    for (const [name, fields] of specs) ids[name] = (await kit.createChannel({ name, ...fields })).id;
  });
  afterAll(() => kit.server.stop());

  const get = async (url: string) => {
    const response = await kit.server.call('GET', url, { as: kit.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const names = (rows: Row[]) => rows.map((row) => row.name);

  it('orders by priority (highest first) then newest, pages, and never includes keys', async () => {
    const response = await get('/api/channel/?p=1&page_size=4');
    const data = response.json().data;
    expect(data).toMatchObject({ total: 6, page: 1, page_size: 4 });
    expect(names(data.items)).toEqual(['zeta', 'beta', 'gamma', 'delta']);
    expect(names((await get('/api/channel/?p=2&page_size=4')).json().data.items)).toEqual(['epsilon', 'alpha']);
    expect(response.body).not.toMatch(/sk-needle|sk-secret/);
    for (const item of data.items) expect(item).not.toHaveProperty('key');
    expect(data.type_counts).toEqual({ '1': 3, '14': 2, '43': 1 });
  });

  it('orders by id, newest first, with id_sort=true', async () => {
    const items = (await get('/api/channel/?p=1&page_size=10&id_sort=true')).json().data.items;
    expect(names(items)).toEqual(['zeta', 'epsilon', 'delta', 'gamma', 'beta', 'alpha']);
  });

  it('filters the list by type and status', async () => {
    expect(names((await get('/api/channel/?type=14')).json().data.items)).toEqual(['gamma', 'delta']);
    expect(names((await get('/api/channel/?status=disabled')).json().data.items)).toEqual(['delta']);
    expect((await get('/api/channel/?status=enabled')).json().data.total).toBe(5);
  });

  it('folds tagged channels into one row per tag in tag mode, with children', async () => {
    const data = (await get('/api/channel/?p=1&page_size=10&tag_mode=true')).json().data;
    expect(data.total).toBe(5);
    const rows: Row[] = data.items;
    expect(rows.map((row) => (row.is_tag ? `tag:${row.tag}` : row.name))).toEqual(['zeta', 'beta', 'tag:pool', 'tag:solo', 'alpha']);
    const pool = rows[2];
    expect(pool).toMatchObject({ is_tag: true, tag: 'pool', name: 'pool', channel_count: 2, priority: -1, weight: -1, type: 14, status: 1, models: 'claude-opus-4,gpt-4o,gpt-4o-mini', group: 'default' });
    expect(names(pool.children ?? [])).toEqual(['gamma', 'delta']);
    for (const child of pool.children ?? []) expect(child).not.toHaveProperty('key');
    expect(rows[0]).not.toHaveProperty('is_tag');
    const second = (await get('/api/channel/?p=2&page_size=2&tag_mode=true')).json().data;
    expect(second.items.map((row: Row) => (row.is_tag ? `tag:${row.tag}` : row.name))).toEqual(['tag:pool', 'tag:solo']);
    expect(second.total).toBe(5);
  });

  it('searches by name, tag, base URL and exact id, never by key', async () => {
    const search = async (query: string) => names((await get(`/api/channel/search?${query}`)).json().data.items);
    expect(await search('keyword=amm')).toEqual(['gamma']);
    expect(await search('keyword=pool')).toEqual(['gamma', 'delta']);
    expect(await search('keyword=alpha.example')).toEqual(['alpha']);
    expect(await search(`keyword=${ids.epsilon}`)).toContain('epsilon');
    expect(await search('keyword=sk-needle')).toEqual([]);
    expect(await search('keyword=%25')).toEqual([]);
  });

  it('searches by exact group and by model substring, combined with the keyword', async () => {
    const search = async (query: string) => names((await get(`/api/channel/search?${query}`)).json().data.items);
    expect(await search('group=vip')).toEqual(['beta']);
    expect(await search('group=vi')).toEqual([]);
    expect(await search('model=claude')).toEqual(['beta', 'gamma']);
    expect(await search('model=claude&keyword=gam')).toEqual(['gamma']);
    expect(await search('model=deepseek&id_sort=true')).toEqual(['zeta']);
  });

  it('answers search in tag mode with the same row shape and a page envelope', async () => {
    const data = (await get('/api/channel/search?keyword=a&tag_mode=true')).json().data;
    expect(data).toMatchObject({ page: 1, page_size: 10 });
    const rows: Row[] = data.items;
    expect(rows.map((row) => (row.is_tag ? `tag:${row.tag}` : row.name))).toEqual(['zeta', 'beta', 'tag:pool', 'alpha']);
    expect(names(rows[2].children ?? [])).toEqual(['gamma', 'delta']);
    expect(JSON.stringify(data)).not.toMatch(/sk-needle|sk-secret/);
  });
});
