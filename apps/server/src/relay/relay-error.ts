// A relay failure with its HTTP status; each inbound format renders it in its own error shape.
import type { FormatId } from '@turnpike/formats';

/** The error shape of calls without a chat format (the OpenAI endpoints) and of their upstreams: OpenAI's. */
export const defaultErrorFormat: FormatId = 'openai-chat';

/** Error categories, named after OpenAI's `type` values. */
export type RelayErrorType = 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'rate_limit_error' | 'insufficient_quota' | 'upstream_error' | 'server_error';

/** A failure to answer in the caller's format. */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: RelayErrorType,
    readonly code: string | null = null,
    /** What went wrong in full (internal addresses, provider errors): kept in the admins' view of the log row, never answered. */
    readonly detail: string | null = null,
    /** The request field an upstream named as the fault (OpenAI's `param`), passed on to callers whose format has it. */
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

/** What an ordinary caller is told when no upstream could be reached: no address or error text of ours, the request id to quote. */
export const upstreamUnavailableMessage = (requestId: string): string => `upstream unavailable (request id: ${requestId})`;

/**
 * What a caller is told when the upstream refused the channel's own credentials: a fault of the gateway's configuration,
 * not of the caller's key, so it is no 401 (which every SDK reads as "your key is wrong") but a 502 naming the request id.
 */
export const upstreamCredentialsMessage = (requestId: string): string => `the upstream refused the channel's credentials; your API key is not at fault (request id: ${requestId})`;

/** The text of anything thrown (undici rejects aborted bodies with whatever the signal carried, possibly nothing). */
export function thrownText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** 401 for a missing, unknown or unusable key. */
export const keyError = (message: string, code = 'invalid_api_key'): RelayError => new RelayError(401, message, 'authentication_error', code);
/** 403 for what the key may not do. */
export const permissionError = (message: string, code: string | null = null): RelayError => new RelayError(403, message, 'permission_error', code);
/** 400 for a malformed request. */
export const requestError = (message: string, code: string | null = null): RelayError => new RelayError(400, message, 'invalid_request_error', code);
