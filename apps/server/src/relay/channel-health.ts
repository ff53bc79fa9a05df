// Channel health after a failed attempt: which failures are worth a retry, and when a channel is switched off.
import { ChannelStatus } from '@turnpike/contract';
import type { AppContext } from '../context';
import type { ChannelRoute } from './routing-table';

/** What an attempt's failure means for the call. */
export interface AttemptFailure {
  /** HTTP status from the upstream, or 0 for connection errors and timeouts. */
  status: number;
  message: string;
  /** The upstream's error body, forwarded to the client when this is the final failure. */
  body: unknown;
}

/** Retry on connection errors, timeouts, auth failures of the channel's key, 429 and 5xx; never on the caller's own 4xx. */
export function isRetryable(failure: AttemptFailure): boolean {
  const status = failure.status;
  return status === 0 || status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;
}

/** True when the failure should switch the channel off (status 3): its key is refused or a configured keyword matches. */
export function shouldAutoDisable(context: AppContext, channel: ChannelRoute, failure: AttemptFailure): boolean {
  if (!context.options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
  if (failure.status === 401) return true;
  const message = failure.message.toLowerCase();
  return context.options
    .string('AutomaticDisableKeywords')
    .split(/\r?\n/)
    .map((keyword) => keyword.trim().toLowerCase())
    .some((keyword) => keyword !== '' && message.includes(keyword));
}

/** Marks a channel automatically disabled with its reason and time; manually disabled channels are left alone. */
export async function autoDisableChannel(context: AppContext, channelId: number, reason: string): Promise<boolean> {
  const row = await context.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', channelId).executeTakeFirst();
  if (!row || row.status !== ChannelStatus.Enabled) return false;
  let info: Record<string, unknown> = {};
  try {
    info = JSON.parse(row.other_info || '{}') as Record<string, unknown>;
  } catch {
    info = {};
  }
  const otherInfo = JSON.stringify({ ...info, status_reason: reason.slice(0, 500), status_time: Math.floor(Date.now() / 1000) });
  const result = await context.db
    .updateTable('channels')
    .set({ status: ChannelStatus.AutoDisabled, other_info: otherInfo })
    .where('id', '=', channelId)
    .where('status', '=', ChannelStatus.Enabled)
    .executeTakeFirst();
  await context.db.updateTable('abilities').set({ enabled: 0 }).where('channel_id', '=', channelId).execute();
  context.bus.publish('channel', String(channelId));
  context.log.warn({ channelId, reason }, 'channel disabled automatically');
  return Number(result.numUpdatedRows) === 1;
}
