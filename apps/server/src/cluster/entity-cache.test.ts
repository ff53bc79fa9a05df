import { describe, expect, it } from 'vitest';
import type { ChangeBus } from './change-bus';
import { EntityCache } from './entity-cache';
import { ResyncListeners } from './resync-listeners';

/** Two caches joined by an in-memory bus that delivers to the other side only, like Redis pub/sub between instances. */
function pairedBuses(): [ChangeBus, ChangeBus] {
  const listeners: Array<Array<{ topic: string; listener: (id: string) => void }>> = [[], []];
  const make = (self: number): ChangeBus => ({
    publish: (topic, id) => listeners[1 - self].filter((entry) => entry.topic === topic).forEach((entry) => entry.listener(id)),
    subscribe: (topic, listener) => void listeners[self].push({ topic, listener }),
    onResync: () => undefined,
    resync: async () => {},
    degraded: false,
    close: async () => {},
  });
  return [make(0), make(1)];
}

describe('EntityCache', () => {
  it('loads once, serves from memory, and reloads after invalidation on another instance', async () => {
    const store = new Map([[1, 'a']]);
    let loads = 0;
    const load = async (key: number) => {
      loads += 1;
      return store.get(key) ?? null;
    };
    const [busA, busB] = pairedBuses();
    const here = new EntityCache<number, string>('user', busA, load, 60_000, 10, Number);
    const there = new EntityCache<number, string>('user', busB, load, 60_000, 10, Number);
    expect(await Promise.all([here.get(1), here.get(1)])).toEqual(['a', 'a']);
    expect(loads).toBe(1);
    expect(await there.get(1)).toBe('a');
    store.set(1, 'b');
    expect(await here.get(1)).toBe('a');
    there.invalidate(1);
    expect(await here.get(1)).toBe('b');
    expect(await there.get(1)).toBe('b');
  });

  it('caches misses and does not keep a value loaded before an invalidation', async () => {
    let value: string | null = null;
    let release: () => void = () => {};
    const [bus] = pairedBuses();
    const cache = new EntityCache<string, string>('token', bus, async () => {
      const seen = value;
      await new Promise<void>((resolve) => (release = resolve));
      return seen;
    }, 60_000);
    const first = cache.get('k');
    value = 'fresh';
    cache.invalidate('k');
    release();
    expect(await first).toBeNull();
    const second = cache.get('k');
    release();
    expect(await second).toBe('fresh');
  });

  it('reads through to the database while the bus is degraded, and drops everything on a resync', async () => {
    const store = new Map([[1, 'a']]);
    let loads = 0;
    const resyncs = new ResyncListeners();
    const bus: ChangeBus & { degraded: boolean } = {
      publish: () => undefined,
      subscribe: () => undefined,
      onResync: (listener) => resyncs.add(listener),
      resync: () => resyncs.run(),
      degraded: true,
      close: async () => {},
    };
    const cache = new EntityCache<number, string>('user', bus, async (key) => {
      loads += 1;
      return store.get(key) ?? null;
    }, 60_000, 10, Number);
    expect(await cache.get(1)).toBe('a');
    store.set(1, 'banned');
    expect(await cache.get(1)).toBe('banned');
    expect(loads).toBe(2);
    bus.degraded = false;
    expect(await cache.get(1)).toBe('banned');
    store.set(1, 'missed notice');
    expect(await cache.get(1)).toBe('banned');
    await bus.resync();
    expect(await cache.get(1)).toBe('missed notice');
    expect(loads).toBe(4);
  });
});
