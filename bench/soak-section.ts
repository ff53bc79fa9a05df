// The streaming soak (issue 6 §2): thousands of concurrent streams from a slow upstream (a chunk every 100 ms for
// about 10 s), on the mock directly, through the bare proxy and through Turnpike: errors, RSS growth, added TTFB.
import path from 'node:path';
import { summarise, type LatencySummary } from './bench-load';
import type { BenchOptions } from './bench-options';
import { readCpuMs, readMemoryMb, RssSampler, startReportingProcess, type BenchProcess } from './bench-processes';
import type { BenchReport, Cell } from './bench-report';
import { startTurnpike } from './bench-turnpike';
import { checkBilling } from './billing-checks';
import { runSoakStreams, type SoakSpec } from './soak-streams';
import { benchPricing, callCost, configureTurnpike, waitForSettlement } from './turnpike-admin';
import { serverNodeFlags } from '../apps/server/src/runtime-flags';

/** One target's soak figures. */
export interface SoakFigures {
  target: string;
  streams: number;
  completed: number;
  errors: number;
  firstError: string | null;
  errorTimes: number[];
  peakOpenStreams: number;
  firstByte: LatencySummary;
  rssBeforeMb: number;
  peakRssMb: number;
  rssGrowthMb: number;
  cpuMsPerStream: number;
}

const body = JSON.stringify({
  model: benchPricing.model,
  messages: [{ role: 'user', content: 'Tell a long story, slowly.' }],
  stream: true,
  stream_options: { include_usage: true },
});

/** Runs the soak section and adds its table, checks and figures to the report. */
export async function runSoakSection(options: BenchOptions, repositoryRoot: string, report: BenchReport): Promise<void> {
  const chunkCount = Math.round((options.soakStreamSeconds * 1000) / options.soakChunkMs);
  const behaviour = { chunkCount, chunkDelayMs: options.soakChunkMs, promptTokens: benchPricing.promptTokens, usage: 'last' };
  const processes: BenchProcess[] = [];
  const upstream = await startReportingProcess('slow mock upstream', [path.join(repositoryRoot, 'bench/dist/mock-upstream-process.mjs'), JSON.stringify(behaviour)]);
  processes.push(upstream);
  // The bare proxy runs with Turnpike's Node flags, so the floor sizes its heap the way the gateway does.
  const baseline = await startReportingProcess('baseline proxy', [...serverNodeFlags, path.join(repositoryRoot, 'bench/baseline-proxy.mjs'), upstream.url]);
  processes.push(baseline);
  const turnpike = await startTurnpike(repositoryRoot, options);
  console.log(`\nSoak: ${options.soakStreams} concurrent streams for ${options.soakSeconds} s, each ${chunkCount} chunks ${options.soakChunkMs} ms apart.`);
  try {
    const tenant = await configureTurnpike(turnpike.process.url, upstream.url);
    const upstreamHeaders = { 'content-type': 'application/json', authorization: 'Bearer bench-upstream-key' };
    const targets = [
      { name: 'direct', url: upstream.url, pid: upstream.pid, headers: upstreamHeaders },
      { name: 'baseline', url: baseline.url, pid: baseline.pid, headers: upstreamHeaders },
      { name: 'turnpike', url: turnpike.process.url, pid: turnpike.process.pid, headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.apiKey}` } },
    ];
    const figures: SoakFigures[] = [];
    for (const target of targets.filter((candidate) => options.targets.includes(candidate.name))) {
      // Starts spread over one stream's length: 2,000 are open from then on, and since each stream restarts when it
      // ends, the target sees a steady 200 new streams a second rather than 2,000 in a burst every 10 s.
      const spec: SoakSpec = { origin: target.url, path: '/v1/chat/completions', headers: target.headers, body, streams: options.soakStreams, seconds: options.soakSeconds, rampSeconds: options.soakStreamSeconds };
      // One short round warms the target up (JIT, pools) before its memory is taken as the starting point.
      await runSoakStreams({ ...spec, streams: Math.min(100, options.soakStreams), seconds: 0, rampSeconds: 0.5 });
      const before = target.name === 'turnpike' ? await waitForSettlement(tenant) : null;
      const rssBeforeMb = readMemoryMb(target.pid).rss;
      const sampler = new RssSampler(target.pid, 200);
      const cpuBefore = readCpuMs(target.pid);
      const outcome = await runSoakStreams(spec);
      const cpuMs = readCpuMs(target.pid) - cpuBefore;
      const peakRssMb = sampler.stop();
      const result: SoakFigures = {
        target: target.name,
        streams: options.soakStreams,
        completed: outcome.completed,
        errors: outcome.errors,
        firstError: outcome.firstError,
        errorTimes: outcome.errorTimes,
        peakOpenStreams: outcome.peakOpenStreams,
        firstByte: summarise(outcome.firstByteMs),
        rssBeforeMb,
        peakRssMb,
        rssGrowthMb: peakRssMb - rssBeforeMb,
        cpuMsPerStream: outcome.completed ? cpuMs / outcome.completed : 0,
      };
      figures.push(result);
      report.check(`soak ${target.name}: no errors`, outcome.errors === 0 && outcome.completed > 0, `${outcome.completed} streams completed, ${outcome.errors} failed${outcome.firstError ? ` (first: ${outcome.firstError})` : ''}, ${outcome.peakOpenStreams} open at the peak`);
      if (before) checkBilling(report, `soak ${target.name}`, before, await waitForSettlement(tenant), outcome.completed, callCost(chunkCount));
    }
    record(report, figures);
  } finally {
    await turnpike.stop();
    for (const child of processes.reverse()) await child.stop();
  }
}

function record(report: BenchReport, figures: SoakFigures[]): void {
  report.table(
    'Streaming soak',
    ['target', 'streams', 'peak open', 'completed', 'errors', 'TTFB p50 ms', 'TTFB p99 ms', 'RSS before MB', 'peak RSS MB', 'growth MB', 'CPU ms/stream'],
    figures.map((row): Cell[] => [row.target, row.streams, row.peakOpenStreams, row.completed, row.errors, row.firstByte.p50, row.firstByte.p99, row.rssBeforeMb, row.peakRssMb, row.rssGrowthMb, row.cpuMsPerStream]),
  );
  const find = (name: string): SoakFigures | undefined => figures.find((row) => row.target === name);
  const turnpike = find('turnpike');
  const addedOverDirect = (turnpike?.firstByte.p99 ?? 0) - (find('direct')?.firstByte.p99 ?? 0);
  const addedOverBaseline = (turnpike?.firstByte.p99 ?? 0) - (find('baseline')?.firstByte.p99 ?? 0);
  const targets = [
    { target: 'no errors', figure: String(turnpike?.errors ?? '–'), met: turnpike?.errors === 0 },
    { target: 'RSS growth ≤ 150 MB', figure: `${(turnpike?.rssGrowthMb ?? 0).toFixed(1)} MB`, met: (turnpike?.rssGrowthMb ?? Infinity) <= 150 },
    { target: 'TTFB added p99 ≤ 5 ms (over direct)', figure: `${addedOverDirect.toFixed(2)} ms`, met: addedOverDirect <= 5 },
    { target: 'TTFB added p99 over baseline (reference)', figure: `${addedOverBaseline.toFixed(2)} ms`, met: addedOverBaseline <= 5 },
  ];
  report.table('Soak targets (figures, not checks)', ['target', 'figure', 'met'], targets.map((row): Cell[] => [row.target, row.figure, row.met ? 'yes' : 'no']));
  report.sections.soak = { figures, ttfbAddedP99OverDirectMs: addedOverDirect, ttfbAddedP99OverBaselineMs: addedOverBaseline, targets };
}
