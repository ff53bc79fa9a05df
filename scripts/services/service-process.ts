// Shared plumbing for the test services: free ports, waiting, package checks and stopping by PID.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A service started for the tests: where to reach it and how to stop it. */
export interface RunningService {
  /** Connection URL (redis://, postgres://, mysql://) on 127.0.0.1. */
  url: string;
  /** PID of the server process; stop() signals exactly this process. */
  pid: number;
  /** Stops the server by PID, waits for it to exit and removes its temp folder. */
  stop(): Promise<void>;
}

const installScript = fileURLToPath(new URL('../install-packages.mjs', import.meta.url));

/** Installs the Debian package (apt-get, noninteractive) when `program` is missing. */
export function ensureSystemPackage(name: string, program: string): void {
  if (fs.existsSync(program)) return;
  const result = spawnSync(process.execPath, [installScript, name], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`could not install ${name}: ${result.stderr || result.stdout}`);
}

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh temp folder for one service instance. */
export function makeServiceDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `turnpike-${prefix}-`));
}

/** Runs a command to completion without blocking the event loop; throws with its output when it fails. */
export async function runChecked(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as { code?: unknown; stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed (${String(failure.code)}): ${failure.stderr ?? ''}${failure.stdout ?? ''}`);
  }
}

/** Polls `check` every 50 ms until it returns true; throws after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The PIDs of a process's descendants (children, their children, …), read from /proc. */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (after the parenthesised command name and the state) is the parent PID.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift() ?? -1) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** True while a process with this PID exists and is not a zombie. */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3 (after the parenthesised command name) is the state; Z = exited but not yet reaped.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** True when a TCP connection to 127.0.0.1:port succeeds. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const liveServices = new Map<number, NodeJS.Signals>();
let exitHookInstalled = false;

/** Remembers a started server so it is killed (by PID) even if the test process exits without stopping it. */
export function trackService(pid: number, signal: NodeJS.Signals): void {
  liveServices.set(pid, signal);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [livePid, signal] of liveServices) {
      try {
        process.kill(livePid, signal);
      } catch {
        // Already gone.
      }
    }
  });
}

/** Forgets a tracked server that has already exited (a paused PostgreSQL). */
export function untrackService(pid: number): void {
  liveServices.delete(pid);
}

/** Sends `signal` to the PID, waits until it exited (SIGKILL after `graceMs`), then removes `dir`. */
export async function stopService(pid: number, signal: NodeJS.Signals, dir: string, graceMs = 15_000): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
  try {
    await waitUntil(() => !isRunning(pid), graceMs, `process ${pid} to exit`);
  } catch {
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await waitUntil(() => !isRunning(pid), 5_000, `process ${pid} to exit after SIGKILL`);
  }
  liveServices.delete(pid);
  fs.rmSync(dir, { recursive: true, force: true });
}
