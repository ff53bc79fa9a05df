// Prometheus series of one instance (prom-client): relay calls, upstream attempts, tokens, quota, streams, channel
// changes, reservations, settlement batches, dependency health and Node's process metrics. Labels are low-cardinality
// only (model, channel id and type, inbound format, status class, group): never a user or a token.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a relay call was, filled in by the pipeline once it is known (null for calls refused before that). */
export interface RelayCallFacts {
  model: string;
  group: string;
  channelId: number;
  channelType: number;
  stream: boolean;
  /** Milliseconds to the first byte of the answer; 0 when none was sent. */
  firstByteMs: number;
  promptTokens: number;
  completionTokens: number;
  /** Quota billed. */
  quota: number;
}

/** Readings taken when Prometheus scrapes (dependency health, queue depth, reservations held). */
export interface MetricsProbes {
  databaseUp(): Promise<boolean>;
  /** Null when Redis is not configured. */
  redisUp(): boolean | null;
  settlementQueueDepth(): number;
  reservationsHeld(): number;
}

/** Status class label of an HTTP status: `2xx` … `5xx`. */
function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Latency buckets in seconds, from a fast whole answer to a long stream. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const firstTokenBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Every series of the gateway, registered on its own registry. */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'inbound_format' | 'model' | 'group' | 'channel_id' | 'channel_type' | 'status_class'>;
  private readonly errors: Counter<'inbound_format' | 'status_class'>;
  private readonly duration: Histogram<'inbound_format' | 'stream'>;
  private readonly firstToken: Histogram<'inbound_format'>;
  private readonly attempts: Counter<'channel_id' | 'channel_type' | 'outcome'>;
  private readonly retries: Counter;
  private readonly tokens: Counter<'model' | 'direction'>;
  private readonly quota: Counter<'model' | 'group'>;
  private readonly streams: Gauge;
  private readonly realtimeSessions: Gauge;
  private readonly realtimeEnded: Counter<'reason'>;
  private readonly realtimeResponses: Counter;
  private readonly channelChanges: Counter<'channel_id' | 'status'>;
  private readonly batchSize: Histogram;
  private readonly settlementLag: Histogram;

  constructor(probes: MetricsProbes) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'turnpike_relay_requests_total', help: 'Relay calls answered, by inbound format, model, group, channel and status class', labelNames: ['inbound_format', 'model', 'group', 'channel_id', 'channel_type', 'status_class'], registers });
    this.errors = new Counter({ name: 'turnpike_relay_errors_total', help: 'Relay calls answered with a 4xx or 5xx status', labelNames: ['inbound_format', 'status_class'], registers });
    this.duration = new Histogram({ name: 'turnpike_relay_request_duration_seconds', help: 'Time from the request to the end of the answer', labelNames: ['inbound_format', 'stream'], buckets: durationBuckets, registers });
    this.firstToken = new Histogram({ name: 'turnpike_relay_time_to_first_token_seconds', help: 'Time from the request to the first byte of a streamed answer', labelNames: ['inbound_format'], buckets: firstTokenBuckets, registers });
    this.attempts = new Counter({ name: 'turnpike_upstream_attempts_total', help: 'Upstream attempts, by channel and outcome (ok or failed)', labelNames: ['channel_id', 'channel_type', 'outcome'], registers });
    this.retries = new Counter({ name: 'turnpike_upstream_retries_total', help: 'Upstream attempts after the first of a call (failover)', registers });
    this.tokens = new Counter({ name: 'turnpike_tokens_total', help: 'Tokens billed, by model and direction (input or output)', labelNames: ['model', 'direction'], registers });
    this.quota = new Counter({ name: 'turnpike_quota_spent_total', help: 'Quota billed, by model and group', labelNames: ['model', 'group'], registers });
    this.streams = new Gauge({ name: 'turnpike_active_streams', help: 'Streamed answers being written now', registers });
    this.realtimeSessions = new Gauge({ name: 'turnpike_realtime_sessions', help: 'Realtime sessions open now', registers });
    this.realtimeEnded = new Counter({ name: 'turnpike_realtime_sessions_total', help: 'Realtime sessions ended, by how they ended', labelNames: ['reason'], registers });
    this.realtimeResponses = new Counter({ name: 'turnpike_realtime_responses_total', help: 'Realtime responses billed', registers });
    this.channelChanges = new Counter({ name: 'turnpike_channel_status_changes_total', help: 'Channels switched by the gateway itself (auto-disabled, auto-enabled)', labelNames: ['channel_id', 'status'], registers });
    this.batchSize = new Histogram({ name: 'turnpike_settlement_batch_size', help: 'Settlements written per batch', buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500], registers });
    this.settlementLag = new Histogram({ name: 'turnpike_settlement_lag_seconds', help: 'Time from a batch\'s first settlement to its commit', buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 120], registers });
    new Gauge({ name: 'turnpike_settlement_queue_depth', help: 'Settlements queued and not yet written', registers, collect() {
      this.set(probes.settlementQueueDepth());
    } });
    new Gauge({ name: 'turnpike_reservations_held', help: 'Quota reservations of calls in flight on this instance', registers, collect() {
      this.set(probes.reservationsHeld());
    } });
    new Gauge({ name: 'turnpike_database_up', help: '1 when the database answered the scrape\'s probe within 2 s', registers, async collect() {
      this.set((await probes.databaseUp()) ? 1 : 0);
    } });
    new Gauge({ name: 'turnpike_redis_up', help: '1 when Redis is reachable (absent without Redis)', registers, collect() {
      const up = probes.redisUp();
      if (up !== null) this.set(up ? 1 : 0);
    } });
  }

  /** Records an answered relay call: status, duration and, when known, what it was and what it cost. */
  callDone(inboundFormat: string, status: number, seconds: number, facts: RelayCallFacts | null): void {
    const statusLabel = statusClass(status);
    this.requests.inc({ inbound_format: inboundFormat, model: facts?.model ?? '', group: facts?.group ?? '', channel_id: facts ? String(facts.channelId) : '', channel_type: facts ? String(facts.channelType) : '', status_class: statusLabel });
    if (status >= 400) this.errors.inc({ inbound_format: inboundFormat, status_class: statusLabel });
    this.duration.observe({ inbound_format: inboundFormat, stream: facts?.stream ? 'true' : 'false' }, seconds);
    if (!facts) return;
    if (facts.stream && facts.firstByteMs > 0) this.firstToken.observe({ inbound_format: inboundFormat }, facts.firstByteMs / 1000);
    if (facts.promptTokens > 0) this.tokens.inc({ model: facts.model, direction: 'input' }, facts.promptTokens);
    if (facts.completionTokens > 0) this.tokens.inc({ model: facts.model, direction: 'output' }, facts.completionTokens);
    if (facts.quota > 0) this.quota.inc({ model: facts.model, group: facts.group }, facts.quota);
  }

  /** Records one upstream attempt; `retry` when it is not the call's first. */
  upstreamAttempt(channelId: number, channelType: number, ok: boolean, retry: boolean): void {
    this.attempts.inc({ channel_id: String(channelId), channel_type: String(channelType), outcome: ok ? 'ok' : 'failed' });
    if (retry) this.retries.inc();
  }

  /** A streamed answer starts (+1) or ends (-1). */
  streamDelta(delta: 1 | -1): void {
    this.streams.inc(delta);
  }

  /** A Realtime session opens (+1) or ends (-1). */
  realtimeSessionDelta(delta: 1 | -1): void {
    this.realtimeSessions.inc(delta);
  }

  /** A Realtime session ended, and how (its close reason). */
  realtimeSessionEnded(reason: string): void {
    this.realtimeEnded.inc({ reason });
  }

  /** A Realtime response was billed: its tokens and quota count with the relay's. */
  realtimeResponse(model: string, group: string, promptTokens: number, completionTokens: number, quota: number): void {
    this.realtimeResponses.inc();
    if (promptTokens > 0) this.tokens.inc({ model, direction: 'input' }, promptTokens);
    if (completionTokens > 0) this.tokens.inc({ model, direction: 'output' }, completionTokens);
    if (quota > 0) this.quota.inc({ model, group }, quota);
  }

  /** A channel the gateway switched by itself. */
  channelStatusChanged(channelId: number, status: 'auto_disabled' | 'auto_enabled'): void {
    this.channelChanges.inc({ channel_id: String(channelId), status });
  }

  /** A settlement batch committed: its size and how long its first settlement waited. */
  settlementBatch(size: number, lagMs: number): void {
    this.batchSize.observe(size);
    this.settlementLag.observe(lagMs / 1000);
  }
}
