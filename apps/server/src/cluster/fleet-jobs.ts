// Periodic jobs that run once across the fleet: every instance ticks, only the holder of the job's lease runs it.
import type { ClusterLog } from './change-bus';
import type { LeaseBackend } from './job-lease';

/** A periodic job. */
export interface FleetJob {
  /** The lease name, unique in the fleet (e.g. `channel-tests`). */
  name: string;
  /** Time between runs. */
  intervalMs: number;
  /** When given and false, a tick does nothing (the feature is switched off); checked before taking the lease. */
  enabled?: () => boolean;
  run(): Promise<void>;
}

interface LeaseState {
  held: boolean;
  running: boolean;
}

/**
 * Schedules fleet jobs for one instance run (`holder`). Each job has its own lease, so different jobs may
 * land on different instances. A tick takes or renews the lease and runs the job only when it holds it; the
 * leases held are also renewed every third of their lifetime, so a long run or a long interval keeps its
 * instance, and a dead instance's leases pass to another one within `leaseTtlMs`.
 */
export class FleetJobs {
  private readonly states = new Map<string, LeaseState>();
  private readonly jobs = new Map<string, FleetJob>();
  private readonly timers: NodeJS.Timeout[] = [];
  private renewTimer: NodeJS.Timeout | null = null;
  private failing = false;
  private stopped = false;

  constructor(
    private readonly backend: LeaseBackend,
    /** This instance run's unique id (its start id). */
    readonly holder: string,
    private readonly leaseTtlMs: number,
    private readonly log: ClusterLog,
  ) {}

  /** Starts ticking `job` every `intervalMs` (the first tick after one interval). */
  schedule(job: FleetJob): void {
    if (this.states.has(job.name)) throw new Error(`fleet job ${job.name} is scheduled twice`);
    this.states.set(job.name, { held: false, running: false });
    this.jobs.set(job.name, job);
    const timer = setInterval(() => void this.tick(job), job.intervalMs);
    timer.unref();
    this.timers.push(timer);
    if (!this.renewTimer) {
      this.renewTimer = setInterval(() => void this.renewHeld(), Math.max(100, Math.floor(this.leaseTtlMs / 3)));
      this.renewTimer.unref();
    }
  }

  /** Runs `job` now if this instance holds (or can take) its lease; resolves when the run ends. */
  async tick(job: FleetJob): Promise<void> {
    const state = this.states.get(job.name);
    if (!state || this.stopped || state.running) return;
    if (job.enabled && !job.enabled()) return;
    if (!(await this.take(job.name, state))) return;
    state.running = true;
    try {
      await job.run();
    } catch (error) {
      this.log.warn({ err: error, job: job.name }, 'fleet job failed');
    } finally {
      state.running = false;
    }
  }

  /** Ticks the scheduled job named `name` now, exactly as its timer would (lease first); nothing when it is not scheduled. */
  async tickNamed(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (job) await this.tick(job);
  }

  /** Names of the jobs whose lease this instance holds now. */
  held(): string[] {
    return [...this.states].filter(([, state]) => state.held).map(([name]) => name);
  }

  private async take(name: string, state: LeaseState): Promise<boolean> {
    try {
      state.held = await this.backend.acquire(name, this.holder, this.leaseTtlMs);
      if (this.failing) this.log.info({ job: name }, 'job leases reachable again');
      this.failing = false;
    } catch (error) {
      state.held = false;
      if (!this.failing) this.log.warn({ err: error, job: name }, 'job lease unavailable: fleet jobs pause on this instance until it is back');
      this.failing = true;
    }
    return state.held;
  }

  private async renewHeld(): Promise<void> {
    for (const [name, state] of this.states) if (state.held && !this.stopped) await this.take(name, state);
  }

  /** Stops ticking and gives the held leases up, so another instance takes the jobs at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    const held = this.held();
    await Promise.allSettled(held.map((name) => this.backend.release(name, this.holder)));
    for (const state of this.states.values()) state.held = false;
  }
}
