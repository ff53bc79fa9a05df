// The Realtime endpoint: `GET /v1/realtime?model=` (and Azure's `/openai/realtime?deployment=`) upgraded to a
// WebSocket on the server's own HTTP server. The key is checked before the upgrade (a refused key is an HTTP 401/403);
// everything after it (model limits, price, rate limit, the first hold, the channel) is answered after the upgrade as
// a Realtime `error` event and a close code, which browsers can read. Sessions end cleanly at shutdown, their money
// settled, before the server closes.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import { resolveMappedModel, selectChannel } from '@turnpike/relay';
import type { FastifyInstance } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import type { AppServices } from '../app-services';
import { newRequestId } from '../http/request-id';
import { admitModelRequest, recordModelRequestSuccess } from '../rate-limit/model-request-limit';
import { authenticateCaller, type RelayCaller } from '../relay/relay-caller';
import { RelayError } from '../relay/relay-error';
import { parseRelayKey } from '../relay/relay-key';
import { checkModelLimits, priceCall } from '../relay/relay-pipeline';
import type { RelayServices } from '../relay/relay-services';
import { RealtimeBudget } from './realtime-budget';
import { errorEvent, realtimeEndings, refusalEnding, type RealtimeEnding } from './realtime-close-codes';
import { answeredProtocol, realtimeModel, realtimePaths, realtimeRawKey, wantsBeta } from './realtime-handshake';
import { realtimeLogWriter, type RealtimeLogContext } from './realtime-log-rows';
import { RealtimeSession } from './realtime-session';
import { bufferEarly, openUpstream, realtimeTarget, type EarlyFrames } from './realtime-upstream';

/** Output limit of a model the catalog does not know, when DefaultMaxOutputTokens is not set lower: OpenAI's Realtime maximum. */
const realtimeOutputTokens = 4096;

/** Writes an HTTP refusal on a socket that asked to upgrade, in OpenAI's error shape. */
function refuseUpgrade(socket: Duplex, status: number, message: string, type: string, code: string | null): void {
  const body = JSON.stringify({ error: { message, type, code } });
  socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : status === 400 ? 'Bad Request' : 'Service Unavailable'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** The sessions of this instance and what their setup still holds, so shutdown can end them all. */
class RealtimeSessions {
  private readonly running = new Set<RealtimeSession>();
  private readonly lifecycles = new Set<Promise<void>>();
  private readonly perToken = new Map<number, number>();
  closing = false;

  track(lifecycle: Promise<void>): void {
    this.lifecycles.add(lifecycle);
    void lifecycle.finally(() => this.lifecycles.delete(lifecycle));
  }

  /** Counts a session of `tokenId`; false when the token already has `limit` open (0: no limit). */
  admit(tokenId: number, limit: number): boolean {
    const open = this.perToken.get(tokenId) ?? 0;
    if (limit > 0 && open >= limit) return false;
    this.perToken.set(tokenId, open + 1);
    return true;
  }

  leave(tokenId: number): void {
    const open = (this.perToken.get(tokenId) ?? 1) - 1;
    if (open <= 0) this.perToken.delete(tokenId);
    else this.perToken.set(tokenId, open);
  }

  add(session: RealtimeSession): void {
    this.running.add(session);
    void session.ended.then(() => this.running.delete(session));
  }

  /** Ends every session (finished responses billed, running ones waited for) and waits until all are settled. */
  async shutdown(): Promise<void> {
    this.closing = true;
    for (const session of this.running) session.end(realtimeEndings.shutdown, 'the server is shutting down');
    while (this.lifecycles.size > 0) await Promise.allSettled([...this.lifecycles]);
  }
}

/** Registers the Realtime upgrade on the server and its shutdown step. */
export function registerRealtimeRoutes(app: FastifyInstance, context: AppServices): void {
  const services = context.relay;
  const sessions = new RealtimeSessions();
  const trusted = context.config.trustedProxies.length > 0 ? proxyAddr.compile(context.config.trustedProxies) : null;
  // One upgrader per frame limit (RealtimeMaxFrameBytes may change while running).
  const upgraders = new Map<number, WebSocketServer>();
  const upgrader = (maxPayload: number): WebSocketServer => {
    let server = upgraders.get(maxPayload);
    if (!server) {
      server = new WebSocketServer({ noServer: true, maxPayload, perMessageDeflate: false, handleProtocols: answeredProtocol });
      upgraders.set(maxPayload, server);
    }
    return server;
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    if (!realtimePaths.has(url.pathname)) {
      // Not ours: another upgrade listener may take it; with none, the request is answered here.
      if (app.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 400, `Invalid URL (GET ${url.pathname})`, 'invalid_request_error', 'not_found');
      return;
    }
    socket.on('error', () => undefined);
    if (context.front.shuttingDown || sessions.closing) {
      refuseUpgrade(socket, 503, 'the server is shutting down', 'server_error', 'server_shutting_down');
      return;
    }
    sessions.track(openSession(services, sessions, upgrader, { request, socket, head, url, ip: trusted ? proxyAddr(request, trusted) : (request.socket.remoteAddress ?? '') }));
  });
  app.addHook('preClose', async () => sessions.shutdown());
}

/** The upgrade request being served. */
interface Upgrade {
  request: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  url: URL;
  ip: string;
}

/** Authenticates, upgrades, pays the first response, opens the upstream and runs the session to its end. */
async function openSession(services: RelayServices, sessions: RealtimeSessions, upgrader: (maxPayload: number) => WebSocketServer, upgrade: Upgrade): Promise<void> {
  const { context } = services;
  const { request, socket } = upgrade;
  const model = realtimeModel(upgrade.url.pathname, upgrade.url.searchParams);
  let caller: RelayCaller;
  try {
    if (!model) throw new RelayError(400, 'the model is required: GET /v1/realtime?model=…', 'invalid_request_error', 'model_required');
    caller = await authenticateCaller(context, parseRelayKey(realtimeRawKey(request.headers)), upgrade.ip);
  } catch (error) {
    const failure = error instanceof RelayError ? error : new RelayError(500, 'authentication failed', 'server_error');
    refuseUpgrade(socket, failure.status, failure.message, failure.type, failure.code);
    return;
  }
  const maxPayload = context.options.number('RealtimeMaxFrameBytes');
  // Frames the client sends before the session runs are kept from the first moment (the socket paused meanwhile).
  const { client, early } = await new Promise<{ client: WebSocket; early: EarlyFrames }>((resolve) =>
    upgrader(maxPayload).handleUpgrade(request, socket, upgrade.head, (opened) => resolve({ client: opened, early: bufferEarly(opened) })),
  );
  const refuse = (ending: RealtimeEnding, message: string): void => {
    client.send(errorEvent(ending, message));
    // Read on, so that the client's answer to the close frame is seen and the socket ends now.
    client.resume();
    client.close(ending.code, ending.reason);
  };
  const tokenId = caller.apiKey?.id ?? 0;
  if (!sessions.admit(tokenId, context.options.number('RealtimeMaxSessionsPerToken'))) {
    refuse(refusalEnding(429, 'realtime_sessions_exceeded'), 'this token has as many Realtime sessions open as it may');
    return;
  }
  try {
    await runSession(services, sessions, { caller, model, client, early, maxPayload, upgrade, refuse });
  } finally {
    sessions.leave(tokenId);
  }
}

/** What `runSession` is handed. */
interface SessionStart {
  caller: RelayCaller;
  model: string;
  client: WebSocket;
  early: EarlyFrames;
  maxPayload: number;
  upgrade: Upgrade;
  refuse: (ending: RealtimeEnding, message: string) => void;
}

async function runSession(services: RelayServices, sessions: RealtimeSessions, start: SessionStart): Promise<void> {
  const { context } = services;
  const { caller, model, client, refuse, upgrade } = start;
  const requestId = newRequestId();
  const log = context.log.child({ reqId: requestId });
  let logContext: RealtimeLogContext;
  let budget: RealtimeBudget;
  try {
    checkModelLimits(caller, model);
    const quote = priceCall(services, caller, model);
    const limited = await admitModelRequest(context, caller.user.id, caller.usingGroup);
    if (limited) throw new RelayError(429, limited, 'rate_limit_error', 'model_request_rate_limited');
    const outputLimit = services.prices.maxOutputTokens(model) ?? Math.min(realtimeOutputTokens, context.options.number('DefaultMaxOutputTokens'));
    logContext = { caller, model, quote, ip: upgrade.ip, requestId, startedAt: Date.now(), channel: { id: 0, name: '', upstreamModel: model, tried: [] } };
    budget = new RealtimeBudget(services, caller, quote, model, outputLimit, realtimeLogWriter(logContext));
    if (!(await budget.acquire())) throw new RelayError(403, budget.refusal, 'insufficient_quota', 'insufficient_quota');
  } catch (error) {
    const failure = error instanceof RelayError ? error : new RelayError(500, 'the session could not start', 'server_error');
    if (!(error instanceof RelayError)) log.error({ err: error }, 'realtime session failed to start');
    refuse(refusalEnding(failure.status, failure.code ?? failure.type), failure.message);
    return;
  }
  const upstream = await connectUpstream(services, caller, model, start.maxPayload, upgrade.request, logContext).catch((error: unknown) => error as RelayError);
  if (upstream instanceof Error) {
    budget.releaseAll(upstream.message);
    refuse(refusalEnding(upstream instanceof RelayError ? upstream.status : 502, upstream instanceof RelayError ? (upstream.code ?? 'upstream_error') : 'upstream_error'), upstream.message);
    return;
  }
  budget.channelId = logContext.channel.id;
  if (client.readyState !== client.OPEN || sessions.closing) {
    // The client left (or the server began to stop) while the upstream was opening: nothing was used.
    budget.releaseAll('realtime session ended before it started');
    upstream.socket.resume();
    upstream.socket.close(1000);
    if (client.readyState === client.OPEN) refuse(realtimeEndings.shutdown, 'the server is shutting down');
    return;
  }
  const { options } = context;
  client.removeAllListeners('message');
  upstream.socket.removeAllListeners('message');
  const session = new RealtimeSession({
    client,
    upstream: upstream.socket,
    budget,
    idleMs: options.number('RealtimeIdleTimeoutSeconds') * 1000,
    maxMs: options.number('RealtimeMaxSessionSeconds') * 1000,
    beta: wantsBeta(upgrade.request.headers),
    metrics: context.metrics,
    labels: { model, group: caller.usingGroup },
    log,
  });
  sessions.add(session);
  session.replay(upstream.early, start.early);
  await session.ended;
  await recordModelRequestSuccess(context, caller.user.id, caller.usingGroup);
}

/** Tries the model's channels in priority tiers until one opens a Realtime socket (the channel is noted for the log rows). */
async function connectUpstream(services: RelayServices, caller: RelayCaller, model: string, maxPayload: number, request: IncomingMessage, logContext: RealtimeLogContext): Promise<{ socket: WebSocket; early: EarlyFrames }> {
  const { context } = services;
  const candidates = caller.pinnedChannelId !== null ? [services.routing.channel(caller.pinnedChannelId)].filter((channel) => channel !== undefined) : services.routing.candidates(caller.usingGroup, model);
  const realtimeCapable = candidates.filter((channel) => realtimeTarget(channel, model) !== null);
  if (realtimeCapable.length === 0) throw new RelayError(503, `no available channel for model ${model} under group ${caller.usingGroup}`, 'server_error', 'model_not_found');
  const retries = realtimeCapable.length <= 1 ? 0 : Math.max(0, context.options.number('RetryTimes'));
  const failed = new Set<number>();
  const extraHeaders: Record<string, string> = wantsBeta(request.headers) ? { 'openai-beta': 'realtime=v1' } : {};
  let lastMessage = `no available channel for model ${model}`;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    const channel = selectChannel(realtimeCapable, { retryIndex: attempt, failedChannelIds: failed, random: services.random });
    if (!channel) break;
    logContext.channel.tried.push(channel.id);
    failed.add(channel.id);
    const mapped = channel.modelMapping ? resolveMappedModel(model, channel.modelMapping) : ({ ok: true, upstreamModel: model } as const);
    if (!mapped.ok) {
      lastMessage = mapped.message;
      continue;
    }
    const target = realtimeTarget(channel, mapped.upstreamModel);
    if (!target) continue;
    try {
      const opened = await openUpstream(target, extraHeaders, maxPayload);
      context.metrics?.upstreamAttempt(channel.id, channel.type, true, attempt > 0);
      logContext.channel.id = channel.id;
      logContext.channel.name = channel.name;
      logContext.channel.upstreamModel = mapped.upstreamModel;
      return opened;
    } catch (error) {
      context.metrics?.upstreamAttempt(channel.id, channel.type, false, attempt > 0);
      lastMessage = (error as Error).message;
    }
  }
  throw new RelayError(502, lastMessage, 'upstream_error', 'upstream_unreachable');
}
