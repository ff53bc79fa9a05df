import { findProvider, providerDescriptors } from '@turnpike/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChannelTestKit, type ChannelTestKit } from './helpers/channel-test-kit';

describe('/api/channel/models, /api/channel/models_enabled, /api/models', () => {
  let kit: ChannelTestKit;

  beforeAll(async () => {
    kit = await startChannelTestKit();
    await kit.createChannel({ models: 'my-private-model,gpt-4o' });
    await kit.createChannel({ models: 'disabled-only-model', status: 2 });
    await kit.createChannel({ models: 'shared-model', group: 'default,vip' });
  });
  afterAll(() => kit.server.stop());

  it('lists every known model as {id}: descriptor defaults plus channel models, sorted and distinct', async () => {
    const data: Array<{ id: string }> = (await kit.server.call('GET', '/api/channel/models', { as: kit.admin })).json().data;
    const ids = data.map((item) => item.id);
    expect(data[0]).toEqual({ id: ids[0] });
    expect(ids).toContain('my-private-model');
    expect(ids).toContain('disabled-only-model');
    expect(ids).toContain('claude-sonnet-4-20250514');
    expect(ids).toContain('mj_imagine');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    const known = new Set([...providerDescriptors.flatMap((descriptor) => descriptor.defaultModels), 'my-private-model', 'disabled-only-model', 'shared-model']);
    expect(ids.length).toBe(known.size);
  });

  it('lists the distinct models of enabled channels only', async () => {
    const response = await kit.server.call('GET', '/api/channel/models_enabled', { as: kit.admin });
    expect(response.json()).toEqual({ success: true, message: '', data: ['gpt-4o', 'my-private-model', 'shared-model'] });
  });

  it('maps every channel type to its default models for any signed-in user', async () => {
    const response = await kit.server.call('GET', '/api/models', { as: kit.user });
    const data: Record<string, string[]> = response.json().data;
    expect(Object.keys(data).map(Number).sort((a, b) => a - b)).toEqual(providerDescriptors.map((descriptor) => descriptor.type));
    expect(data['43']).toEqual([...(findProvider(43)?.defaultModels ?? [])]);
    expect(data['36']).toEqual(['suno_music', 'suno_lyrics']);
    expect(data['8']).toEqual([]);
  });
});
