// Starts Turnpike from its production build (apps/server/dist/main.js) on a fresh SQLite data folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../apps/server/src/runtime-flags';
import { freePort, startServerProcess, type BenchProcess } from './bench-processes';

/** A running Turnpike and its data folder. */
export interface TurnpikeInstance {
  process: BenchProcess;
  dataDir: string;
  /** Stops it by PID and removes the data folder (unless `keepData`). */
  stop(keepData?: boolean): Promise<void>;
}

/** A new empty data folder under the system's temp folder. */
export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-bench-'));
}

/** How Turnpike runs: under `node --cpu-prof` into `profileDir` (null: no profile), at `logLevel`, with or without metrics. */
export interface TurnpikeRunOptions {
  profileDir: string | null;
  logLevel: string;
  /** Prometheus metrics on (METRICS_ENABLED). */
  metrics: boolean;
}

/** Starts `node apps/server/dist/main.js` with the flags it ships with (`serverNodeFlags`) on 127.0.0.1 with SQLite in `dataDir` (LOG_LEVEL=warn unless told). */
export async function startTurnpike(repositoryRoot: string, run: TurnpikeRunOptions, dataDir = freshDataDir()): Promise<TurnpikeInstance> {
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    SQL_DSN: '',
    REDIS_CONN_STRING: '',
    SQLITE_PATH: path.join(dataDir, 'turnpike.db'),
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    LOG_LEVEL: run.logLevel,
    NODE_NAME: 'bench',
    // No periodic channel tests: their calls would land in the upstream and the logs mid-run.
    CHANNEL_TEST_FREQUENCY: '0',
    NODE_ENV: 'production',
    METRICS_ENABLED: run.metrics ? 'true' : 'false',
  };
  const profile = run.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(run.profileDir)}`] : [];
  // Its log (LOG_LEVEL and up) is kept for a look after the run; *.log files are ignored by git.
  const logFile = path.join(repositoryRoot, 'bench/results/turnpike.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const child = await startServerProcess('turnpike', [...serverNodeFlags, ...profile, path.join(repositoryRoot, 'apps/server/dist/main.js')], env, port, '/api/status', logFile);
  return {
    process: child,
    dataDir,
    async stop(keepData = false) {
      await child.stop();
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
