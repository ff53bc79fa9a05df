// `--breakdown`: where Turnpike's CPU per request goes, feature by feature. The same load runs against one Turnpike
// with everything on and then with one feature switched off at a time (through the operator's own options and
// channel switches, so nothing in the gateway knows it is being measured); the difference in CPU per request is what
// that feature costs. Each variant runs right after a run with everything on, and its cost is the difference within
// that pair (median over the rounds): a database that grows over the runs, or a slow spell of a shared machine,
// weighs on both runs of a pair. The variants take turns going first from round to round.
// Price lookup and reading the usage of streams cannot be switched off (a call is not billed without them): the
// profile summary (`--profile`) shows those by function.
import path from 'node:path';
import type { BenchOptions } from './bench-options';
import { startReportingProcess, type BenchProcess } from './bench-processes';
import type { BenchReport, Cell } from './bench-report';
import { startTurnpike } from './bench-turnpike';
import { benchModes, mainMockBehaviour, measuredRun, median, reportProfile, type BenchTarget, type RunFigures } from './throughput-section';
import { configureTurnpike, type TurnpikeSession } from './turnpike-admin';

/** One feature that can be switched off for a run, and back on after it. */
interface Variant {
  name: string;
  switchOff(root: TurnpikeSession): Promise<void>;
  switchOn(root: TurnpikeSession): Promise<void>;
}

/** Sets the bench channels other than the first to `status` (1 enabled, 2 disabled). */
async function setOtherChannels(root: TurnpikeSession, status: 1 | 2): Promise<void> {
  const page = await root.call<{ items: Array<{ id: number; name: string }> }>('GET', '/api/channel/?p=1&page_size=50');
  for (const channel of page.items.filter((item) => item.name !== 'bench-primary-1')) await root.call('PUT', '/api/channel/', { id: channel.id, status });
}

const option = (key: string): Pick<Variant, 'switchOff' | 'switchOn'> => ({
  switchOff: (root) => root.setOption(key, false),
  switchOn: (root) => root.setOption(key, true),
});

const variants: Variant[] = [
  { name: 'consumption log (LogConsumeEnabled)', ...option('LogConsumeEnabled') },
  { name: 'hourly usage buckets (DataExportEnabled)', ...option('DataExportEnabled') },
  { name: 'model rate limit (ModelRequestRateLimitEnabled)', ...option('ModelRequestRateLimitEnabled') },
  { name: 'channel selection (3 channels in 2 tiers → 1)', switchOff: (root) => setOtherChannels(root, 2), switchOn: (root) => setOtherChannels(root, 1) },
];

/** Runs the breakdown and adds its table to the report. */
export async function runBreakdownSection(options: BenchOptions, repositoryRoot: string, report: BenchReport): Promise<void> {
  const distDir = path.join(repositoryRoot, 'bench/dist');
  const processes: BenchProcess[] = [];
  const upstream = await startReportingProcess('mock upstream', [path.join(distDir, 'mock-upstream-process.mjs'), JSON.stringify(mainMockBehaviour)]);
  processes.push(upstream);
  const instance = await startTurnpike(repositoryRoot, options);
  const figures: Array<{ variant: string; mode: string; round: number; cpuMsPerRequest: number; requestsPerSecond: number; pairedWith?: number }> = [];
  try {
    const tenant = await configureTurnpike(instance.process.url, upstream.url);
    const target: BenchTarget = { name: 'turnpike', url: `${instance.process.url}/v1/chat/completions`, pid: instance.process.pid, headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.apiKey}` } };
    console.log(`\nBreakdown with ${options.generator}: ${options.rounds} round(s) of ${variants.length} pairs of runs per mode, ${options.connections} connections, ${options.durationSeconds} s each.`);
    for (const mode of benchModes.filter((candidate) => options.modes.includes(candidate.name))) {
      for (let round = 1; round <= options.rounds; round += 1) {
        const order = variants.map((_, index) => variants[(index + round - 1) % variants.length] as Variant);
        for (const variant of order) {
          // No billing check: with the log or the buckets off there is nothing to count. The main runs check billing.
          const measure = (): Promise<RunFigures> => measuredRun({ target, mode, round, connections: options.connections, warmupSeconds: options.warmupSeconds, seconds: options.durationSeconds, upstreamPid: upstream.pid, tenant: null, generator: options.generator }, report);
          const on = await measure();
          figures.push({ variant: 'everything on', mode: mode.name, round, cpuMsPerRequest: on.cpuMsPerRequest, requestsPerSecond: on.requestsPerSecond });
          await variant.switchOff(tenant.root);
          const off = await measure();
          await variant.switchOn(tenant.root);
          figures.push({ variant: variant.name, mode: mode.name, round, cpuMsPerRequest: off.cpuMsPerRequest, requestsPerSecond: off.requestsPerSecond, pairedWith: on.cpuMsPerRequest });
        }
      }
    }
  } finally {
    await instance.stop();
    for (const child of processes.reverse()) await child.stop();
  }
  const rows = [...new Set(figures.map((row) => row.mode))].flatMap((mode) => {
    const runsOf = (variant: string): typeof figures => figures.filter((row) => row.mode === mode && row.variant === variant);
    const all = median(runsOf('everything on').map((row) => row.cpuMsPerRequest));
    return [{ mode, variant: 'everything on', cpuMs: all, savedMs: 0, share: 1 }, ...variants.map((variant) => {
      const runs = runsOf(variant.name);
      // The feature's cost within each pair (the run with everything on just before it, minus the run without it).
      const savedMs = median(runs.map((row) => (row.pairedWith ?? row.cpuMsPerRequest) - row.cpuMsPerRequest));
      return { mode, variant: `without ${variant.name}`, cpuMs: median(runs.map((row) => row.cpuMsPerRequest)), savedMs, share: all > 0 ? savedMs / all : 0 };
    })];
  });
  report.table(
    'Where the CPU goes: the same load with one feature off, each right after a run with everything on (medians of the rounds; a feature\'s cost is the median of its pairs\' differences)',
    ['mode', 'run', 'CPU ms/req', 'feature costs ms/req', 'share'],
    rows.map((row): Cell[] => [row.mode, row.variant, row.cpuMs, row.variant === 'everything on' ? '–' : row.savedMs, row.variant === 'everything on' ? '–' : `${(row.share * 100).toFixed(1)}%`]),
  );
  report.sections.breakdown = { runs: figures, rows };
  if (options.profileDir) reportProfile(report, options.profileDir);
}
