// One Realtime session: the client's and the upstream's sockets pumped both ways with back-pressure (a side whose
// peer cannot keep up is paused, so the gateway buffers a bounded amount), frames passed untouched except the few
// billing reads (a `response.create` whose output the balance caps is rewritten), the running reservation moved
// along (`RealtimeBudget`), and every way of ending brought to one place (`end` → `finish`) that settles the money.
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { GatewayMetrics } from '../metrics/gateway-metrics';
import type { RealtimeBudget } from './realtime-budget';
import { errorEvent, realtimeEndings, type RealtimeEnding } from './realtime-close-codes';
import { eventTypeOf, parseEvent, readResponseUsage, statedOutputLimit } from './realtime-events';

/** A side is paused once its peer has this much queued unsent, and resumed below the low mark. */
const highWaterBytes = 1024 * 1024;
const lowWaterBytes = 256 * 1024;
/** How long an ending session waits for a started response's `response.done` before returning its hold. */
export const responseDrainMs = 10_000;

/** What a session is made of. */
export interface RealtimeSessionParts {
  client: WebSocket;
  upstream: WebSocket;
  budget: RealtimeBudget;
  /** RealtimeIdleTimeoutSeconds and RealtimeMaxSessionSeconds, in ms. */
  idleMs: number;
  maxMs: number;
  /** The client asked for the beta protocol (`OpenAI-Beta: realtime=v1`): a capped response uses the beta field. */
  beta: boolean;
  metrics: GatewayMetrics | null;
  /** The model and group the metrics count the session's tokens and quota under. */
  labels: { model: string; group: string };
  log: FastifyBaseLogger;
}

/** A running session; `ended` resolves once both sockets are closed and every hold is settled or returned. */
export class RealtimeSession {
  readonly ended: Promise<void>;
  private resolveEnded!: () => void;
  private readonly client: WebSocket;
  private readonly upstream: WebSocket;
  private readonly budget: RealtimeBudget;
  private readonly metrics: GatewayMetrics | null;
  private readonly log: FastifyBaseLogger;
  private readonly beta: boolean;
  private readonly labels: { model: string; group: string };
  private ending: RealtimeEnding | null = null;
  private finished = false;
  private clientGone = false;
  /** Client frames waiting while a `response.create` waits for its hold (the client is paused meanwhile). */
  private readonly queue: Array<{ data: Buffer; binary: boolean }> = [];
  private busy = false;
  /** Money steps in order: a response's start, its settlement, the next hold. */
  private money: Promise<void> = Promise.resolve();
  /** `response.create` frames forwarded whose `response.created` has not come back yet. */
  private clientCreates = 0;
  private lastActivity = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private drainTimer: NodeJS.Timeout | null = null;
  private readonly idleMs: number;
  // Bound once: no closure per frame.
  private readonly onUpstreamSent = (): void => this.flow();
  private readonly onClientSent = (): void => this.flow();

  constructor(parts: RealtimeSessionParts) {
    this.client = parts.client;
    this.upstream = parts.upstream;
    this.budget = parts.budget;
    this.metrics = parts.metrics;
    this.log = parts.log;
    this.beta = parts.beta;
    this.labels = parts.labels;
    this.idleMs = parts.idleMs;
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.client.on('message', (data: Buffer, binary: boolean) => this.fromClient(data, binary));
    this.upstream.on('message', (data: Buffer, binary: boolean) => this.fromUpstream(data, binary));
    this.client.on('close', () => this.clientClosed());
    this.client.on('error', () => this.clientClosed());
    this.upstream.on('close', () => this.upstreamClosed());
    this.upstream.on('error', () => this.upstreamClosed());
    this.timers.push(setTimeout(() => this.checkIdle(), this.idleMs).unref());
    this.timers.push(setTimeout(() => this.end(realtimeEndings.deadline, 'the session reached its time limit'), parts.maxMs).unref());
    parts.metrics?.realtimeSessionDelta(1);
  }

  /** Hands the session the frames that came before it ran (the upstream's first), then lets both sides flow. */
  replay(upstreamFrames: ReadonlyArray<{ data: Buffer; binary: boolean }>, clientFrames: ReadonlyArray<{ data: Buffer; binary: boolean }>): void {
    for (const frame of upstreamFrames) this.fromUpstream(frame.data, frame.binary);
    for (const frame of clientFrames) this.fromClient(frame.data, frame.binary);
    this.flow();
  }

  /** Ends the session the gateway's way (shutdown, deadline, quota): started responses are waited for and billed. */
  end(ending: RealtimeEnding, message: string): void {
    if (this.ending) return;
    this.ending = ending;
    this.queue.length = 0;
    if (ending.error && this.client.readyState === this.client.OPEN) this.client.send(errorEvent(ending, message));
    this.finishWhenSettled();
  }

  private finishWhenSettled(): void {
    this.step(() => {
      if (this.budget.activeCount === 0 || this.upstream.readyState !== this.upstream.OPEN) return this.finish();
      // A response is running: its `response.done` settles it, then the session finishes (bounded wait).
      this.drainTimer ??= setTimeout(() => this.finish(), responseDrainMs).unref();
    });
  }

  private checkIdle(): void {
    const idle = Date.now() - this.lastActivity;
    if (idle >= this.idleMs) this.end(realtimeEndings.idle, 'the session was idle too long');
    else this.timers.push(setTimeout(() => this.checkIdle(), this.idleMs - idle).unref());
  }

  /** Pauses a side whose peer has too much queued (or, for the client, while a frame waits for money); resumes it once drained. */
  private flow(): void {
    const holdClient = this.busy || this.upstream.bufferedAmount > highWaterBytes;
    if (holdClient && !this.client.isPaused) this.client.pause();
    else if (!holdClient && this.client.isPaused && this.upstream.bufferedAmount < lowWaterBytes) this.client.resume();
    const holdUpstream = this.client.bufferedAmount > highWaterBytes;
    if (holdUpstream && !this.upstream.isPaused) this.upstream.pause();
    else if (!holdUpstream && this.upstream.isPaused && this.client.bufferedAmount < lowWaterBytes) this.upstream.resume();
  }

  private toUpstream(data: Buffer, binary: boolean): void {
    if (this.upstream.readyState !== this.upstream.OPEN) return;
    this.upstream.send(data, { binary }, this.onUpstreamSent);
    if (this.upstream.bufferedAmount > highWaterBytes) this.flow();
  }

  private toClient(data: Buffer, binary: boolean): void {
    if (this.client.readyState !== this.client.OPEN) return;
    this.client.send(data, { binary }, this.onClientSent);
    if (this.client.bufferedAmount > highWaterBytes) this.flow();
  }

  private fromClient(data: Buffer, binary: boolean): void {
    if (this.ending) return;
    this.lastActivity = Date.now();
    if (this.busy) {
      this.queue.push({ data, binary });
      return;
    }
    this.clientFrame(data, binary);
  }

  private clientFrame(data: Buffer, binary: boolean): void {
    const { type, parsed } = eventTypeOf(data);
    switch (type) {
      case 'input_audio_buffer.append':
        this.budget.addInput(data.length, 0);
        break;
      case 'conversation.item.create':
        this.budget.addInput(0, data.length);
        break;
      case 'session.update': {
        const session = (parsed ?? parseEvent(data))?.session;
        if (session && typeof session === 'object') this.budget.setSessionOutputLimit(statedOutputLimit(session as Record<string, unknown>));
        break;
      }
      case 'response.create':
        this.startClientResponse(data, binary, parsed ?? parseEvent(data) ?? {});
        return;
      default:
        break;
    }
    this.toUpstream(data, binary);
  }

  /** A client's `response.create`: it waits (the client paused) until its hold is in place, capped when the balance is short. */
  private startClientResponse(data: Buffer, binary: boolean, event: Record<string, unknown>): void {
    this.busy = true;
    this.flow();
    const settings = event.response && typeof event.response === 'object' ? (event.response as Record<string, unknown>) : {};
    this.step(async () => {
      const started = this.ending ? null : await this.budget.start(statedOutputLimit(settings));
      if (started && !started.ok) {
        this.end(realtimeEndings.insufficientQuota, this.budget.refusal);
      } else if (started && this.ending) {
        // The session ended while the hold was being taken: the response never went upstream.
        this.budget.dropLatest();
      } else if (started) {
        this.clientCreates += 1;
        let frame = data;
        if (started.outputCap !== null) {
          // The one rewrite: the output limit lowered to what the balance affords, in the field the client's protocol reads.
          const field = 'max_response_output_tokens' in settings || (this.beta && !('max_output_tokens' in settings)) ? 'max_response_output_tokens' : 'max_output_tokens';
          frame = Buffer.from(JSON.stringify({ ...event, response: { ...settings, [field]: started.outputCap } }));
        }
        this.toUpstream(frame, binary);
      }
      this.busy = false;
      while (!this.busy && !this.ending && this.queue.length > 0) {
        const next = this.queue.shift() as { data: Buffer; binary: boolean };
        this.clientFrame(next.data, next.binary);
      }
      this.flow();
    });
  }

  /** Runs a money step after the ones before it; a step that fails ends the session. */
  private step(run: () => void | Promise<void>): void {
    this.money = this.money.then(run).catch((error: unknown) => this.failed(error));
  }

  private fromUpstream(data: Buffer, binary: boolean): void {
    this.lastActivity = Date.now();
    const { type, parsed } = eventTypeOf(data);
    switch (type) {
      case 'response.created':
        if (this.clientCreates > 0) this.clientCreates -= 1;
        else this.startServerResponse();
        break;
      case 'response.done': {
        this.toClient(data, binary);
        this.settleResponse(parsed ?? parseEvent(data) ?? {});
        return;
      }
      case 'session.created':
      case 'session.updated': {
        const session = (parsed ?? parseEvent(data))?.session;
        if (session && typeof session === 'object') this.budget.setSessionOutputLimit(statedOutputLimit(session as Record<string, unknown>));
        break;
      }
      default:
        break;
    }
    this.toClient(data, binary);
  }

  /** A response the upstream started itself (server VAD): it takes the hold; without one affordable it is cancelled. */
  private startServerResponse(): void {
    this.step(async () => {
      const started = await this.budget.start(undefined);
      if (!started.ok) {
        if (this.upstream.readyState === this.upstream.OPEN) this.upstream.send(JSON.stringify({ type: 'response.cancel' }));
        this.end(realtimeEndings.insufficientQuota, this.budget.refusal);
      }
    });
  }

  private settleResponse(done: Record<string, unknown>): void {
    this.step(async () => {
      const read = readResponseUsage(done);
      const settled = read ? await this.budget.settle(read.usage, read.counts, read.responseId, read.status) : null;
      if (settled) this.metrics?.realtimeResponse(this.labels.model, this.labels.group, settled.usage.promptTokens, settled.usage.completionTokens, settled.quota);
      if (this.ending) {
        if (this.budget.activeCount === 0) this.finish();
        return;
      }
      // The next response is paid for before it can start; when the balances cannot, the session ends here.
      if (this.budget.activeCount === 0 && !(await this.budget.acquire())) this.end(realtimeEndings.insufficientQuota, this.budget.refusal);
    });
  }

  private failed(error: unknown): void {
    this.log.error({ err: error }, 'realtime session billing failed');
    this.end(realtimeEndings.upstreamClosed, 'the gateway could not bill the session');
  }

  private clientClosed(): void {
    if (this.clientGone) return;
    this.clientGone = true;
    // A running response is cancelled and billed from its `response.done`; the upstream closes after it.
    if (this.budget.activeCount > 0 && this.upstream.readyState === this.upstream.OPEN) this.upstream.send(JSON.stringify({ type: 'response.cancel' }));
    this.end(realtimeEndings.clientClosed, 'the client closed the session');
  }

  private upstreamClosed(): void {
    if (this.finished) return;
    if (!this.ending) this.end(realtimeEndings.upstreamClosed, 'the upstream closed the session');
    // Nothing more can arrive: what is still running is returned with an error row.
    this.step(() => this.finish());
  }

  /** Returns every hold left, closes both sockets and resolves `ended`; runs once. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.drainTimer) clearTimeout(this.drainTimer);
    const ending = this.ending ?? realtimeEndings.clientClosed;
    this.budget.releaseAll(`realtime session ended (${ending.reason}) before the response finished`);
    // Both sides read on, so that each one's answer to the close frame is seen and the sockets end now.
    this.client.resume();
    this.upstream.resume();
    if (this.client.readyState === this.client.OPEN || this.client.readyState === this.client.CONNECTING) this.client.close(ending.code, ending.reason);
    if (this.upstream.readyState === this.upstream.OPEN || this.upstream.readyState === this.upstream.CONNECTING) this.upstream.close(1000);
    this.metrics?.realtimeSessionEnded(ending.reason);
    this.metrics?.realtimeSessionDelta(-1);
    this.resolveEnded();
  }
}
