// Fixed-window counters behind a small interface: in memory per process now, Redis when several instances share limits.

/** The state of one key's window after a hit. */
export interface RateLimitHit {
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Counts hits per key in fixed windows. */
export interface RateLimitStore {
  /** Counts one hit on `key` in a window of `windowSeconds` and reports the window's count. */
  hit(key: string, windowSeconds: number): Promise<RateLimitHit>;
  /** The count of `key`'s current window without adding a hit (0 when none is open). */
  peek(key: string): Promise<number>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** How many hits between sweeps of expired windows (keeps memory bounded without a timer). */
const sweepEvery = 1000;

/** In-process fixed windows; counts are not shared between instances. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowSeconds: number): Promise<RateLimitHit> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
  }

  async peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.endsAt > this.now() ? window.count : 0;
  }

  private sweep(now: number): void {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < sweepEvery) return;
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
