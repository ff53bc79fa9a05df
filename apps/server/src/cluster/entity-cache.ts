// A read-through cache of database rows, invalidated locally and on every instance through the change bus.
import type { ChangeBus } from './change-bus';

interface Entry<V> {
  value: V | null;
  expiresAt: number;
}

/**
 * Caches `load(key)` results (misses too) for `ttlMs`; `invalidate` drops an entry here and on other instances.
 * While the bus is degraded (notices may be missed) every get reads through to the database, and a bus resync
 * (after an outage, or the periodic safety reload) drops every entry here.
 */
export class EntityCache<K extends string | number, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly pending = new Map<K, Promise<V | null>>();
  /** Bumped on every invalidation, so a load that started before it is not cached. */
  private generation = 0;

  constructor(
    private readonly topic: string,
    private readonly bus: ChangeBus,
    private readonly load: (key: K) => Promise<V | null>,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
    private readonly parseKey: (id: string) => K = (id) => id as K,
  ) {
    bus.subscribe(topic, (id) => this.drop(id === '*' ? null : this.parseKey(id)));
    bus.onResync(() => this.drop(null));
  }

  /** The cached value, loading it on a miss or after expiry; concurrent misses share one load. */
  async get(key: K): Promise<V | null> {
    if (this.bus.degraded) return this.load(key);
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loading = this.load(key).then(
      (value) => {
        this.pending.delete(key);
        if (generation !== this.generation) return value;
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, loading);
    return loading;
  }

  private drop(key: K | null): void {
    this.generation += 1;
    if (key === null) {
      this.entries.clear();
      this.pending.clear();
    } else {
      this.entries.delete(key);
      this.pending.delete(key);
    }
  }

  /** Drops an entry here and tells the other instances to drop theirs. */
  invalidate(key: K): void {
    this.drop(key);
    this.bus.publish(this.topic, String(key));
  }

  /** Drops every entry here and on the other instances. */
  invalidateAll(): void {
    this.drop(null);
    this.bus.publish(this.topic, '*');
  }
}
