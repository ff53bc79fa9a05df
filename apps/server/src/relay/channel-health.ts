// Channel health after a failed attempt: which failures are worth a retry, and when a channel is switched off.
import { channelRepository } from '../channels/channel-repository';
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
export function shouldAutoDisable(context: AppContext, channel: Pick<ChannelRoute, 'autoBan'>, failure: AttemptFailure): boolean {
  if (!context.options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
  if (failure.status === 401) return true;
  const message = failure.message.toLowerCase();
  return context.options
    .string('AutomaticDisableKeywords')
    .split(/\r?\n/)
    .map((keyword) => keyword.trim().toLowerCase())
    .some((keyword) => keyword !== '' && message.includes(keyword));
}

/** Switches a channel off automatically (status 3, with reason and time); manually disabled channels are left alone. */
export async function autoDisableChannel(context: AppContext, channelId: number, reason: string): Promise<boolean> {
  const disabled = await channelRepository(context).markAutoDisabled(channelId, reason);
  if (disabled) context.log.warn({ channelId, reason }, 'channel disabled automatically');
  return disabled;
}
