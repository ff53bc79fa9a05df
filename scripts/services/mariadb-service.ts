// Starts a throwaway MariaDB (Debian mariadb-server, MySQL-compatible) on 127.0.0.1 in a temp datadir.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { acceptsConnections, ensureSystemPackage, freePort, makeServiceDir, runChecked, stopService, trackService, waitUntil, type RunningService } from './service-process';

/** Starts mariadbd with no config files; creates user gw/gw (all privileges) and database `turnpike`. */
export async function startMariadb(): Promise<RunningService> {
  ensureSystemPackage('mariadb-server', '/usr/sbin/mariadbd');
  const dir = makeServiceDir('mariadb');
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'mariadbd.sock');
  const port = await freePort();
  await runChecked('/usr/bin/mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=socket', '--skip-test-db', '--skip-name-resolve']);
  const child = spawn(
    '/usr/sbin/mariadbd',
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      `--pid-file=${path.join(dir, 'mariadbd.pid')}`,
      `--log-error=${path.join(dir, 'error.log')}`,
      `--tmpdir=${dir}`,
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=64M',
      '--innodb-flush-log-at-trx-commit=2',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
    ],
    { stdio: 'ignore' },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('mariadbd did not start');
  trackService(pid, 'SIGKILL');
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const client = (sql: string): Promise<string> => runChecked('/usr/bin/mariadb', ['--no-defaults', `--socket=${socket}`, '-u', 'root', '-e', sql]);
  try {
    await waitUntil(async () => {
      if (exited) throw new Error(`mariadbd exited during start-up; see ${path.join(dir, 'error.log')}`);
      if (!(await acceptsConnections(port))) return false;
      try {
        await client('SELECT 1');
        return true;
      } catch {
        return false;
      }
    }, 60_000, 'mariadbd to accept connections');
    await client("CREATE USER 'gw'@'127.0.0.1' IDENTIFIED BY 'gw'; GRANT ALL PRIVILEGES ON *.* TO 'gw'@'127.0.0.1' WITH GRANT OPTION; CREATE DATABASE turnpike;");
  } catch (error) {
    await stopService(pid, 'SIGTERM', dir);
    throw error;
  }
  return {
    url: `mysql://gw:gw@127.0.0.1:${port}/turnpike`,
    pid,
    stop: () => stopService(pid, 'SIGTERM', dir),
  };
}
