// Starts the benchmark's processes on 127.0.0.1, reads their CPU time and memory from /proc, stops them by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A process the benchmark started. */
export interface BenchProcess {
  name: string;
  pid: number;
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<BenchProcess>();

/** Stops every process still running (on exit or interrupt), by PID. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop(3000)));
}

function track(name: string, child: ChildProcess, url: string): BenchProcess {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const pid = child.pid ?? 0;
  const handle: BenchProcess = {
    name,
    pid,
    url,
    async stop(graceMs = 10_000) {
      running.delete(handle);
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
      if (timedOut && child.exitCode === null) {
        process.kill(pid, 'SIGKILL');
        await exited;
      }
    },
  };
  running.add(handle);
  return handle;
}

function spawnNode(args: string[], env: Record<string, string>): { child: ChildProcess; stderr: string[] } {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr.push(text);
    if (stderr.length > 200) stderr.splice(0, 100);
  });
  return { child, stderr };
}

/** Runs `node <args>` and waits for its first stdout line, `{"url": …}`. */
export async function startReportingProcess(name: string, args: string[], env: Record<string, string> = {}): Promise<BenchProcess> {
  const { child, stderr } = spawnNode(args, env);
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s:\n${stderr.join('')}`)), 30_000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (text: string) => {
      buffered += text;
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      try {
        resolve((JSON.parse(buffered.slice(0, newline)) as { url: string }).url);
      } catch {
        reject(new Error(`${name} printed ${buffered.slice(0, newline)}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${stderr.join('')}`));
    });
  });
  // Keep draining stdout so a chatty child never blocks on a full pipe.
  child.stdout?.resume();
  return track(name, child, url);
}

/** Runs `node <args>` for a server that takes its port from the environment, and waits until `readyPath` answers 200; its stdout goes to `logFile`. */
export async function startServerProcess(name: string, args: string[], env: Record<string, string>, port: number, readyPath: string, logFile: string): Promise<BenchProcess> {
  const { child, stderr } = spawnNode(args, env);
  child.stdout?.pipe(fs.createWriteStream(logFile));
  const url = `http://127.0.0.1:${port}`;
  const handle = track(name, child, url);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${stderr.join('')}`);
    try {
      const response = await fetch(url + readyPath);
      if (response.ok) return handle;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`${name} did not answer ${readyPath} within 60 s:\n${stderr.join('')}`);
    }
    await sleep(100);
  }
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const clockTicksPerSecond = 100;

/** CPU time (user + system) the process has used so far, in milliseconds (from /proc/<pid>/stat). */
export function readCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/** Resident memory now and at its peak (VmRSS, VmHWM), in megabytes. */
export function readMemoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Polls a process's resident memory while a run lasts and keeps the highest value. */
export class RssSampler {
  private peakMb = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    try {
      this.peakMb = Math.max(this.peakMb, readMemoryMb(this.pid).rss);
    } catch {
      // The process is gone; keep what was seen.
    }
  }

  /** Stops polling; returns the highest RSS seen, in megabytes. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peakMb;
  }
}

/** CPU milliseconds a process spends while `work` runs. */
export async function measureCpu<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = readCpuMs(pid);
  const result = await work();
  return { result, cpuMs: readCpuMs(pid) - before };
}

/** Runs `node <args>` to its end (stderr shown as it comes) and returns what it printed on stdout. */
export async function runNodeScript(name: string, args: string[]): Promise<string> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const handle = track(name, child, '');
  let output = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => (output += text));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  running.delete(handle);
  if (code !== 0) throw new Error(`${name} exited with ${code}`);
  return output;
}
