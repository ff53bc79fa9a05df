// The abilities index: one row per (group, model, channel) with the channel's routing fields, derived from the channels table.
import { ChannelStatus, splitNameList } from '@turnpike/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AbilitiesTable, ChannelRow, Database } from '../db/schema';

/** One row of the abilities table. */
export type AbilityRow = Selectable<AbilitiesTable>;

/** The channel columns the index is derived from. */
export type AbilitySource = Pick<ChannelRow, 'id' | 'group' | 'models' | 'status' | 'priority' | 'weight' | 'tag'>;

/** Columns to read when only the index is needed. */
export const abilitySourceColumns = ['id', 'group', 'models', 'status', 'priority', 'weight', 'tag'] as const;

/** Rows per INSERT and ids per IN list: well under every engine's bound-parameter limit. */
const batchSize = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** The index rows of one channel: every group × every model, enabled only while the channel is enabled. */
export function abilityRowsFor(channel: AbilitySource): AbilityRow[] {
  const rows: AbilityRow[] = [];
  const models = splitNameList(channel.models);
  for (const group of splitNameList(channel.group)) {
    for (const model of models) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled: channel.status === ChannelStatus.Enabled ? 1 : 0,
        priority: channel.priority ?? 0,
        weight: channel.weight ?? 0,
        tag: channel.tag ?? '',
      });
    }
  }
  return rows;
}

async function insertRows(db: Kysely<Database>, rows: AbilityRow[]): Promise<void> {
  for (const batch of chunks(rows, batchSize)) await db.insertInto('abilities').values(batch).execute();
}

/** Replaces the index rows of the given channels; run it inside the transaction that changed them. */
export async function replaceAbilities(db: Kysely<Database>, channels: readonly AbilitySource[]): Promise<void> {
  for (const ids of chunks(channels.map((channel) => channel.id), batchSize)) {
    await db.deleteFrom('abilities').where('channel_id', 'in', ids).execute();
  }
  await insertRows(db, channels.flatMap(abilityRowsFor));
}

/** Removes the index rows of deleted channels. */
export async function removeAbilities(db: Kysely<Database>, channelIds: readonly number[]): Promise<void> {
  for (const ids of chunks(channelIds, batchSize)) await db.deleteFrom('abilities').where('channel_id', 'in', ids).execute();
}

/** Rebuilds the whole index from the channels table (run inside a transaction); returns how many channels it covers. */
export async function rebuildAllAbilities(db: Kysely<Database>): Promise<number> {
  const channels = await db.selectFrom('channels').select(abilitySourceColumns).execute();
  await db.deleteFrom('abilities').execute();
  await insertRows(db, channels.flatMap(abilityRowsFor));
  return channels.length;
}
