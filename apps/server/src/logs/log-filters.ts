// The usage-log filters of spec 001 §7: read from a query string, turned into conditions on the logs table.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { parseInput } from '../http/envelope';

/** What a log list or statistic is narrowed to; absent fields do not filter. */
export interface LogFilter {
  /** 0 = every type. */
  type: number;
  userId?: number;
  username?: string;
  tokenName?: string;
  /** Exact name, or a LIKE pattern when it contains `%` (as new-api's `model_name like ?`). */
  modelName?: string;
  /** Inclusive bounds in seconds. */
  startTimestamp?: number;
  endTimestamp?: number;
  channelId?: number;
  group?: string;
}

const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

/** A non-negative whole number in a query; empty means absent. */
export const queryCount = (name: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).min(0, `${name} must not be negative`).optional());

/** A text filter in a query, trimmed; empty means absent. */
export const queryText = (name: string) =>
  z.preprocess((value) => blankToUndefined(typeof value === 'string' ? value.trim() : value), z.string({ error: `${name} must be text` }).max(255, `${name} is too long`).optional());

const logQuerySchema = z.object({
  type: queryCount('type'),
  username: queryText('username'),
  token_name: queryText('token_name'),
  model_name: queryText('model_name'),
  start_timestamp: queryCount('start_timestamp'),
  end_timestamp: queryCount('end_timestamp'),
  channel: queryCount('channel'),
  group: queryText('group'),
});

/** Reads the filters of `GET /api/log/` (admin) or `/api/log/self/` (the caller's own rows; no username or channel filter). */
export function readLogFilter(query: unknown, scope: { admin: true } | { admin: false; userId: number }): LogFilter {
  const input = parseInput(logQuerySchema, query);
  const filter: LogFilter = {
    type: input.type ?? 0,
    tokenName: input.token_name,
    modelName: input.model_name,
    startTimestamp: input.start_timestamp || undefined,
    endTimestamp: input.end_timestamp || undefined,
    group: input.group,
  };
  if (!scope.admin) return { ...filter, userId: scope.userId };
  return { ...filter, username: input.username, channelId: input.channel || undefined };
}

/** `model_name = name`, or `model_name LIKE name` when the caller wrote a `%` wildcard (`_` and `!` stay literal). */
function modelNameCondition(eb: ExpressionBuilder<Database, 'logs'>, name: string): Expression<SqlBool> {
  if (!name.includes('%')) return eb('model_name', '=', name);
  const pattern = name.replace(/[!_]/g, (character) => '!' + character);
  return sql<SqlBool>`${sql.ref('model_name')} LIKE ${pattern} ESCAPE '!'`;
}

/** The conditions of a filter, to be joined with AND (an empty list matches every row). */
export function logConditions(eb: ExpressionBuilder<Database, 'logs'>, filter: LogFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.userId !== undefined) conditions.push(eb('user_id', '=', filter.userId));
  // With a user, `+type` keeps SQLite (no statistics unless ANALYZE ran) on (user_id, created_at) rather than (type, created_at).
  if (filter.type) conditions.push(filter.userId !== undefined ? sql<SqlBool>`+${sql.ref('type')} = ${filter.type}` : eb('type', '=', filter.type));
  if (filter.startTimestamp !== undefined) conditions.push(eb('created_at', '>=', filter.startTimestamp));
  if (filter.endTimestamp !== undefined) conditions.push(eb('created_at', '<=', filter.endTimestamp));
  if (filter.username) conditions.push(eb('username', '=', filter.username));
  if (filter.tokenName) conditions.push(eb('token_name', '=', filter.tokenName));
  if (filter.modelName) conditions.push(modelNameCondition(eb, filter.modelName));
  if (filter.channelId !== undefined) conditions.push(eb('channel_id', '=', filter.channelId));
  if (filter.group) conditions.push(eb('group', '=', filter.group));
  return conditions;
}
