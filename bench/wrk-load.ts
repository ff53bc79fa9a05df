// One load run with wrk (Debian's package, C with an event loop per thread): it drives the target far harder than
// autocannon can from the same two cores, so CPU per request is measured where the gateway is saturated. wrk has no
// "send exactly N requests": runs are timed, the calls in flight at the end are cut, and the billing check counts
// the gateway's own log rows instead of the generator's answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './bench-load';

/** What a wrk run sends. */
export interface WrkSpec {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  durationSeconds: number;
  /** wrk threads (its default, 2, matches this machine's cores). */
  threads?: number;
}

/** The Lua script: the request, and a `done` hook printing the summary as one JSON line (times in µs). */
function script(bodyFile: string, headers: Record<string, string>): string {
  const quote = (text: string): string => `[==[${text}]==]`;
  const headerLines = Object.entries(headers).map(([name, value]) => `wrk.headers[ ${quote(name)} ] = ${quote(value)}`);
  return [
    'wrk.method = "POST"',
    `local file = io.open(${quote(bodyFile)}, "rb")`,
    'wrk.body = file:read("*a")',
    'file:close()',
    ...headerLines,
    'function done(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'WRK_RESULT {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p95":%d,"p99":%d,"max":%d,"mean":%.3f}\\n\',',
    '    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,',
    '    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))',
    'end',
    '',
  ].join('\n');
}

interface WrkSummary {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Reads the `done` hook's line from wrk's output. */
export function parseWrkOutput(output: string): WrkSummary {
  const line = output.split('\n').find((text) => text.startsWith('WRK_RESULT '));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  return JSON.parse(line.slice('WRK_RESULT '.length)) as WrkSummary;
}

/** Turns wrk's summary into the benchmark's figures (wrk counts a non-2xx answer as a request and a status error). */
export function wrkResult(summary: WrkSummary): LoadResult {
  const seconds = summary.durationUs / 1e6;
  const completed = Math.max(0, summary.requests - summary.status);
  const ms = (micros: number): number => micros / 1000;
  return {
    completed,
    non2xx: summary.status,
    errors: summary.connect + summary.read + summary.write + summary.timeout,
    seconds,
    requestsPerSecond: seconds > 0 ? completed / seconds : 0,
    latency: { p50: ms(summary.p50), p90: ms(summary.p90), p95: ms(summary.p95), p99: ms(summary.p99), max: ms(summary.max), mean: ms(summary.mean) },
  };
}

/** Runs wrk once (`wrk` must be installed: the benchmark installs it) and waits for its summary. */
export async function runWrk(spec: WrkSpec): Promise<LoadResult> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-wrk-'));
  try {
    const bodyFile = path.join(folder, 'body.json');
    fs.writeFileSync(bodyFile, spec.body);
    const scriptFile = path.join(folder, 'request.lua');
    fs.writeFileSync(scriptFile, script(bodyFile, spec.headers));
    const threads = Math.min(spec.threads ?? 2, spec.connections);
    const args = ['-t', String(threads), '-c', String(spec.connections), '-d', `${spec.durationSeconds}s`, '--timeout', '30s', '-s', scriptFile, spec.url];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
    });
    return wrkResult(parseWrkOutput(output));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
