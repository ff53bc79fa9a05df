// Starts a throwaway Redis 7 (Debian redis-server) on 127.0.0.1 with no persistence.
import { spawn } from 'node:child_process';
import { acceptsConnections, ensureSystemPackage, freePort, makeServiceDir, stopService, trackService, waitUntil, type RunningService } from './service-process';

/** Starts redis-server on a free loopback port (or `port`, to restart one on the same address); stop() kills it by PID and removes its folder. */
export async function startRedis(options: { port?: number } = {}): Promise<RunningService> {
  ensureSystemPackage('redis-server', '/usr/bin/redis-server');
  const dir = makeServiceDir('redis');
  const port = options.port ?? (await freePort());
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'], {
    stdio: 'ignore',
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('redis-server did not start');
  trackService(pid, 'SIGTERM');
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await waitUntil(async () => {
    if (exited) throw new Error('redis-server exited during start-up');
    return acceptsConnections(port);
  }, 15_000, 'redis-server to accept connections');
  return {
    url: `redis://127.0.0.1:${port}`,
    pid,
    stop: () => stopService(pid, 'SIGTERM', dir),
  };
}
