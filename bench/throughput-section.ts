// The main runs: direct (the mock itself), baseline (bare proxy) and Turnpike side by side, non-streaming and
// streaming, under the same load; CPU per request, peak RSS, ratios, latency added at 1 connection, billing checks.
import path from 'node:path';
import { runLoad, type LatencySummary, type LoadResult } from './bench-load';
import { newestProfile, summariseProfileFile } from './profile-summary';
import { runWrk } from './wrk-load';
import type { BenchOptions } from './bench-options';
import { measureCpu, readCpuMs, RssSampler, startReportingProcess, type BenchProcess } from './bench-processes';
import type { BenchReport, Cell } from './bench-report';
import { startTurnpike } from './bench-turnpike';
import { checkBilling, checkBillingTimed } from './billing-checks';
import { benchPricing, configureTurnpike, costPerCall, waitForSettlement, type BenchTenant, type BillingSnapshot } from './turnpike-admin';
import { serverNodeFlags } from '../apps/server/src/runtime-flags';

/** A load mode: the request body sent. */
export interface BenchMode {
  name: 'non-streaming' | 'streaming';
  body: string;
}

const messages = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'Write twenty short words about toll roads.' },
];

export const benchModes: BenchMode[] = [
  { name: 'non-streaming', body: JSON.stringify({ model: benchPricing.model, messages, max_tokens: 64 }) },
  { name: 'streaming', body: JSON.stringify({ model: benchPricing.model, messages, max_tokens: 64, stream: true, stream_options: { include_usage: true } }) },
];

/** Where a load goes and which process's CPU it is charged to. */
export interface BenchTarget {
  name: 'direct' | 'baseline' | 'turnpike';
  url: string;
  pid: number;
  headers: Record<string, string>;
}

/** One measured run. */
export interface RunFigures {
  target: string;
  mode: string;
  /** The round of the main runs (1-based; 1 for the 1-connection runs). */
  round: number;
  connections: number;
  completed: number;
  errors: number;
  non2xx: number;
  seconds: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  /** The target process's CPU time per completed request. */
  cpuMsPerRequest: number;
  /** The mock upstream's CPU time per request in the same run (for reference). */
  upstreamCpuMsPerRequest: number;
  peakRssMb: number;
}

/** The mock's behaviour for the main runs: 20 content chunks, fixed usage, usage chunk last. */
export const mainMockBehaviour = { chunkCount: benchPricing.completionTokens, promptTokens: benchPricing.promptTokens, usage: 'last' };

/** One measured run's setting. */
export interface RunPlan {
  target: BenchTarget;
  mode: BenchMode;
  round: number;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  upstreamPid: number;
  /** The bench user, whose billing is checked after a Turnpike run; null for the other targets. */
  tenant: BenchTenant | null;
  /** The load generator: wrk (timed runs, saturating) or autocannon (a fixed number of requests). */
  generator: 'wrk' | 'autocannon';
}

export async function measuredRun({ target, mode, round, connections, warmupSeconds, seconds, upstreamPid, tenant, generator }: RunPlan, report: BenchReport): Promise<RunFigures> {
  const spec = { url: target.url, headers: target.headers, body: mode.body, connections };
  const timed = generator === 'wrk';
  const warm: LoadResult = timed ? await runWrk({ ...spec, durationSeconds: Math.max(1, warmupSeconds) }) : await runLoad({ ...spec, durationSeconds: Math.max(1, warmupSeconds) });
  const rate = warm.completed / Math.max(0.1, warm.seconds);
  // autocannon: a fixed number of requests, each awaited, so nothing is cut in flight and the billing check is exact.
  const amount = Math.max(connections * 10, Math.round(rate * seconds));
  const before: BillingSnapshot | null = tenant ? await waitForSettlement(tenant) : null;
  const sampler = new RssSampler(target.pid);
  const upstreamStart = readCpuMs(upstreamPid);
  const { result, cpuMs } = await measureCpu(target.pid, () => (timed ? runWrk({ ...spec, durationSeconds: seconds }) : runLoad({ ...spec, amount })));
  const upstreamCpuMs = readCpuMs(upstreamPid) - upstreamStart;
  const peakRssMb = sampler.stop();
  const figures: RunFigures = {
    target: target.name,
    mode: mode.name,
    round,
    connections,
    completed: result.completed,
    errors: result.errors,
    non2xx: result.non2xx,
    seconds: result.seconds,
    requestsPerSecond: result.requestsPerSecond,
    latency: result.latency,
    cpuMsPerRequest: result.completed ? cpuMs / result.completed : 0,
    upstreamCpuMsPerRequest: result.completed ? upstreamCpuMs / result.completed : 0,
    peakRssMb,
  };
  const label = `${target.name} ${mode.name} ×${connections}${connections > 1 ? ` round ${round}` : ''} (${generator})`;
  if (timed) {
    // wrk closes its connections at the end of the run; a read error there is a call it cut, not an error.
    report.check(`${label}: no errors`, result.non2xx === 0 && result.errors <= connections && result.completed > 0, `${result.completed} answered 2xx, ${result.errors} cut or failed (≤ ${connections} allowed at the end), ${result.non2xx} non-2xx`);
    if (tenant && before) checkBillingTimed(report, label, before, await waitForSettlement(tenant), result.completed, connections);
  } else {
    report.check(`${label}: no errors`, result.errors === 0 && result.non2xx === 0 && result.completed === amount, `${result.completed}/${amount} answered 2xx, ${result.errors} errors, ${result.non2xx} non-2xx`);
    if (tenant && before) checkBilling(report, label, before, await waitForSettlement(tenant), result.completed);
  }
  return figures;
}

const ratio = (value: number, base: number): number => (base > 0 ? value / base : Number.NaN);

/** Runs the main section and adds its tables, checks and figures to the report. */
export async function runThroughputSection(options: BenchOptions, repositoryRoot: string, report: BenchReport): Promise<void> {
  const distDir = path.join(repositoryRoot, 'bench/dist');
  const processes: BenchProcess[] = [];
  const upstream = await startReportingProcess('mock upstream', [path.join(distDir, 'mock-upstream-process.mjs'), JSON.stringify(mainMockBehaviour)]);
  processes.push(upstream);
  // The bare proxy runs with Turnpike's Node flags, so the floor sizes its heap the way the gateway does.
  const baseline = await startReportingProcess('baseline proxy', [...serverNodeFlags, path.join(repositoryRoot, 'bench/baseline-proxy.mjs'), upstream.url]);
  processes.push(baseline);
  const selected = benchModes.filter((mode) => options.modes.includes(mode.name));
  const instance = await startTurnpike(repositoryRoot, options);
  try {
    const tenant = await configureTurnpike(instance.process.url, upstream.url);
    const json = { 'content-type': 'application/json' };
    const upstreamKey = { ...json, authorization: 'Bearer bench-upstream-key' };
    const allTargets: BenchTarget[] = [
      { name: 'direct', url: `${upstream.url}/v1/chat/completions`, pid: upstream.pid, headers: upstreamKey },
      { name: 'baseline', url: `${baseline.url}/v1/chat/completions`, pid: baseline.pid, headers: upstreamKey },
      { name: 'turnpike', url: `${instance.process.url}/v1/chat/completions`, pid: instance.process.pid, headers: { ...json, authorization: `Bearer ${tenant.apiKey}` } },
    ];
    const targets = allTargets.filter((target) => options.targets.includes(target.name));
    console.log(`\nMain runs with ${options.generator}: ${options.rounds} round(s), ${options.connections} connections, ${options.durationSeconds} s after ${options.warmupSeconds} s of warm-up; each Turnpike call costs ${costPerCall} quota units.`);
    const runs: RunFigures[] = [];
    // Round by round, each target right after the others: a slow spell of a shared machine then weighs on both
    // sides of a round's ratio, and the median of the rounds' ratios leaves an unlucky round out.
    for (const mode of selected) {
      for (let round = 1; round <= options.rounds; round += 1) {
        for (const target of targets) {
          const plan = { target, mode, round, connections: options.connections, warmupSeconds: options.warmupSeconds, seconds: options.durationSeconds, upstreamPid: upstream.pid, tenant: target.name === 'turnpike' ? tenant : null, generator: options.generator };
          runs.push(await measuredRun(plan, report));
        }
      }
    }
    console.log(`\nLatency at 1 connection: ${options.singleSeconds} s per run.`);
    const single: RunFigures[] = [];
    for (const mode of selected) {
      for (const target of targets) {
        // autocannon at 1 connection: a fixed number of calls, so this run's billing check is exact to the unit.
        const plan = { target, mode, round: 1, connections: 1, warmupSeconds: 1, seconds: options.singleSeconds, upstreamPid: upstream.pid, tenant: target.name === 'turnpike' ? tenant : null, generator: 'autocannon' as const };
        single.push(await measuredRun(plan, report));
      }
    }
    printAndRecord(report, selected, runs, single, options.generator);
  } finally {
    await instance.stop();
    for (const child of processes.reverse()) await child.stop();
  }
  if (options.profileDir) reportProfile(report, options.profileDir);
}

/** Prints the top functions by self time of the profile Turnpike wrote when it stopped. */
export function reportProfile(report: BenchReport, profileDir: string): void {
  const file = newestProfile(profileDir);
  if (!file) {
    report.check('CPU profile written', false, `no .cpuprofile in ${profileDir}`);
    return;
  }
  const entries = summariseProfileFile(file);
  report.table(`Turnpike CPU profile: top functions by self time (${path.basename(file)}, idle left out)`, ['function', 'self ms', 'share'], entries.map((entry): Cell[] => [entry.name, entry.selfMs, `${(entry.share * 100).toFixed(1)}%`]));
  report.sections.profile = { file, entries };
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printAndRecord(report: BenchReport, selected: BenchMode[], runs: RunFigures[], single: RunFigures[], generator: 'wrk' | 'autocannon'): void {
  report.table(
    'Throughput (same load on each target)',
    ['mode / target', 'round', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU ms/req', 'peak RSS MB', 'upstream CPU ms/req'],
    runs.map((run): Cell[] => [`${run.mode} / ${run.target}`, run.round, run.requestsPerSecond, run.latency.p50, run.latency.p99, run.errors + run.non2xx, run.cpuMsPerRequest, run.peakRssMb, run.upstreamCpuMsPerRequest]),
  );
  const find = (list: RunFigures[], mode: string, target: string, round = 1): RunFigures | undefined => list.find((run) => run.mode === mode && run.target === target && run.round === round);
  const ratios = selected.map((mode) => {
    const rounds = [...new Set(runs.filter((run) => run.mode === mode.name).map((run) => run.round))];
    const perRound = (read: (run: RunFigures) => number): number[] =>
      rounds.map((round) => {
        const turnpike = find(runs, mode.name, 'turnpike', round);
        const baseline = find(runs, mode.name, 'baseline', round);
        return turnpike && baseline ? ratio(read(turnpike), read(baseline)) : Number.NaN;
      });
    const cpu = perRound((run) => run.cpuMsPerRequest);
    return {
      mode: mode.name,
      cpuPerRequest: median(cpu),
      cpuPerRequestRounds: cpu,
      requestsPerSecond: median(perRound((run) => run.requestsPerSecond)),
      p50: median(perRound((run) => run.latency.p50)),
      p99: median(perRound((run) => run.latency.p99)),
      peakRss: median(perRound((run) => run.peakRssMb)),
    };
  });
  report.table(
    'Ratios turnpike / baseline (median of the rounds)',
    ['mode', 'CPU/req', 'CPU/req by round', 'req/s', 'p50', 'p99', 'peak RSS'],
    ratios.map((row): Cell[] => [row.mode, row.cpuPerRequest, row.cpuPerRequestRounds.map((value) => value.toFixed(2)).join(' '), row.requestsPerSecond, row.p50, row.p99, row.peakRss]),
  );
  const added = selected.map((mode) => {
    const turnpike = find(single, mode.name, 'turnpike');
    const baseline = find(single, mode.name, 'baseline');
    const direct = find(single, mode.name, 'direct');
    return {
      mode: mode.name,
      direct: direct?.latency,
      baseline: baseline?.latency,
      turnpike: turnpike?.latency,
      addedP50: (turnpike?.latency.p50 ?? 0) - (baseline?.latency.p50 ?? 0),
      addedP99: (turnpike?.latency.p99 ?? 0) - (baseline?.latency.p99 ?? 0),
      turnpikeCpuMsPerRequest: turnpike?.cpuMsPerRequest ?? 0,
      baselineCpuMsPerRequest: baseline?.cpuMsPerRequest ?? 0,
    };
  });
  report.table(
    'Latency at 1 connection (ms)',
    ['mode', 'direct p50', 'baseline p50', 'turnpike p50', 'added p50', 'baseline p99', 'turnpike p99', 'added p99'],
    added.map((row): Cell[] => [row.mode, row.direct?.p50 ?? 0, row.baseline?.p50 ?? 0, row.turnpike?.p50 ?? 0, row.addedP50, row.baseline?.p99 ?? 0, row.turnpike?.p99 ?? 0, row.addedP99]),
  );
  const peakRss = Math.max(...runs.filter((run) => run.target === 'turnpike').map((run) => run.peakRssMb));
  const targets = [
    ...ratios.map((row) => ({ target: `CPU per request ≤ ${row.mode === 'streaming' ? 1.8 : 1.6}× baseline (${row.mode})`, figure: row.cpuPerRequest.toFixed(2) + '×', met: row.cpuPerRequest <= (row.mode === 'streaming' ? 1.8 : 1.6) })),
    ...added.map((row) => ({ target: `latency added at 1 connection p50 ≤ 0.3 ms (${row.mode})`, figure: row.addedP50.toFixed(3) + ' ms', met: row.addedP50 <= 0.3 })),
    { target: 'Turnpike peak RSS ≤ 200 MB', figure: peakRss.toFixed(1) + ' MB', met: peakRss <= 200 },
    // Issue 22: at saturation (wrk), within 1.3× / 1.5× of the bare proxy and 150 MB.
    ...(generator === 'wrk'
      ? [
          ...ratios.map((row) => ({ target: `wrk: CPU per request ≤ ${row.mode === 'streaming' ? 1.5 : 1.3}× baseline (${row.mode})`, figure: row.cpuPerRequest.toFixed(2) + '×', met: row.cpuPerRequest <= (row.mode === 'streaming' ? 1.5 : 1.3) })),
          { target: 'wrk: Turnpike peak RSS ≤ 150 MB', figure: peakRss.toFixed(1) + ' MB', met: peakRss <= 150 },
        ]
      : []),
  ];
  report.table('Targets (figures, not checks)', ['target', 'figure', 'met'], targets.map((row): Cell[] => [row.target, row.figure, row.met ? 'yes' : 'no']));
  report.sections.main = { generator, runs, ratios, singleConnection: single, latencyAdded: added, targets };
}
