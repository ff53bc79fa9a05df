// Starts a throwaway PostgreSQL 15 cluster (Debian postgresql-15) on 127.0.0.1, as the postgres OS user.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { descendantsOf, ensureSystemPackage, freePort, isRunning, makeServiceDir, runChecked, stopService, trackService, untrackService, waitUntil, type RunningService } from './service-process';

const binaries = '/usr/lib/postgresql/15/bin';

/** The command line that runs a PostgreSQL program as the postgres user when we are root (initdb refuses root). */
function asPostgres(program: string, args: string[]): [string, string[]] {
  const command = path.join(binaries, program);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** A PostgreSQL server that can also be stopped and started again on the same data and port (fault tests). */
export interface RestartablePostgres extends RunningService {
  /** Fast shutdown (SIGINT: clients are disconnected), keeping the data; resolves once the server has exited. */
  pause(): Promise<void>;
  /** Starts the server again on the same data folder and port; resolves once it accepts connections. */
  resume(): Promise<void>;
  /**
   * Hangs the server (SIGSTOP to the postmaster and every backend): connections are still accepted by the kernel but
   * nothing answers, as with a stuck host. `thaw` lets it go on (SIGCONT).
   */
  freeze(): void;
  thaw(): void;
}

/** Runs the postmaster as our descendant and waits until it accepts connections; returns its PID. */
async function launch(dir: string, data: string, port: number): Promise<number> {
  const settings = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off'];
  const [command, args] = asPostgres('postgres', settings);
  const child = spawn(command, args, { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const pidFile = path.join(data, 'postmaster.pid');
  let pid = 0;
  try {
    await waitUntil(async () => {
      if (exited) throw new Error('postgres exited during start-up');
      if (!fs.existsSync(pidFile)) return false;
      pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0], 10);
      try {
        await runChecked(path.join(binaries, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]);
        return true;
      } catch {
        return false;
      }
    }, 60_000, 'postgres to accept connections');
  } catch (error) {
    if (child.pid !== undefined) await stopService(pid || child.pid, 'SIGINT', dir);
    throw error;
  }
  trackService(pid, 'SIGQUIT');
  return pid;
}

/**
 * Starts a cluster in a temp folder (trust auth, user gw); stop() sends SIGINT to the postmaster PID.
 * The postmaster runs as our descendant (not daemonised by pg_ctl) so its exit is reaped, leaving no zombie.
 */
export async function startPostgres(): Promise<RestartablePostgres> {
  ensureSystemPackage('postgresql-15', path.join(binaries, 'initdb'));
  const dir = makeServiceDir('postgres');
  if (process.getuid?.() === 0) await runChecked('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const [initCommand, initArgs] = asPostgres('initdb', ['-D', data, '-U', 'gw', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  try {
    await runChecked(initCommand, initArgs);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let pid = await launch(dir, data, port);
  return {
    url: `postgres://gw@127.0.0.1:${port}/postgres`,
    get pid() {
      return pid;
    },
    // SIGINT = PostgreSQL's "fast" shutdown: disconnects clients and exits cleanly.
    stop: () => stopService(pid, 'SIGINT', dir),
    async pause() {
      process.kill(pid, 'SIGINT');
      await waitUntil(() => !isRunning(pid), 30_000, `postgres ${pid} to exit`);
      untrackService(pid);
    },
    async resume() {
      pid = await launch(dir, data, port);
    },
    freeze() {
      for (const process_ of [pid, ...descendantsOf(pid)]) process.kill(process_, 'SIGSTOP');
    },
    thaw() {
      for (const process_ of [pid, ...descendantsOf(pid)]) process.kill(process_, 'SIGCONT');
    },
  };
}
