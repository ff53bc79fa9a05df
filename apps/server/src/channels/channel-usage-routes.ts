// `GET /api/channel/test_upstream/{id}`: which groups and client types have used a channel, from its recent logs.
import { LogType, type ChannelClientUse, type ChannelGroupUse } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';

/** How far back the detection reads: the newest rows of the channel. */
const scannedRows = 10_000;

/** A client type's counts before it is named: the contract's shape without `client_type`. */
type Seen = Omit<ChannelClientUse, 'client_type'>;

const idParam = z.object({ id: z.coerce.number().int().positive('invalid channel id') });

function widen(seen: Seen | undefined, at: number): Seen {
  if (!seen) return { count: 1, first_seen: at, last_seen: at };
  return { count: seen.count + 1, first_seen: Math.min(seen.first_seen, at), last_seen: Math.max(seen.last_seen, at) };
}

/** Summarises consumption rows by group and client type (the `client_type` the relay records in each row). */
export function summariseChannelUse(rows: Array<{ group: string; created_at: number; other: string | null }>): ChannelGroupUse[] {
  const groups = new Map<string, { seen: Seen; clients: Map<string, Seen> }>();
  for (const row of rows) {
    let clientType = 'unknown';
    try {
      const other = JSON.parse(row.other || '{}') as { client_type?: unknown };
      if (typeof other.client_type === 'string' && other.client_type) clientType = other.client_type;
    } catch {
      clientType = 'unknown';
    }
    const entry = groups.get(row.group) ?? { seen: { count: 0, first_seen: row.created_at, last_seen: row.created_at }, clients: new Map<string, Seen>() };
    entry.seen = widen(entry.seen.count === 0 ? undefined : entry.seen, row.created_at);
    entry.clients.set(clientType, widen(entry.clients.get(clientType), row.created_at));
    groups.set(row.group, entry);
  }
  return [...groups.entries()]
    .map(([group, { seen, clients }]) => ({
      group,
      first_seen: seen.first_seen,
      last_seen: seen.last_seen,
      client_types: [...clients.entries()].map(([client_type, use]) => ({ client_type, ...use })).sort((left, right) => right.count - left.count),
    }))
    .sort((left, right) => right.last_seen - left.last_seen);
}

/** Registers the channel usage detection route (admin). */
export function registerChannelUsageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/channel/test_upstream/:id', accessFor(context)('admin'), async (request) => {
    const { id } = parseInput(idParam, request.params);
    const channel = await context.db.selectFrom('channels').select('id').where('id', '=', id).executeTakeFirst();
    if (!channel) throw notFound('channel not found, refresh and retry');
    const rows = await context.db
      .selectFrom('logs')
      .select(['group', 'created_at', 'other'])
      .where('channel_id', '=', id)
      .where('type', '=', LogType.Consume)
      .orderBy('id', 'desc')
      .limit(scannedRows)
      .execute();
    return success({ groups: summariseChannelUse(rows) });
  });
}
