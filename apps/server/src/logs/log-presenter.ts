// Turns log rows into the usage log records of spec 001 §3, for admins or for the row's own user.
import type { UsageLogItem } from '@turnpike/contract';
import type { LogRow } from '../db/schema';

/** Keys of `other` only admins see (which channels were tried, upstream conversion and rejection details). */
const adminOnlyOtherKeys = ['admin_info', 'request_conversion', 'reject_reason'];

/** Who reads the record: admins see channels and admin details, users see their own rows without them. */
export type LogAudience = 'admin' | 'user';

/** The `other` JSON without its admin-only keys; text that is not a JSON object is withheld. */
function userOther(text: string | null): string {
  if (!text) return '';
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return '{}';
    const kept = Object.entries(value as Record<string, unknown>).filter(([key]) => !adminOnlyOtherKeys.includes(key));
    return JSON.stringify(Object.fromEntries(kept));
  } catch {
    return '{}';
  }
}

/** The record of one row; `channelName` gives the channel's current name (the stored one is used when it is gone). */
export function presentLog(row: LogRow, audience: LogAudience, channelName: (id: number) => string | undefined): UsageLogItem {
  const admin = audience === 'admin';
  return {
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at,
    type: row.type,
    content: row.content ?? '',
    username: row.username,
    token_name: row.token_name,
    token_id: row.token_id,
    model_name: row.model_name,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: Boolean(row.is_stream),
    channel: admin ? row.channel_id : 0,
    channel_name: admin && row.channel_id ? (channelName(row.channel_id) ?? row.channel_name) : '',
    group: row.group,
    ip: row.ip,
    request_id: row.request_id,
    other: admin ? (row.other ?? '') : userOther(row.other),
  };
}
