// The in-memory routing table: enabled channels by (group, model), rebuilt whenever a channel changes anywhere.
import { ChannelStatus } from '@turnpike/contract';
import { parseModelMapping, type ChannelCandidate, type ModelMapping } from '@turnpike/relay';
import type { Kysely } from 'kysely';
import type { ChangeBus } from '../cluster/change-bus';
import type { ChannelRow, Database } from '../db/schema';

/** What the relay needs of one channel, parsed once per rebuild. */
export interface ChannelRoute extends ChannelCandidate {
  type: number;
  name: string;
  status: number;
  baseUrl: string;
  key: string;
  organization: string;
  other: string;
  autoBan: boolean;
  modelMapping: ModelMapping | undefined;
  statusCodeMapping: Record<string, string>;
  paramOverride: Record<string, unknown> | null;
  setting: Record<string, unknown>;
  models: string[];
  groups: string[];
}

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text || !text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const splitList = (text: string | null): string[] => (text ?? '').split(',').map((item) => item.trim()).filter(Boolean);

/** Parses a channel row into its route. */
export function toChannelRoute(row: ChannelRow): ChannelRoute {
  const statusCodeMapping = Object.fromEntries(Object.entries(parseObject(row.status_code_mapping) ?? {}).map(([from, to]) => [from, String(to)]));
  return {
    id: row.id,
    priority: Number(row.priority),
    weight: row.weight,
    type: row.type,
    name: row.name,
    status: row.status,
    baseUrl: row.base_url,
    key: row.key,
    organization: row.openai_organization,
    other: row.other ?? '',
    autoBan: row.auto_ban === 1,
    modelMapping: safeMapping(row.model_mapping),
    statusCodeMapping,
    paramOverride: parseObject(row.param_override),
    setting: parseObject(row.setting) ?? {},
    models: splitList(row.models),
    groups: splitList(row.group),
  };
}

function safeMapping(text: string | null): ModelMapping | undefined {
  try {
    return parseModelMapping(text);
  } catch {
    return undefined;
  }
}

/** Enabled channels by group and model; every channel by id (for pinning and health updates). */
export class RoutingTable {
  private byGroup = new Map<string, Map<string, ChannelRoute[]>>();
  private byId = new Map<number, ChannelRoute>();
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;

  private constructor(private readonly db: Kysely<Database>) {}

  /** Loads the table and keeps it current through 'channel' change notices and bus resyncs. */
  static async open(db: Kysely<Database>, bus: ChangeBus): Promise<RoutingTable> {
    const table = new RoutingTable(db);
    await table.reload();
    // A failed rebuild keeps the current table; the periodic resync catches up.
    bus.subscribe('channel', () => void table.reload().catch(() => undefined));
    bus.onResync(() => table.reload());
    return table;
  }

  /** Rebuilds from the database; calls during a rebuild coalesce into one more rebuild. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        const rows = await this.db.selectFrom('channels').selectAll().execute();
        this.build(rows.map(toChannelRoute));
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private build(routes: ChannelRoute[]): void {
    const byGroup = new Map<string, Map<string, ChannelRoute[]>>();
    for (const route of routes) {
      if (route.status !== ChannelStatus.Enabled) continue;
      for (const group of route.groups) {
        const models = byGroup.get(group) ?? new Map<string, ChannelRoute[]>();
        for (const model of route.models) models.set(model, [...(models.get(model) ?? []), route]);
        byGroup.set(group, models);
      }
    }
    // Frozen lists: callers cannot change them, and channel selection may keep their priority tiers.
    for (const models of byGroup.values()) for (const list of models.values()) Object.freeze(list);
    this.byGroup = byGroup;
    this.byId = new Map(routes.map((route) => [route.id, route]));
  }

  /** Enabled channels serving `model` in `group`. */
  candidates(group: string, model: string): readonly ChannelRoute[] {
    return this.byGroup.get(group)?.get(model) ?? [];
  }

  /** Any channel by id, whatever its status. */
  channel(id: number): ChannelRoute | undefined {
    return this.byId.get(id);
  }

  /** Models served by enabled channels in any of `groups`, sorted. */
  models(groups: readonly string[]): string[] {
    const names = new Set<string>();
    for (const group of groups) for (const model of this.byGroup.get(group)?.keys() ?? []) names.add(model);
    return [...names].sort();
  }

  /** Every model served by an enabled channel, with the groups that serve it (both sorted). */
  modelGroups(): Map<string, string[]> {
    const groupsByModel = new Map<string, string[]>();
    for (const [group, models] of this.byGroup) for (const model of models.keys()) groupsByModel.set(model, [...(groupsByModel.get(model) ?? []), group]);
    return new Map([...groupsByModel.keys()].sort().map((model) => [model, (groupsByModel.get(model) ?? []).sort()]));
  }
}
