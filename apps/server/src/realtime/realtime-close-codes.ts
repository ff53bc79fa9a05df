// How a Realtime session ends: the close code and reason the client gets, and the `error` event sent before the close
// when the end is the gateway's decision. Codes 4000–4999 are the application's (RFC 6455 §7.4.2); each mirrors the
// HTTP status of the same refusal.

/** One way a session ends. */
export interface RealtimeEnding {
  code: number;
  /** The close frame's reason (at most 123 bytes) and the metrics label. */
  reason: string;
  /** The Realtime `error` event's `type` and `code`, when the client is told why before the close. */
  error?: { type: string; code: string };
}

/** Every ending, by name. */
export const realtimeEndings = {
  /** The client closed the session. */
  clientClosed: { code: 1000, reason: 'client_closed' },
  /** The server is shutting down; finished responses are billed. */
  shutdown: { code: 1001, reason: 'server_shutting_down', error: { type: 'server_error', code: 'server_shutting_down' } },
  /** The upstream closed or failed. */
  upstreamClosed: { code: 1011, reason: 'upstream_closed', error: { type: 'server_error', code: 'upstream_closed' } },
  /** The balance cannot cover another response. */
  insufficientQuota: { code: 4402, reason: 'insufficient_quota', error: { type: 'insufficient_quota', code: 'insufficient_quota' } },
  /** Nothing was sent either way for RealtimeIdleTimeoutSeconds. */
  idle: { code: 4408, reason: 'idle_timeout', error: { type: 'invalid_request_error', code: 'idle_timeout' } },
  /** The session lasted RealtimeMaxSessionSeconds. */
  deadline: { code: 4410, reason: 'session_deadline', error: { type: 'invalid_request_error', code: 'session_deadline' } },
} as const satisfies Record<string, RealtimeEnding>;

/** Refusals before the session starts (after the upgrade, so that browsers can read them): the same shape. */
export function refusalEnding(status: number, code: string): RealtimeEnding {
  if (code.includes('quota')) return realtimeEndings.insufficientQuota;
  const type = status >= 500 ? 'server_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error';
  return { code: 4000 + status, reason: code, error: { type, code } };
}

/** A Realtime `error` event. */
export function errorEvent(ending: RealtimeEnding, message: string): string {
  return JSON.stringify({
    type: 'error',
    event_id: `event_turnpike_${ending.reason}`,
    error: { type: ending.error?.type ?? 'server_error', code: ending.error?.code ?? ending.reason, message, param: null, event_id: null },
  });
}
