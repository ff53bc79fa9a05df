// Shared set-up for the channel API tests: a server with an admin, an ordinary user, and shortcuts for channels and abilities.
import { expect } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './test-server';

/** A running server with the actors channel tests use. */
export interface ChannelTestKit {
  server: TestServer;
  admin: Actor;
  user: Actor;
  /** Creates a channel through the API and returns its public view. */
  createChannel(overrides?: Record<string, unknown>): Promise<Record<string, unknown> & { id: number }>;
  /** The abilities rows of a channel, sorted by group then model. */
  abilitiesOf(channelId: number): Promise<Array<{ group: string; model: string; enabled: number; priority: number; weight: number; tag: string }>>;
  /** The stored row of a channel, key included. */
  storedChannel(channelId: number): Promise<Record<string, unknown> | undefined>;
}

let sequence = 0;

/** A valid create body; `overrides` replace fields. */
export function channelBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return { name: `channel-${sequence}`, type: 1, key: `sk-secret-${sequence}`, models: 'gpt-4o,gpt-4o-mini', group: 'default', ...overrides };
}

/** Starts a server (SQLite unless `environment.SQL_DSN` names another database) with an admin (role 10) and an ordinary user (role 1). */
export async function startChannelTestKit(environment: Record<string, string> = {}): Promise<ChannelTestKit> {
  const server = await startTestServer(environment);
  const admin = await server.createUser({ username: 'channel-admin', role: 10 });
  const user = await server.createUser({ username: 'channel-user', role: 1 });
  return {
    server,
    admin,
    user,
    async createChannel(overrides = {}) {
      const response = await server.call('POST', '/api/channel/', { as: admin, body: channelBody(overrides) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
    async abilitiesOf(channelId) {
      const rows = await server.context.db
        .selectFrom('abilities')
        .select(['group', 'model', 'enabled', 'priority', 'weight', 'tag'])
        .where('channel_id', '=', channelId)
        .orderBy('group')
        .orderBy('model')
        .execute();
      return rows.map((row) => ({ ...row, enabled: Number(row.enabled), priority: Number(row.priority), weight: Number(row.weight) }));
    },
    async storedChannel(channelId) {
      return server.context.db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirst();
    },
  };
}
