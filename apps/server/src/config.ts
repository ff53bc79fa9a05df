// Configuration from environment variables, with the names new-api operators already use.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultDatabaseTimeoutMs, targetFromDsn, type DatabaseTarget } from './db/connect';

/** The server's resolved configuration. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  dataDir: string;
  redisUrl: string | null;
  sessionSecret: string;
  nodeName: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** File the server log is appended to (LOG_FILE); standard output when null. */
  logFile: string | null;
  /** Folder of the built console, served with an SPA fallback; null when not built. */
  consoleDir: string | null;
  /** Per-IP fixed window for login, register, verification mail (and per user for access-token and aff transfer). */
  criticalRateLimit: { enabled: boolean; requests: number; durationSeconds: number };
  /** new-api's global per-IP limits: `/api` (GLOBAL_API_RATE_LIMIT…) and the console's pages (GLOBAL_WEB_RATE_LIMIT…); the relay is not counted. */
  globalRateLimits: { api: { enabled: boolean; requests: number; durationSeconds: number }; web: { enabled: boolean; requests: number; durationSeconds: number } };
  /** Dashboard session limits (new-api's names): active sessions per user, sessions created per window. */
  userSessions: { activeLimit: number; issuanceLimit: number; issuanceWindowSeconds: number };
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR blocks); a client cannot choose its own IP otherwise. */
  trustedProxies: string[];
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Seconds between periodic channel tests (0 turns them off): CHANNEL_TEST_FREQUENCY minutes, or CHANNEL_TEST_FREQUENCY_SECONDS. */
  channelTestIntervalSeconds: number;
  /** Seconds after which an instance that stopped sending heartbeats counts as gone (its reservations and job leases are taken over). */
  nodeStaleSeconds: number;
  /** Seconds between safety reloads of options and channels (new-api's SYNC_FREQUENCY); notices normally arrive at once. */
  syncFrequencySeconds: number;
  /** Share (0…1) of successful requests that get an access-log line; failures and client-cut calls always do. */
  accessLogSampleRate: number;
  /** Request body limits: `/api` and the console (API_BODY_LIMIT_KB), the relay (MAX_REQUEST_BODY_MB), JSON nesting (MAX_JSON_DEPTH). */
  bodyLimits: { apiBytes: number; relayBytes: number; jsonDepth: number };
  /** Relay deadlines: a stream without data for `streamIdleMs` (STREAMING_TIMEOUT) ends, and a call's upstream work ends after `callMs` (RELAY_TIMEOUT; 0: none). */
  relayTimeouts: { streamIdleMs: number; callMs: number };
  /** Addresses or CIDR blocks that webhooks may reach although they are not public (OUTBOUND_ALLOW; none by default). */
  outboundAllow: string[];
  /** GET /metrics (Prometheus): off unless METRICS_ENABLED; served to a bearer of `token` or a caller from `allow`. */
  metrics: { enabled: boolean; token: string; allow: string[] };
}

const positiveInteger = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value > 0, `${name} must be greater than 0`);

/** The items of a comma-separated list, trimmed, empty ones dropped. */
const listItems = (value: string): string[] => value.split(',').map((item) => item.trim()).filter(Boolean);

/** A comma-separated list of IP addresses or CIDR blocks (loopback by default). */
const addressList = (name: string) =>
  z
    .string()
    .default('127.0.0.1,::1')
    .refine((value) => listItems(value).every((item) => isIP(item.split('/')[0]) !== 0), `${name} must be a comma-separated list of IP addresses or CIDR blocks`);

const environmentSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'PORT must be a whole number')
    .transform(Number)
    .refine((port) => port >= 0 && port <= 65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SQL_DSN: z.string().default(''),
  SQLITE_PATH: z.string().min(1).default('./data/turnpike.db'),
  REDIS_CONN_STRING: z
    .string()
    .refine((value) => value === '' || /^rediss?:\/\//.test(value), 'REDIS_CONN_STRING must start with redis:// or rediss://')
    .default(''),
  SESSION_SECRET: z.string().refine((value) => value === '' || value.length >= 16, 'SESSION_SECRET must be at least 16 characters').default(''),
  NODE_NAME: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIR: z.string().default(''),
  LOG_FILE: z.string().default(''),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_KEY_PREFIX may use letters, digits, _ . - (at most 64)').default('turnpike'),
  CHANNEL_TEST_FREQUENCY: z.string().regex(/^\d+$/, 'CHANNEL_TEST_FREQUENCY must be a whole number of minutes').transform(Number).default(10),
  CHANNEL_TEST_FREQUENCY_SECONDS: z.string().regex(/^\d*$/, 'CHANNEL_TEST_FREQUENCY_SECONDS must be a whole number of seconds').default(''),
  NODE_STALE_SECONDS: positiveInteger('NODE_STALE_SECONDS').refine((value) => value >= 2, 'NODE_STALE_SECONDS must be at least 2').default(30),
  SYNC_FREQUENCY: positiveInteger('SYNC_FREQUENCY').default(60),
  ACCESS_LOG_SAMPLE_RATE: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'ACCESS_LOG_SAMPLE_RATE must be a number from 0 to 1')
    .transform(Number)
    .default(1),
  METRICS_ENABLED: z.enum(['true', 'false'], 'METRICS_ENABLED must be true or false').default('false'),
  METRICS_TOKEN: z.string().refine((value) => value === '' || value.length >= 16, 'METRICS_TOKEN must be at least 16 characters').default(''),
  METRICS_ALLOW: addressList('METRICS_ALLOW'),
  DB_TIMEOUT_SECONDS: positiveInteger('DB_TIMEOUT_SECONDS').default(defaultDatabaseTimeoutMs / 1000),
  TRUSTED_PROXIES: addressList('TRUSTED_PROXIES'),
  API_BODY_LIMIT_KB: positiveInteger('API_BODY_LIMIT_KB').default(1024),
  MAX_REQUEST_BODY_MB: positiveInteger('MAX_REQUEST_BODY_MB').default(64),
  MAX_JSON_DEPTH: positiveInteger('MAX_JSON_DEPTH').default(64),
  STREAMING_TIMEOUT: positiveInteger('STREAMING_TIMEOUT').default(300),
  RELAY_TIMEOUT: z.string().regex(/^\d+$/, 'RELAY_TIMEOUT must be a whole number of seconds (0: no overall deadline)').transform(Number).default(1800),
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .refine((value) => listItems(value).every((item) => isIP(item.split('/')[0]) !== 0), 'OUTBOUND_ALLOW must be a comma-separated list of IP addresses or CIDR blocks'),
  GLOBAL_API_RATE_LIMIT_ENABLE: z.enum(['true', 'false'], 'GLOBAL_API_RATE_LIMIT_ENABLE must be true or false').default('true'),
  GLOBAL_API_RATE_LIMIT: positiveInteger('GLOBAL_API_RATE_LIMIT').default(360),
  GLOBAL_API_RATE_LIMIT_DURATION: positiveInteger('GLOBAL_API_RATE_LIMIT_DURATION').default(180),
  GLOBAL_WEB_RATE_LIMIT_ENABLE: z.enum(['true', 'false'], 'GLOBAL_WEB_RATE_LIMIT_ENABLE must be true or false').default('true'),
  GLOBAL_WEB_RATE_LIMIT: positiveInteger('GLOBAL_WEB_RATE_LIMIT').default(120),
  GLOBAL_WEB_RATE_LIMIT_DURATION: positiveInteger('GLOBAL_WEB_RATE_LIMIT_DURATION').default(180),
  CRITICAL_RATE_LIMIT_ENABLE: z.enum(['true', 'false'], 'CRITICAL_RATE_LIMIT_ENABLE must be true or false').default('true'),
  CRITICAL_RATE_LIMIT: positiveInteger('CRITICAL_RATE_LIMIT').default(20),
  CRITICAL_RATE_LIMIT_DURATION: positiveInteger('CRITICAL_RATE_LIMIT_DURATION').default(1200),
  USER_SESSION_ACTIVE_LIMIT: positiveInteger('USER_SESSION_ACTIVE_LIMIT').default(50),
  USER_SESSION_ISSUANCE_LIMIT: positiveInteger('USER_SESSION_ISSUANCE_LIMIT').default(100),
  USER_SESSION_ISSUANCE_WINDOW_SECONDS: positiveInteger('USER_SESSION_ISSUANCE_WINDOW_SECONDS').default(86400),
});

/** Raised when an environment variable is malformed; the message names the variable. */
export class ConfigError extends Error {}

/** Reads and checks the environment; a malformed value throws a ConfigError naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env, defaultConsoleDir: string | null = null): Config {
  const relevant = Object.fromEntries(
    Object.keys(environmentSchema.shape).flatMap((name) => (environment[name] === undefined ? [] : [[name, environment[name]]])),
  );
  const parsed = environmentSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const values = parsed.data;
  let database: DatabaseTarget;
  try {
    database = targetFromDsn(values.SQL_DSN, values.SQLITE_PATH, values.DB_TIMEOUT_SECONDS * 1000);
  } catch (error) {
    throw new ConfigError(`invalid configuration: SQL_DSN: ${(error as Error).message}`);
  }
  const dataDir = path.dirname(path.resolve(values.SQLITE_PATH));
  const consoleDir = values.CONSOLE_DIR ? path.resolve(values.CONSOLE_DIR) : defaultConsoleDir;
  return {
    port: values.PORT,
    host: values.HOST,
    database,
    dataDir,
    redisUrl: values.REDIS_CONN_STRING || null,
    sessionSecret: values.SESSION_SECRET || persistedSessionSecret(dataDir),
    nodeName: values.NODE_NAME || os.hostname(),
    logLevel: values.LOG_LEVEL,
    logFile: values.LOG_FILE ? path.resolve(values.LOG_FILE) : null,
    consoleDir: consoleDir && fs.existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : null,
    criticalRateLimit: {
      enabled: values.CRITICAL_RATE_LIMIT_ENABLE === 'true',
      requests: values.CRITICAL_RATE_LIMIT,
      durationSeconds: values.CRITICAL_RATE_LIMIT_DURATION,
    },
    globalRateLimits: {
      api: { enabled: values.GLOBAL_API_RATE_LIMIT_ENABLE === 'true', requests: values.GLOBAL_API_RATE_LIMIT, durationSeconds: values.GLOBAL_API_RATE_LIMIT_DURATION },
      web: { enabled: values.GLOBAL_WEB_RATE_LIMIT_ENABLE === 'true', requests: values.GLOBAL_WEB_RATE_LIMIT, durationSeconds: values.GLOBAL_WEB_RATE_LIMIT_DURATION },
    },
    channelTestIntervalSeconds: values.CHANNEL_TEST_FREQUENCY_SECONDS === '' ? values.CHANNEL_TEST_FREQUENCY * 60 : Number(values.CHANNEL_TEST_FREQUENCY_SECONDS),
    nodeStaleSeconds: values.NODE_STALE_SECONDS,
    syncFrequencySeconds: values.SYNC_FREQUENCY,
    accessLogSampleRate: values.ACCESS_LOG_SAMPLE_RATE,
    bodyLimits: { apiBytes: values.API_BODY_LIMIT_KB * 1024, relayBytes: values.MAX_REQUEST_BODY_MB * 1024 * 1024, jsonDepth: values.MAX_JSON_DEPTH },
    outboundAllow: listItems(values.OUTBOUND_ALLOW),
    relayTimeouts: { streamIdleMs: values.STREAMING_TIMEOUT * 1000, callMs: values.RELAY_TIMEOUT * 1000 },
    metrics: { enabled: values.METRICS_ENABLED === 'true', token: values.METRICS_TOKEN, allow: listItems(values.METRICS_ALLOW) },
    redisPrefix: values.REDIS_KEY_PREFIX,
    trustedProxies: listItems(values.TRUSTED_PROXIES),
    userSessions: {
      activeLimit: values.USER_SESSION_ACTIVE_LIMIT,
      issuanceLimit: values.USER_SESSION_ISSUANCE_LIMIT,
      issuanceWindowSeconds: values.USER_SESSION_ISSUANCE_WINDOW_SECONDS,
    },
  };
}

/** Reads the generated session secret from the data folder, creating it (CSPRNG, mode 0600) on first start. */
function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) return existing;
  } catch {
    // First start: no secret yet.
  }
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
