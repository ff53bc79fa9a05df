// Cache invalidation across instances: in-process by default, Redis pub/sub when REDIS_CONN_STRING is set.
import { Redis } from 'ioredis';

/** A change notice: which cache (topic) and which entry changed. */
export interface ChangeNotice {
  topic: string;
  id: string;
  /** The instance that made the change; it has already applied it. */
  origin: string;
}

type Listener = (notice: ChangeNotice) => void;

/** Publishes a change to every subscriber: on this instance at once, on the others through Redis. */
export interface ChangeBus {
  publish(topic: string, id: string): void;
  subscribe(topic: string, listener: (id: string) => void): void;
  close(): Promise<void>;
}


/** Delivers changes to the subscribers of this process only (a single instance). */
export class LocalChangeBus implements ChangeBus {
  private readonly listeners = new Map<string, Array<(id: string) => void>>();

  publish(topic: string, id: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(id);
  }

  subscribe(topic: string, listener: (id: string) => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  async close(): Promise<void> {}
}

/** Redis pub/sub bus; a lost connection reconnects by itself and callers keep working meanwhile. */
export class RedisChangeBus implements ChangeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Listener[]>();

  private readonly channelName: string;

  constructor(
    url: string,
    private readonly origin: string,
    private readonly onError: (error: Error) => void,
    prefix = 'turnpike',
  ) {
    this.channelName = `${prefix}:changes`;
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    void this.subscriber.subscribe(this.channelName).catch(onError);
    this.subscriber.on('message', (_channel: string, message: string) => this.deliver(message));
  }

  publish(topic: string, id: string): void {
    const notice: ChangeNotice = { topic, id, origin: this.origin };
    for (const listener of this.listeners.get(topic) ?? []) listener(notice);
    this.publisher.publish(this.channelName, JSON.stringify(notice)).catch(this.onError);
  }

  subscribe(topic: string, listener: (id: string) => void): void {
    const list = this.listeners.get(topic) ?? [];
    list.push((notice) => listener(notice.id));
    this.listeners.set(topic, list);
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
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
