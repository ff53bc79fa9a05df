// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** Options of one run. */
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds; ignored when `amount` is set. */
    duration?: number;
    /** Total requests; each connection sends its share and the run ends when all are answered. */
    amount?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    pipelining?: number;
  }

  /** Summary statistics autocannon keeps (whole milliseconds for latency). */
  export interface AutocannonHistogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  /** The result of a run. */
  export interface AutocannonResult {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    '2xx': number;
    latency: AutocannonHistogram;
    requests: AutocannonHistogram & { sent: number };
  }

  /** A running load: an event emitter (`response`, `reqError`, `done`) that is also awaitable. */
  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  /** Starts a run. */
  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
