// Channel health after a failed attempt: which failures are worth a retry, and when a channel is switched off.
// What a status means is the provider's call (`classifyFailureFor`); the keyword list is the operator's.
import { classifyFailureFor } from '@turnpike/providers';
import { channelRepository } from '../channels/channel-repository';
import type { AppContext } from '../context';
import type { ChannelRoute } from './routing-table';
import type { ReadableUpstreamError } from './upstream-error-text';

/** What an attempt's failure means for the call. */
export interface AttemptFailure {
  /** HTTP status from the upstream, or 0 for connection errors and timeouts. */
  status: number;
  message: string;
  /** The upstream's error body, forwarded to the client when this is the final failure. */
  body: unknown;
  /** The channel cannot serve this kind of call at all (no upstream was asked): not a failure of the channel. */
  unservable?: true;
  /** What a caller may read of an upstream's refusal (message, code, param without the channel's secrets or addresses). */
  readable?: ReadableUpstreamError;
  /** The refusal as the admins' view of the log row keeps it (addresses stay, the channel's secrets never). */
  detail?: string;
}

/** Retry on failures that belong to the channel (connection errors, timeouts, refused keys, 429, 5xx); never on the caller's own 4xx. */
export function isRetryable(channel: Pick<ChannelRoute, 'type'>, failure: AttemptFailure): boolean {
  return classifyFailureFor(channel.type, failure.status, failure.body) !== 'client';
}

/** The upstream refused the channel's own key or token (401, or what the provider says means a refused key): the gateway's fault, not the caller's. */
export function refusesChannelCredentials(channel: Pick<ChannelRoute, 'type'>, failure: AttemptFailure): boolean {
  return failure.status === 401 || classifyFailureFor(channel.type, failure.status, failure.body) === 'disable';
}

/** True when the failure should switch the channel off (status 3): the provider says its key is refused, or a configured keyword matches. */
export function shouldAutoDisable(context: AppContext, channel: Pick<ChannelRoute, 'autoBan' | 'type'>, failure: AttemptFailure): boolean {
  if (!context.options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
  if (classifyFailureFor(channel.type, failure.status, failure.body) === 'disable') return true;
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
  if (disabled) context.metrics?.channelStatusChanged(channelId, 'auto_disabled');
  if (disabled) context.log.warn({ channelId, reason }, 'channel disabled automatically');
  return disabled;
}
