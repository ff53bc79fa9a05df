import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secret = { SESSION_SECRET: 'a-configured-session-secret' };

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({ ...secret }, null);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', sqlitePath: './data/turnpike.db' },
      dataDir: path.resolve('./data'),
      redisUrl: null,
      sessionSecret: 'a-configured-session-secret',
      nodeName: os.hostname(),
      logLevel: 'info',
      consoleDir: null,
    });
  });

  it('ignores unrelated variables and reads the ones it knows', () => {
    const config = loadConfig({ ...secret, PORT: '8080', HOST: '127.0.0.1', NODE_NAME: 'edge-1', LOG_LEVEL: 'warn', UNRELATED: 'x' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', nodeName: 'edge-1', logLevel: 'warn' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ REDIS_CONN_STRING: 'localhost:6379' }, 'REDIS_CONN_STRING'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SQL_DSN: 'not a dsn at all' }, 'SQL_DSN'],
    [{ NODE_STALE_SECONDS: '1' }, 'NODE_STALE_SECONDS'],
    [{ SYNC_FREQUENCY: '0' }, 'SYNC_FREQUENCY'],
    [{ CHANNEL_TEST_FREQUENCY_SECONDS: 'soon' }, 'CHANNEL_TEST_FREQUENCY_SECONDS'],
  ])('refuses %j with a ConfigError naming %s', (environment, name) => {
    const load = () => loadConfig({ ...secret, ...environment });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(name);
  });

  it('reads the fleet settings: stale limit, safety reload and the channel test interval in minutes or seconds', () => {
    expect(loadConfig({ ...secret })).toMatchObject({ nodeStaleSeconds: 30, syncFrequencySeconds: 60, channelTestIntervalSeconds: 600 });
    expect(loadConfig({ ...secret, NODE_STALE_SECONDS: '3', SYNC_FREQUENCY: '15', CHANNEL_TEST_FREQUENCY: '2' })).toMatchObject({ nodeStaleSeconds: 3, syncFrequencySeconds: 15, channelTestIntervalSeconds: 120 });
    expect(loadConfig({ ...secret, CHANNEL_TEST_FREQUENCY: '2', CHANNEL_TEST_FREQUENCY_SECONDS: '1' }).channelTestIntervalSeconds).toBe(1);
    expect(loadConfig({ ...secret, CHANNEL_TEST_FREQUENCY: '0' }).channelTestIntervalSeconds).toBe(0);
  });

  it('does not print a malformed DSN password in the error', () => {
    const load = () => loadConfig({ ...secret, SQL_DSN: 'user:hun@ter2@somewhere' });
    expect(load).toThrow('SQL_DSN');
    expect(load).toThrow('user:***@somewhere');
    expect(load).not.toThrow(/hun|ter2/);
  });

  it('reads the database timeout and the access-log sample rate, and refuses malformed ones', () => {
    expect(loadConfig({ ...secret, SQL_DSN: 'postgres://gw@db/t', DB_TIMEOUT_SECONDS: '3' }).database.timeoutMs).toBe(3_000);
    expect(() => loadConfig({ ...secret, DB_TIMEOUT_SECONDS: '0' })).toThrow('DB_TIMEOUT_SECONDS must be greater than 0');
    expect(loadConfig(secret).accessLogSampleRate).toBe(1);
    expect(loadConfig({ ...secret, ACCESS_LOG_SAMPLE_RATE: '0.05' }).accessLogSampleRate).toBe(0.05);
    expect(() => loadConfig({ ...secret, ACCESS_LOG_SAMPLE_RATE: '1.5' })).toThrow('ACCESS_LOG_SAMPLE_RATE must be a number from 0 to 1');
  });

  it('accepts redis:// and rediss:// URLs', () => {
    expect(loadConfig({ ...secret, REDIS_CONN_STRING: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(loadConfig({ ...secret, REDIS_CONN_STRING: 'rediss://user:pw@cache.example.com:6380' }).redisUrl).toBe('rediss://user:pw@cache.example.com:6380');
  });

  it('reads SQL_DSN: postgres URLs, MySQL URLs and the Go-style MySQL DSN new-api operators use', () => {
    expect(loadConfig({ ...secret, SQL_DSN: 'postgres://gw:pw@127.0.0.1:5432/turnpike' }).database).toEqual({ kind: 'postgres', dsn: 'postgres://gw:pw@127.0.0.1:5432/turnpike', timeoutMs: 15_000 });
    expect(loadConfig({ ...secret, SQL_DSN: 'postgresql://gw@db/turnpike' }).database.kind).toBe('postgres');
    expect(loadConfig({ ...secret, SQL_DSN: 'mysql://root:pw@127.0.0.1:3306/oneapi' }).database).toEqual({ kind: 'mysql', dsn: 'mysql://root:pw@127.0.0.1:3306/oneapi', timeoutMs: 15_000 });
    expect(loadConfig({ ...secret, SQL_DSN: 'user:pass@tcp(127.0.0.1:3306)/db' }).database).toEqual({ kind: 'mysql', dsn: 'mysql://user:pass@127.0.0.1:3306/db', timeoutMs: 15_000 });
    expect(loadConfig({ ...secret, SQL_DSN: 'root:p@ss@tcp(db.internal:3306)/new-api?charset=utf8mb4&parseTime=True' }).database).toEqual({
      kind: 'mysql',
      dsn: 'mysql://root:p%40ss@db.internal:3306/new-api',
      timeoutMs: 15_000,
    });
  });

  it('generates a session secret once, stores it with mode 0600 in the data folder and reuses it', () => {
    const dataDir = path.join(tempDir(), 'data');
    const environment = { SQLITE_PATH: path.join(dataDir, 'turnpike.db') };
    const first = loadConfig(environment);
    const file = path.join(dataDir, 'session-secret');
    expect(first.dataDir).toBe(dataDir);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig(environment).sessionSecret).toBe(first.sessionSecret);

    const other = loadConfig({ SQLITE_PATH: path.join(tempDir(), 'turnpike.db') });
    expect(other.sessionSecret).not.toBe(first.sessionSecret);
  });

  it('prefers SESSION_SECRET and then writes no file', () => {
    const dir = tempDir();
    const config = loadConfig({ ...secret, SQLITE_PATH: path.join(dir, 'turnpike.db') });
    expect(config.sessionSecret).toBe(secret.SESSION_SECRET);
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });

  it('serves a console folder only when it holds index.html', () => {
    const built = tempDir();
    fs.writeFileSync(path.join(built, 'index.html'), '<html></html>');
    expect(loadConfig({ ...secret, CONSOLE_DIR: built }).consoleDir).toBe(built);
    expect(loadConfig({ ...secret }, built).consoleDir).toBe(built);
    expect(loadConfig({ ...secret, CONSOLE_DIR: tempDir() }).consoleDir).toBeNull();
  });
});
