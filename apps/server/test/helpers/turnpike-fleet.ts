// Turnpike instances as real processes from the production build (apps/server/dist/main.js), for multi-instance tests.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, isRunning, waitUntil } from '../../../../scripts/services/service-process';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const repositoryDir = path.resolve(serverDir, '../..');
const bundle = path.join(serverDir, 'dist', 'main.js');

/** One line of an instance's pino output. */
export interface LogLine {
  level: number;
  msg: string;
  node?: string;
  [field: string]: unknown;
}

/** A running Turnpike process. */
export interface FleetInstance {
  name: string;
  url: string;
  pid: number;
  /** The instance's working folder (its data folder is `data/` inside). */
  workDir: string;
  /** Every JSON log line written so far (a live array). */
  logs: LogLine[];
  /** SIGTERM by PID and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** SIGKILL by PID, as a crash would; resolves once the process is gone. `keepDisk` leaves its folder for a restart. */
  kill(keepDisk?: boolean): Promise<void>;
}

/** Instances still running, killed by PID if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds apps/server/dist/main.js (`node build.mjs`) when it is missing or older than any server or package source. */
export function ensureServerBuild(): void {
  const sources = [path.join(serverDir, 'src'), ...fs.readdirSync(path.join(repositoryDir, 'packages')).map((name) => path.join(repositoryDir, 'packages', name, 'src'))].filter((directory) => fs.existsSync(directory));
  const newest = Math.max(...sources.map(newestSourceTime));
  if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= newest) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Starts `node apps/server/dist/main.js` on a free loopback port with `environment`; resolves once /api/status answers.
 * With `reuseWorkDir` (an earlier instance's `workDir`) it starts on that folder and leaves it in place when it stops,
 * as a restarted node keeps its disk; otherwise it makes a folder and removes it at the stop.
 */
export async function startInstance(name: string, environment: Record<string, string>, reuseWorkDir?: string): Promise<FleetInstance> {
  const port = await freePort();
  const workDir = reuseWorkDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `turnpike-${name}-`));
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), NODE_NAME: name, LOG_LEVEL: 'warn', GLOBAL_API_RATE_LIMIT_ENABLE: 'false', GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false', SQLITE_PATH: path.join(workDir, 'data', 'turnpike.db'), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`instance ${name} did not start`);
  running.add(child);
  const logs: LogLine[] = [];
  const errors: string[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 30, msg: line });
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => void errors.push(chunk.toString('utf8')));
  let exited = false;
  child.once('exit', () => {
    exited = true;
    running.delete(child);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => {
    if (exited) throw new Error(`instance ${name} exited during start-up: ${errors.join('')}`);
    try {
      return (await fetch(`${url}/api/status`)).ok;
    } catch {
      return false;
    }
  }, 60_000, `instance ${name} to answer`);
  let keepWorkDir = reuseWorkDir !== undefined;
  const gone = async (): Promise<void> => {
    await waitUntil(() => exited || !isRunning(pid), 15_000, `instance ${name} to exit`);
    if (!keepWorkDir) fs.rmSync(workDir, { recursive: true, force: true });
  };
  return {
    name,
    url,
    pid,
    workDir,
    logs,
    async stop() {
      if (exited) return;
      process.kill(pid, 'SIGTERM');
      await gone().catch(async () => {
        process.kill(pid, 'SIGKILL');
        await gone();
      });
    },
    async kill(keepDisk = false) {
      keepWorkDir ||= keepDisk;
      if (!exited) process.kill(pid, 'SIGKILL');
      await gone();
    },
  };
}
