// What the Prometheus metrics cost per relay call, measured in-process: the recorder calls one relay call makes
// (an upstream attempt, the stream gauge for streams, the call's counters and histograms), a million times, timed by
// the process's CPU clock. An end-to-end on/off comparison moves by more than the whole cost between runs on a shared
// machine; this figure does not, and the main runs' CPU per request (when they ran) turns it into a share.
import { GatewayMetrics, type RelayCallFacts } from '../apps/server/src/metrics/gateway-metrics';
import type { BenchReport, Cell } from './bench-report';

const models = ['gpt-4o-mini', 'claude-sonnet-4-5', 'gemini-2.5-flash'];
const calls = 1_000_000;

/** One relay call's metric recording, as relay-pipeline and relay-endpoint-call make it. */
function recordCall(metrics: GatewayMetrics, index: number, stream: boolean): void {
  const facts: RelayCallFacts = { model: models[index % models.length] ?? 'gpt-4o-mini', group: 'default', channelId: 1 + (index % 3), channelType: 1, stream, firstByteMs: stream ? 12 : 0, promptTokens: 120, completionTokens: 24, quota: 180 };
  const startedAt = performance.now();
  metrics.upstreamAttempt(facts.channelId, facts.channelType, true, false);
  if (stream) metrics.streamDelta(1);
  if (stream) metrics.streamDelta(-1);
  metrics.callDone('openai-chat', 200, (performance.now() - startedAt) / 1000, facts);
}

/** CPU microseconds per recorded call. */
function measure(stream: boolean): number {
  const metrics = new GatewayMetrics({ databaseUp: () => Promise.resolve(true), redisUp: () => null, settlementQueueDepth: () => 0, reservationsHeld: () => 0 });
  for (let index = 0; index < 100_000; index += 1) recordCall(metrics, index, stream);
  const before = process.cpuUsage();
  for (let index = 0; index < calls; index += 1) recordCall(metrics, index, stream);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

/** Main runs' Turnpike CPU ms per request by mode (median of rounds), when they ran in this benchmark. */
function turnpikeCpuByMode(report: BenchReport): Map<string, number> {
  const main = report.sections.main as { runs?: { mode: string; target: string; cpuMsPerRequest: number }[] } | undefined;
  const byMode = new Map<string, number>();
  for (const mode of ['non-streaming', 'streaming']) {
    const figures = (main?.runs ?? []).filter((run) => run.mode === mode && run.target === 'turnpike').map((run) => run.cpuMsPerRequest).sort((a, b) => a - b);
    if (figures.length) byMode.set(mode, figures[Math.floor(figures.length / 2)] ?? 0);
  }
  return byMode;
}

/** Prints the metrics' CPU per call and, with the main runs' figures, its share of Turnpike's CPU per request. */
export function runMetricsCostSection(report: BenchReport): void {
  const cpu = turnpikeCpuByMode(report);
  const rows = (['non-streaming', 'streaming'] as const).map((mode) => {
    const micros = measure(mode === 'streaming');
    const perRequestMs = cpu.get(mode) ?? null;
    return { mode, microsPerCall: micros, turnpikeCpuMsPerRequest: perRequestMs, share: perRequestMs ? micros / 1000 / perRequestMs : null };
  });
  report.table(
    'Prometheus metrics: CPU per relay call (in-process, 1,000,000 calls)',
    ['mode', 'µs per call', 'Turnpike CPU ms/req', 'share'],
    rows.map((row): Cell[] => [row.mode, row.microsPerCall, row.turnpikeCpuMsPerRequest ?? '–', row.share === null ? '–' : `${(row.share * 100).toFixed(1)}%`]),
  );
  for (const row of rows) {
    if (row.share !== null) report.check(`metrics cost ≤ 5% of Turnpike's CPU per request (${row.mode})`, row.share <= 0.05, `${row.microsPerCall.toFixed(2)} µs of ${(row.turnpikeCpuMsPerRequest ?? 0).toFixed(3)} ms`);
  }
  report.sections.metricsCost = rows;
}
