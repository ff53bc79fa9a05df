// The caches the relay reads on every call: API keys by key and users by id, invalidated through the change bus.
import type { Kysely } from 'kysely';
import type { ChangeBus } from '../cluster/change-bus';
import { EntityCache } from '../cluster/entity-cache';
import type { ApiKeyRow, Database, UserRow } from '../db/schema';

/** Read-through caches shared by the relay and invalidated by the routes that change the rows. */
export interface RelayCaches {
  apiKeys: EntityCache<string, ApiKeyRow>;
  users: EntityCache<number, UserRow>;
}

const ttlMs = 60_000;

/** Builds the caches; a change on any instance reaches every instance through the bus. */
export function createRelayCaches(db: Kysely<Database>, bus: ChangeBus): RelayCaches {
  return {
    apiKeys: new EntityCache<string, ApiKeyRow>(
      'api-key',
      bus,
      async (key) => (await db.selectFrom('tokens').selectAll().where('key', '=', key).where('deleted_at', 'is', null).executeTakeFirst()) ?? null,
      ttlMs,
    ),
    users: new EntityCache<number, UserRow>(
      'user',
      bus,
      async (id) => (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
      ttlMs,
      100_000,
      Number,
    ),
  };
}
