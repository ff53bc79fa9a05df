// Where a channel's Realtime WebSocket is and how it is opened: per channel type, a registry of targets. Azure takes
// its `/openai/realtime?api-version=…&deployment=…` URL and the `api-key` header; every type that speaks the OpenAI
// API (OpenAI, custom and the OpenAI-compatible ones) takes its adaptor's URL for `/v1/realtime` with `?model=` and
// its own auth headers, the scheme turned to ws(s).
import { azureDeploymentName, findProvider, findProviderAdaptor } from '@turnpike/providers';
import WebSocket from 'ws';
import type { ChannelRoute } from '../relay/routing-table';

/** An upstream Realtime socket to open. */
export interface RealtimeTarget {
  url: string;
  headers: Record<string, string>;
}

/** Builds a channel type's target for `model` (the upstream name). */
type TargetBuilder = (channel: ChannelRoute, model: string) => RealtimeTarget;

/** Azure's default API version for Realtime (its GA versions before it have no Realtime). */
export const azureRealtimeApiVersion = '2025-04-01-preview';

function toSocketScheme(url: string): string {
  return url.replace(/^http(s?):\/\//i, (_match, secure: string) => `ws${secure}://`);
}

const azureTarget: TargetBuilder = (channel, model) => {
  const base = channel.baseUrl.replace(/\/+$/, '');
  const version = channel.other.trim() || azureRealtimeApiVersion;
  const query = new URLSearchParams({ 'api-version': version, deployment: azureDeploymentName(model) });
  return { url: toSocketScheme(`${base}/openai/realtime?${query.toString()}`), headers: { 'api-key': channel.key } };
};

/** The header names an OpenAI-style adaptor authenticates with, the ones a socket keeps. */
const authHeaders = ['authorization', 'openai-organization', 'api-key'];

const openAiTarget: TargetBuilder = (channel, model) => {
  const adaptor = findProviderAdaptor(channel.type);
  if (!adaptor) throw new Error(`channel type ${channel.type} has no adaptor`);
  const built = adaptor.buildRequest({ channel, path: '/v1/realtime', body: '', contentType: 'application/json', model, stream: false });
  const headers: Record<string, string> = {};
  for (const name of authHeaders) if (built.headers[name] !== undefined) headers[name] = built.headers[name];
  const separator = built.url.includes('?') ? '&' : '?';
  return { url: toSocketScheme(`${built.url}${separator}model=${encodeURIComponent(model)}`), headers };
};

/** Targets by channel type where the type needs its own; other OpenAI-speaking types use `openAiTarget`. */
const targetsByType: ReadonlyMap<number, TargetBuilder> = new Map([[3, azureTarget]]);

/** The channel's Realtime target, or null when its type has no Realtime API. */
export function realtimeTarget(channel: ChannelRoute, model: string): RealtimeTarget | null {
  const own = targetsByType.get(channel.type);
  if (own) return own(channel, model);
  if (findProvider(channel.type)?.format !== 'openai' || !findProviderAdaptor(channel.type)) return null;
  return openAiTarget(channel, model);
}

/** Frames that arrived before the session ran, in order. */
export type EarlyFrames = Array<{ data: Buffer; binary: boolean }>;

/** Keeps the frames that arrive before the session is running, in order, with the socket paused meanwhile. */
export function bufferEarly(socket: WebSocket): EarlyFrames {
  const early: EarlyFrames = [];
  socket.on('message', (data: Buffer, binary: boolean) => early.push({ data, binary }));
  socket.pause();
  return early;
}

/** Opens the upstream socket (its first frames kept); rejects with the upstream's refusal (its HTTP status when it answered one). */
export function openUpstream(target: RealtimeTarget, extraHeaders: Record<string, string>, maxPayload: number): Promise<{ socket: WebSocket; early: EarlyFrames }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, { headers: { ...extraHeaders, ...target.headers }, maxPayload, handshakeTimeout: 30_000, perMessageDeflate: false });
    const failed = (error: Error & { status?: number }): void => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      reject(error);
    };
    socket.once('open', () => {
      socket.removeAllListeners();
      resolve({ socket, early: bufferEarly(socket) });
    });
    socket.once('error', failed);
    socket.once('unexpected-response', (_request, response) => {
      const error: Error & { status?: number } = new Error(`upstream refused the Realtime session: ${response.statusCode ?? 0}`);
      error.status = response.statusCode ?? 0;
      response.resume();
      socket.terminate();
      failed(error);
    });
  });
}
