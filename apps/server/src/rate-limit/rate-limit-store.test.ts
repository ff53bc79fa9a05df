import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit-store';

describe('MemoryRateLimitStore', () => {
  it('counts hits per key in fixed windows that reset when they end', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.hit('a', 60)).toEqual({ count: 1, resetSeconds: 60 });
    now += 20_000;
    expect(await store.hit('a', 60)).toEqual({ count: 2, resetSeconds: 40 });
    expect(await store.hit('b', 60)).toEqual({ count: 1, resetSeconds: 60 });
    now += 40_000;
    expect(await store.hit('a', 60)).toEqual({ count: 1, resetSeconds: 60 });
  });
});
