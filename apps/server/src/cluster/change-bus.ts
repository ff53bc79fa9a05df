// Cache invalidation across instances: in-process by default, Redis pub/sub when REDIS_CONN_STRING is set.
import type { Redis } from 'ioredis';
import { ResyncListeners, type ResyncListener } from './resync-listeners';
import { connectRedis } from './redis-client';

/** A change notice: which cache (topic) and which entry changed. */
export interface ChangeNotice {
  topic: string;
  id: string;
  /** The instance that made the change; it has already applied it. */
  origin: string;
}

type Listener = (notice: ChangeNotice) => void;

/** Where the bus reports an outage and its end (a pino logger fits). */
export interface ClusterLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/** Publishes a change to every subscriber: on this instance at once, on the others through Redis. */
export interface ChangeBus {
  publish(topic: string, id: string): void;
  subscribe(topic: string, listener: (id: string) => void): void;
  /** Registers a full reload of state derived from the database, run whenever notices may have been missed. */
  onResync(listener: ResyncListener): void;
  /** Runs every resync listener now (after a Redis outage, and periodically as a safety net); concurrent calls coalesce. */
  resync(): Promise<void>;
  /** True while notices from other instances may be missed (Redis unreachable): caches then read through the database. */
  readonly degraded: boolean;
  close(): Promise<void>;
}

/** Delivers changes to the subscribers of this process only (a single instance). */
export class LocalChangeBus implements ChangeBus {
  private readonly listeners = new Map<string, Array<(id: string) => void>>();
  private readonly resyncListeners = new ResyncListeners();
  readonly degraded = false;

  publish(topic: string, id: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(id);
  }

  subscribe(topic: string, listener: (id: string) => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  onResync(listener: ResyncListener): void {
    this.resyncListeners.add(listener);
  }

  resync(): Promise<void> {
    return this.resyncListeners.run();
  }

  async close(): Promise<void> {}
}

/**
 * Redis pub/sub bus. A lost connection reconnects by itself; meanwhile the bus is `degraded` (caches read
 * through the database, a warning is logged once), and when Redis is back it re-subscribes, then resyncs
 * everything that may have missed a notice and logs that it recovered. Callers keep working throughout.
 */
export class RedisChangeBus implements ChangeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly resyncListeners = new ResyncListeners();
  private readonly channelName: string;
  private isDegraded = true;
  private warned = false;
  private lastError: Error | null = null;
  private closed = false;

  constructor(
    url: string,
    private readonly origin: string,
    private readonly log: ClusterLog,
    prefix = 'turnpike',
  ) {
    this.channelName = `${prefix}:changes`;
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false };
    this.publisher = connectRedis(url, options);
    this.subscriber = connectRedis(url, { ...options, enableOfflineQueue: true });
    const remember = (error: Error): void => {
      this.lastError = error;
      this.log.debug({ err: error }, 'redis change bus error');
    };
    this.publisher.on('error', remember);
    this.subscriber.on('error', remember);
    this.subscriber.on('close', () => this.markDown());
    this.subscriber.on('ready', () => void this.recover());
    this.subscriber.on('message', (_channel: string, message: string) => this.deliver(message));
  }

  get degraded(): boolean {
    return this.isDegraded;
  }

  publish(topic: string, id: string): void {
    const notice: ChangeNotice = { topic, id, origin: this.origin };
    for (const listener of this.listeners.get(topic) ?? []) listener(notice);
    // While Redis is away the notice is lost; the other instances resync when they reconnect.
    this.publisher.publish(this.channelName, JSON.stringify(notice)).catch((error: Error) => {
      this.lastError = error;
      this.log.debug({ err: error, topic }, 'change notice not published');
    });
  }

  subscribe(topic: string, listener: (id: string) => void): void {
    const list = this.listeners.get(topic) ?? [];
    list.push((notice) => listener(notice.id));
    this.listeners.set(topic, list);
  }

  onResync(listener: ResyncListener): void {
    this.resyncListeners.add(listener);
  }

  resync(): Promise<void> {
    return this.resyncListeners.run();
  }

  private markDown(): void {
    if (this.closed) return;
    this.isDegraded = true;
    if (this.warned) return;
    this.warned = true;
    this.log.warn(
      { err: this.lastError ?? undefined },
      'Redis unavailable: change notices from other instances are paused; caches read through the database until it is back',
    );
  }

  /** On every (re)connection: subscribe and wait for the confirmation, leave degraded mode, then reload what may be stale. */
  private async recover(): Promise<void> {
    try {
      // ioredis re-subscribes by itself; this SUBSCRIBE is answered after that one, so notices flow once it returns.
      await this.subscriber.subscribe(this.channelName);
    } catch (error) {
      this.log.debug({ err: error }, 'redis change bus subscription failed; retrying on the next connection');
      return;
    }
    const wasWarned = this.warned;
    this.isDegraded = false;
    this.warned = false;
    try {
      await this.resync();
      if (wasWarned) this.log.info({}, 'Redis reachable again: change notices resumed, options, channels and caches reloaded');
    } catch (error) {
      this.log.warn({ err: error }, 'reload after the Redis outage failed; the periodic reload will retry');
    }
  }

  private deliver(message: string): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(message) as ChangeNotice;
    } catch {
      return;
    }
    if (notice.origin === this.origin) return;
    for (const listener of this.listeners.get(notice.topic) ?? []) listener(notice);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
