// Channel writes: every change updates the channels table and the abilities index in one transaction, then announces itself.
import { ChannelStatus, type ChannelSettings } from '@turnpike/contract';
import type { Insertable, Kysely } from 'kysely';
import type { ChangeBus } from '../cluster/change-bus';
import type { AppContext } from '../context';
import type { DatabaseHandle } from '../db/connect';
import { insertWithId } from '../db/insert-with-id';
import type { ChannelRow, ChannelsTable, Database } from '../db/schema';
import { rebuildAllAbilities, removeAbilities, replaceAbilities } from './ability-index';

/** Change-bus topic of channel changes; the id is the channel id, or '*' after a bulk change. */
export const channelChangeTopic = 'channel';

/** A new channel row (everything but the generated id). */
export type NewChannelRow = Omit<Insertable<ChannelsTable>, 'id'>;

/** What a mutation may set on stored channels: the settable fields plus bookkeeping columns. */
export type ChannelPatch = Partial<ChannelSettings & Pick<ChannelRow, 'other_info' | 'balance' | 'used_quota' | 'test_time' | 'response_time'>>;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function parseObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The `other_info` text after a status change: status_time records when, status_reason why
 * (kept only for automatic disabling; a manual change removes the stale reason).
 */
export function otherInfoForStatus(otherInfo: string | null | undefined, reason: string | null, at: number): string {
  const info = parseObject(otherInfo);
  info.status_time = at;
  if (reason === null) delete info.status_reason;
  else info.status_reason = reason;
  return JSON.stringify(info);
}

/** A new channel row from its settings, with zeroed counters. */
export function newChannelRow(settings: ChannelSettings, createdTime = nowSeconds()): NewChannelRow {
  return {
    ...settings,
    created_time: createdTime,
    test_time: 0,
    response_time: 0,
    balance: 0,
    balance_updated_time: 0,
    used_quota: 0,
    other_info: '',
  };
}

/** The stored channel settings of a row (the fields an update may change). */
export function settingsOf(row: ChannelRow): ChannelSettings {
  return {
    type: row.type,
    name: row.name,
    key: row.key,
    openai_organization: row.openai_organization ?? '',
    test_model: row.test_model ?? '',
    base_url: row.base_url ?? '',
    other: row.other ?? '',
    models: row.models ?? '',
    group: row.group ?? '',
    model_mapping: row.model_mapping ?? '',
    status_code_mapping: row.status_code_mapping ?? '',
    setting: row.setting ?? '',
    param_override: row.param_override ?? '',
    auto_ban: row.auto_ban,
    priority: row.priority,
    weight: row.weight,
    tag: row.tag ?? '',
    status: row.status,
    max_input_tokens: row.max_input_tokens,
  };
}

const idChunk = 200;
/** Above this many changed channels one '*' notice replaces the per-channel ones. */
const bulkNoticeThreshold = 20;
/** Longest auto-disable reason kept in `other_info`. */
const maximumReasonLength = 500;

/** Reads and writes channels; one instance per server (see `channelRepository`). */
export class ChannelRepository {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly bus: ChangeBus,
  ) {}

  private get db(): Kysely<Database> {
    return this.database.db;
  }

  /** Publishes one notice per channel, or a single '*' for a bulk change. */
  private announce(ids: readonly number[] | '*'): void {
    if (ids === '*' || ids.length > bulkNoticeThreshold) this.bus.publish(channelChangeTopic, '*');
    else for (const id of ids) this.bus.publish(channelChangeTopic, String(id));
  }

  /** One channel with its key, or undefined. */
  async find(id: number): Promise<ChannelRow | undefined> {
    return this.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Channels with exactly this tag, with keys. */
  async findByTag(tag: string): Promise<ChannelRow[]> {
    return this.db.selectFrom('channels').selectAll().where('tag', '=', tag).orderBy('id', 'asc').execute();
  }

  /** Inserts channels and their abilities in one transaction; returns the stored rows in input order. */
  async create(rows: readonly NewChannelRow[]): Promise<ChannelRow[]> {
    const created = await this.db.transaction().execute(async (transaction) => {
      const handle: DatabaseHandle = { db: transaction, kind: this.database.kind };
      const stored: ChannelRow[] = [];
      for (const row of rows) {
        const id = await insertWithId(handle, 'channels', row);
        stored.push(await transaction.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
      }
      await replaceAbilities(transaction, stored);
      return stored;
    });
    this.announce(created.map((row) => row.id));
    return created;
  }

  /**
   * Applies `change` to each listed channel (it returns the patch, or null to skip the row) and
   * rebuilds their abilities, all in one transaction. A status change stamps `other_info`.
   * Returns the updated rows.
   */
  async mutate(select: { ids: readonly number[] } | { tag: string }, change: (row: ChannelRow) => ChannelPatch | null, statusReason: string | null = null): Promise<ChannelRow[]> {
    const updated = await this.db.transaction().execute(async (transaction) => {
      const rows: ChannelRow[] = [];
      if ('tag' in select) rows.push(...(await transaction.selectFrom('channels').selectAll().where('tag', '=', select.tag).execute()));
      else {
        for (let index = 0; index < select.ids.length; index += idChunk) {
          const ids = select.ids.slice(index, index + idChunk);
          rows.push(...(await transaction.selectFrom('channels').selectAll().where('id', 'in', ids).execute()));
        }
      }
      const results: ChannelRow[] = [];
      const now = nowSeconds();
      for (const row of rows) {
        const patch = change(row);
        if (!patch) continue;
        if (patch.status !== undefined && patch.status !== row.status && patch.other_info === undefined) {
          patch.other_info = otherInfoForStatus(row.other_info, statusReason, now);
        }
        if (Object.keys(patch).length > 0) {
          // A status change applies only if no one changed the status meanwhile (concurrent auto-disable and manual edits).
          const statusChanges = patch.status !== undefined && patch.status !== row.status;
          const update = transaction.updateTable('channels').set(patch).where('id', '=', row.id);
          const result = await (statusChanges ? update.where('status', '=', row.status) : update).executeTakeFirst();
          if (statusChanges && Number(result.numUpdatedRows) === 0) continue;
        }
        results.push({ ...row, ...patch });
      }
      await replaceAbilities(transaction, results);
      return results;
    });
    this.announce(updated.map((row) => row.id));
    return updated;
  }

  /** Updates one channel; undefined when it does not exist. */
  async update(id: number, patch: ChannelPatch): Promise<ChannelRow | undefined> {
    const [row] = await this.mutate({ ids: [id] }, () => ({ ...patch }));
    return row;
  }

  /** Deletes channels and their abilities; returns how many existed. */
  async delete(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const deleted = await this.db.transaction().execute(async (transaction) => {
      let count = 0;
      for (let index = 0; index < ids.length; index += idChunk) {
        const chunk = ids.slice(index, index + idChunk);
        const result = await transaction.deleteFrom('channels').where('id', 'in', chunk).executeTakeFirst();
        count += Number(result.numDeletedRows);
      }
      await removeAbilities(transaction, ids);
      return count;
    });
    if (deleted > 0) this.announce(ids);
    return deleted;
  }

  /** Deletes every manually or automatically disabled channel (status 2 or 3); returns the count. */
  async deleteDisabled(): Promise<number> {
    const rows = await this.db.selectFrom('channels').select('id').where('status', 'in', [ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled]).execute();
    return this.delete(rows.map((row) => row.id));
  }

  /** Rebuilds the whole abilities index from the channels table; returns how many channels it covers. */
  async rebuildAbilities(): Promise<number> {
    const count = await this.db.transaction().execute((transaction) => rebuildAllAbilities(transaction));
    this.announce('*');
    return count;
  }

  /**
   * The relay's auto-disable: an enabled channel becomes status 3 with the reason and time in
   * `other_info`. A channel that is not enabled (manually disabled, already auto-disabled, gone)
   * is left alone; returns true when this call disabled it.
   */
  async markAutoDisabled(id: number, reason: string): Promise<boolean> {
    const rows = await this.mutate({ ids: [id] }, (row) => (row.status === ChannelStatus.Enabled ? { status: ChannelStatus.AutoDisabled } : null), reason.slice(0, maximumReasonLength));
    return rows.length > 0;
  }

  /** The periodic test's auto-enable: only an auto-disabled channel (status 3) becomes enabled; true when it did. */
  async markAutoEnabled(id: number): Promise<boolean> {
    const rows = await this.mutate({ ids: [id] }, (row) => (row.status === ChannelStatus.AutoDisabled ? { status: ChannelStatus.Enabled } : null));
    return rows.length > 0;
  }
}

const repositories = new WeakMap<AppContext, ChannelRepository>();

/** The channel repository of a running server. */
export function channelRepository(context: AppContext): ChannelRepository {
  let repository = repositories.get(context);
  if (!repository) {
    repository = new ChannelRepository(context.database, context.bus);
    repositories.set(context, repository);
  }
  return repository;
}
