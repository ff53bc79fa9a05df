import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FleetJobs } from './fleet-jobs';
import type { LeaseBackend } from './job-lease';

/** Leases in one process's memory, with the same rules as the Redis and database backends. */
class MemoryLeases implements LeaseBackend {
  readonly leases = new Map<string, { holder: string; expiresAt: number }>();
  failing = false;

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    if (this.failing) throw new Error('lease store unreachable');
    const lease = this.leases.get(name);
    if (lease && lease.holder !== holder && lease.expiresAt > Date.now()) return false;
    this.leases.set(name, { holder, expiresAt: Date.now() + ttlMs });
    return true;
  }

  async release(name: string, holder: string): Promise<void> {
    if (this.leases.get(name)?.holder === holder) this.leases.delete(name);
  }
}

// Fake timers drive the ticks, the lease clock (Date.now) and the jobs' own waits: every count below is exact.
describe('FleetJobs', () => {
  const started: FleetJobs[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
    vi.useRealTimers();
  });

  function fleet(leases: LeaseBackend, size: number, warnings: string[] = []): FleetJobs[] {
    const log = { warn: (_details: object, message: string) => void warnings.push(message), info: () => undefined, debug: () => undefined };
    const members = Array.from({ length: size }, (_, index) => new FleetJobs(leases, `run-${index}`, 300, log));
    started.push(...members);
    return members;
  }

  const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs a job on one instance of three per tick, and moves it to another when that one stops', async () => {
    const leases = new MemoryLeases();
    const runs: string[] = [];
    const members = fleet(leases, 3);
    for (const member of members) member.schedule({ name: 'probe', intervalMs: 40, run: async () => void runs.push(member.holder) });
    await vi.advanceTimersByTimeAsync(8 * 40);
    // Three instances ticking every 40 ms: one run per tick, never three, always on the lease holder.
    expect(runs).toHaveLength(8);
    const leader = runs[0];
    expect(new Set(runs)).toEqual(new Set([leader]));
    await members.find((member) => member.holder === leader)?.stop();
    runs.length = 0;
    await vi.advanceTimersByTimeAsync(3 * 40);
    expect(runs).toHaveLength(3);
    expect(new Set(runs).size).toBe(1);
    expect(runs[0]).not.toBe(leader);
  });

  it('takes over a dead holder’s lease only once it expired, skips switched-off jobs and overlapping runs', async () => {
    const leases = new MemoryLeases();
    const expiresAt = Date.now() + 250;
    leases.leases.set('probe', { holder: 'dead-run', expiresAt });
    let firstRunAt = 0;
    const [member] = fleet(leases, 1);
    let enabled = true;
    let runs = 0;
    let active = 0;
    let overlapped = false;
    member.schedule({
      name: 'probe',
      intervalMs: 30,
      enabled: () => enabled,
      run: async () => {
        firstRunAt ||= Date.now();
        runs += 1;
        active += 1;
        overlapped ||= active > 1;
        await wait(70);
        active -= 1;
      },
    });
    // Ticks every 30 ms: refused until the lease expires (250 ms), first run at 270 ms; the ticks at 300 and 330 ms
    // fall inside that 70 ms run and are skipped, the second run starts at 360 ms.
    await vi.advanceTimersByTimeAsync(400);
    expect(firstRunAt).toBeGreaterThanOrEqual(expiresAt);
    expect(runs).toBe(2);
    expect(overlapped).toBe(false);
    enabled = false;
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toBe(2);
    expect(active).toBe(0);
  });

  it('pauses while the lease store fails, with one warning, and resumes', async () => {
    const leases = new MemoryLeases();
    leases.failing = true;
    const warnings: string[] = [];
    const [member] = fleet(leases, 1, warnings);
    let runs = 0;
    member.schedule({ name: 'probe', intervalMs: 30, run: async () => void (runs += 1) });
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toBe(0);
    expect(warnings).toEqual(['job lease unavailable: fleet jobs pause on this instance until it is back']);
    leases.failing = false;
    await vi.advanceTimersByTimeAsync(60);
    expect(runs).toBe(2);
    expect(warnings).toHaveLength(1);
  });
});
