// Builders for relay tests: channels pointing at the mock upstream, their provider settings, and API keys for users.
import { rebuildAllAbilities } from '../../src/channels/ability-index';
import type { Actor, TestServer } from './test-server';

/** Inserts a channel and reloads the routing table; returns its id. */
export async function addChannel(
  server: TestServer,
  fields: { baseUrl: string; models: string; key?: string; type?: number; group?: string; priority?: number; weight?: number; name?: string; modelMapping?: string; statusCodeMapping?: string; autoBan?: number; status?: number },
): Promise<number> {
  const result = await server.context.db
    .insertInto('channels')
    .values({
      type: fields.type ?? 1,
      key: fields.key ?? 'upstream-key',
      openai_organization: '',
      test_model: '',
      status: fields.status ?? 1,
      name: fields.name ?? `channel-${Math.random().toString(36).slice(2, 8)}`,
      weight: fields.weight ?? 0,
      created_time: Math.floor(Date.now() / 1000),
      test_time: 0,
      response_time: 0,
      base_url: fields.baseUrl,
      other: '',
      balance: 0,
      balance_updated_time: 0,
      models: fields.models,
      group: fields.group ?? 'default',
      used_quota: 0,
      model_mapping: fields.modelMapping ?? '',
      status_code_mapping: fields.statusCodeMapping ?? '',
      priority: fields.priority ?? 0,
      auto_ban: fields.autoBan ?? 1,
      other_info: '',
      tag: '',
      setting: '',
      param_override: '',
      max_input_tokens: 0,
    })
    .executeTakeFirstOrThrow();
  // Keep the abilities index in step, as the channel API does (user model lists and models_enabled read it).
  await rebuildAllAbilities(server.context.db);
  await server.context.relay.routing.reload();
  return Number(result.insertId);
}

/** Creates an API key through the API as the given user and returns `sk-…`. */
export async function addApiKey(server: TestServer, as: Actor, body: Record<string, unknown> = {}): Promise<{ key: string; id: number }> {
  const response = await server.call('POST', '/api/token/', { as, body: { name: 'test-key', unlimited_quota: true, ...body } });
  const data = response.json().data as { key: string; id: number };
  if (!data?.key) throw new Error(`creating a key failed: ${response.body}`);
  return { key: `sk-${data.key}`, id: data.id };
}

/** Sets a channel's `other` value (region, bot id, version) and reloads the routing table. */
export async function setChannelOther(server: TestServer, channelId: number, other: string): Promise<void> {
  await server.context.db.updateTable('channels').set({ other }).where('id', '=', channelId).execute();
  await server.context.relay.routing.reload();
}
