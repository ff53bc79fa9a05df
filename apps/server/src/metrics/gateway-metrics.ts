// Prometheus series of one instance (prom-client): relay calls, upstream attempts, tokens, quota, streams, channel
// changes, reservations, settlement batches, dependency health and Node's process metrics. Labels are low-cardinality
// only (model, channel id and type, inbound format, status class, group): never a user or a token.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { LabelTally, type LabelValue } from './label-tally';

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

/** Every series of the gateway, registered on its own registry. The relay's counters and the stream gauge are sums
 * kept here (allocation-free per call, see LabelTally) and handed to prom-client at the scrape; the latency
 * histograms observe directly (fixed buckets, two small label objects per call). */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests = new LabelTally(['inbound_format', 'model', 'group', 'channel_id', 'channel_type', 'status_class'] as const);
  private readonly errors = new LabelTally(['inbound_format', 'status_class'] as const);
  private readonly attempts = new LabelTally(['channel_id', 'channel_type', 'outcome'] as const);
  private readonly tokens = new LabelTally(['model', 'direction'] as const);
  private readonly quota = new LabelTally(['model', 'group'] as const);
  private retries = 0;
  private streams = 0;
  /** Scratch label values, one array per tally, refilled on every call (the tallies do not keep them). */
  private readonly requestValues: LabelValue[] = ['', '', '', '', '', ''];
  private readonly errorValues: LabelValue[] = ['', ''];
  private readonly attemptValues: LabelValue[] = [0, 0, ''];
  private readonly tokenValues: LabelValue[] = ['', ''];
  private readonly quotaValues: LabelValue[] = ['', ''];
  private readonly duration: Histogram<'inbound_format' | 'stream'>;
  private readonly firstToken: Histogram<'inbound_format'>;
  private realtimeSessions = 0;
  private realtimeResponses = 0;
  private readonly realtimeEnded: Counter<'reason'>;
  private readonly channelChanges: Counter<'channel_id' | 'status'>;
  private readonly batchSize: Histogram;
  private readonly settlementLag: Histogram;

  constructor(probes: MetricsProbes) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const tallied = <Name extends string>(name: string, help: string, tally: LabelTally<Name>, labelNames: readonly Name[]): void => {
      new Counter<Name>({ name, help, labelNames, registers, collect() {
        tally.writeTo(this);
      } });
    };
    tallied('turnpike_relay_requests_total', 'Relay calls answered, by inbound format, model, group, channel and status class', this.requests, ['inbound_format', 'model', 'group', 'channel_id', 'channel_type', 'status_class']);
    tallied('turnpike_relay_errors_total', 'Relay calls answered with a 4xx or 5xx status', this.errors, ['inbound_format', 'status_class']);
    this.duration = new Histogram({ name: 'turnpike_relay_request_duration_seconds', help: 'Time from the request to the end of the answer', labelNames: ['inbound_format', 'stream'], buckets: durationBuckets, registers });
    this.firstToken = new Histogram({ name: 'turnpike_relay_time_to_first_token_seconds', help: 'Time from the request to the first byte of a streamed answer', labelNames: ['inbound_format'], buckets: firstTokenBuckets, registers });
    tallied('turnpike_upstream_attempts_total', 'Upstream attempts, by channel and outcome (ok or failed)', this.attempts, ['channel_id', 'channel_type', 'outcome']);
    const retries = (): number => this.retries;
    const streams = (): number => this.streams;
    const realtimeSessions = (): number => this.realtimeSessions;
    const realtimeResponses = (): number => this.realtimeResponses;
    new Counter({ name: 'turnpike_upstream_retries_total', help: 'Upstream attempts after the first of a call (failover)', registers, collect() {
      this.reset();
      this.inc(retries());
    } });
    tallied('turnpike_tokens_total', 'Tokens billed, by model and direction (input or output)', this.tokens, ['model', 'direction']);
    tallied('turnpike_quota_spent_total', 'Quota billed, by model and group', this.quota, ['model', 'group']);
    new Gauge({ name: 'turnpike_active_streams', help: 'Streamed answers being written now', registers, collect() {
      this.set(streams());
    } });
    new Gauge({ name: 'turnpike_realtime_sessions', help: 'Realtime sessions open now', registers, collect() {
      this.set(realtimeSessions());
    } });
    this.realtimeEnded = new Counter({ name: 'turnpike_realtime_sessions_total', help: 'Realtime sessions ended, by how they ended', labelNames: ['reason'], registers });
    new Counter({ name: 'turnpike_realtime_responses_total', help: 'Realtime responses billed', registers, collect() {
      this.reset();
      this.inc(realtimeResponses());
    } });
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
    const request = this.requestValues;
    request[0] = inboundFormat;
    request[1] = facts?.model ?? '';
    request[2] = facts?.group ?? '';
    request[3] = facts ? facts.channelId : '';
    request[4] = facts ? facts.channelType : '';
    request[5] = statusLabel;
    this.requests.add(request, 1);
    if (status >= 400) {
      this.errorValues[0] = inboundFormat;
      this.errorValues[1] = statusLabel;
      this.errors.add(this.errorValues, 1);
    }
    this.duration.observe({ inbound_format: inboundFormat, stream: facts?.stream ? 'true' : 'false' }, seconds);
    if (!facts) return;
    if (facts.stream && facts.firstByteMs > 0) this.firstToken.observe({ inbound_format: inboundFormat }, facts.firstByteMs / 1000);
    const token = this.tokenValues;
    token[0] = facts.model;
    if (facts.promptTokens > 0) {
      token[1] = 'input';
      this.tokens.add(token, facts.promptTokens);
    }
    if (facts.completionTokens > 0) {
      token[1] = 'output';
      this.tokens.add(token, facts.completionTokens);
    }
    if (facts.quota > 0) {
      this.quotaValues[0] = facts.model;
      this.quotaValues[1] = facts.group;
      this.quota.add(this.quotaValues, facts.quota);
    }
  }

  /** Records one upstream attempt; `retry` when it is not the call's first. */
  upstreamAttempt(channelId: number, channelType: number, ok: boolean, retry: boolean): void {
    const attempt = this.attemptValues;
    attempt[0] = channelId;
    attempt[1] = channelType;
    attempt[2] = ok ? 'ok' : 'failed';
    this.attempts.add(attempt, 1);
    if (retry) this.retries += 1;
  }

  /** A streamed answer starts (+1) or ends (-1). */
  streamDelta(delta: 1 | -1): void {
    this.streams += delta;
  }

  /** A Realtime session opens (+1) or ends (-1). */
  realtimeSessionDelta(delta: 1 | -1): void {
    this.realtimeSessions += delta;
  }

  /** A Realtime session ended, and how (its close reason). */
  realtimeSessionEnded(reason: string): void {
    this.realtimeEnded.inc({ reason });
  }

  /** A Realtime response was billed: its tokens and quota count with the relay's. */
  realtimeResponse(model: string, group: string, promptTokens: number, completionTokens: number, quota: number): void {
    this.realtimeResponses += 1;
    const token = this.tokenValues;
    token[0] = model;
    if (promptTokens > 0) {
      token[1] = 'input';
      this.tokens.add(token, promptTokens);
    }
    if (completionTokens > 0) {
      token[1] = 'output';
      this.tokens.add(token, completionTokens);
    }
    if (quota > 0) {
      this.quotaValues[0] = model;
      this.quotaValues[1] = group;
      this.quota.add(this.quotaValues, quota);
    }
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
