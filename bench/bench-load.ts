// One load run with autocannon: requests per second, errors, and latency percentiles kept to the microsecond
// (autocannon's own histogram keeps whole milliseconds, too coarse for the added-latency figures).
import autocannon from 'autocannon';

/** What to send, how hard and for how long. */
export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  /** Run for this many seconds (in-flight requests are cut at the end), or … */
  durationSeconds?: number;
  /** … send exactly this many requests and wait for every answer (so billing can be checked exactly). */
  amount?: number;
  timeoutSeconds?: number;
}

/** Latency percentiles in milliseconds. */
export interface LatencySummary {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** What a run measured. */
export interface LoadResult {
  /** Answers with a 2xx status. */
  completed: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  latency: LatencySummary;
}

/** The `fraction` percentile (0–1) of sorted values, nearest rank. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

/** Percentiles of unsorted samples. */
export function summarise(samples: number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : 0,
    mean: sorted.length ? total / sorted.length : 0,
  };
}

/** Runs one load and waits for its end. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const samples: number[] = [];
  const instance = autocannon({
    url: spec.url,
    method: 'POST',
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.durationSeconds ?? 10 }),
    timeout: spec.timeoutSeconds ?? 30,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
  });
  const result = await instance;
  const completed = result['2xx'];
  return {
    completed,
    non2xx: result.non2xx,
    errors: result.errors,
    seconds: result.duration,
    requestsPerSecond: result.duration > 0 ? completed / result.duration : 0,
    latency: summarise(samples),
  };
}
