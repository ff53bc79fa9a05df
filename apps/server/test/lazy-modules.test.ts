// Rarely used libraries load on first use, not at start: the production build idling on SQLite (no tracing, no
// metrics, no Redis) has not loaded the other engines' drivers, OpenTelemetry, prom-client, ioredis, nodemailer,
// openid-client, @simplewebauthn or otplib; the first passkey ceremony loads @simplewebauthn, and a configured OTLP
// endpoint and METRICS_ENABLED load theirs at start; Node's own undici is never loaded. A preloaded hook records every
// package the process resolves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connect';
import { api, createFleetUser } from './helpers/fleet-fixtures';
import { ensureServerBuild, startInstance, type FleetInstance } from './helpers/turnpike-fleet';

const recorder = fileURLToPath(new URL('./helpers/record-loaded-packages.mjs', import.meta.url));
const secret = 'lazy-modules-test-session-secret-0123456789';

/** Packages an idle default deployment must not have loaded. */
const loadedOnFirstUse = ['pg', 'mysql2', 'ioredis', 'prom-client', '@opentelemetry/api', '@opentelemetry/sdk-trace', 'nodemailer', 'openid-client', 'oauth4webapi', '@simplewebauthn/server', 'otplib'];

interface Recorded {
  instance: FleetInstance;
  loaded(): Set<string>;
  stop(): Promise<void>;
}

/** Starts the build with the recorder preloaded; `loaded()` reads what the process has resolved so far. */
async function startRecorded(name: string, environment: Record<string, string> = {}): Promise<Recorded> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-lazy-'));
  const file = path.join(folder, 'packages.txt');
  const instance = await startInstance(name, { NODE_OPTIONS: `--import=${recorder}`, TURNPIKE_LOADED_PACKAGES_FILE: file, SESSION_SECRET: secret, ...environment });
  return {
    instance,
    loaded: () => new Set(fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)),
    async stop() {
      await instance.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe('libraries loaded on first use', () => {
  beforeAll(() => ensureServerBuild());

  describe('a default deployment (SQLite, no tracing, no metrics, no Redis)', () => {
    let server: Recorded;
    let database: DatabaseHandle;
    beforeAll(async () => {
      server = await startRecorded('lazy-default');
      database = openDatabase({ kind: 'sqlite', sqlitePath: path.join(server.instance.workDir, 'data', 'turnpike.db') });
    });
    afterAll(async () => {
      await database?.db.destroy();
      await server?.stop();
    });

    it('idles without the libraries of features it has not used', () => {
      const loaded = server.loaded();
      // The recorder sees what the start loads: the web framework, the query builder and the SQLite driver.
      expect(['fastify', 'kysely', 'better-sqlite3'].filter((name) => loaded.has(name))).toEqual(['fastify', 'kysely', 'better-sqlite3']);
      expect(loadedOnFirstUse.filter((name) => loaded.has(name))).toEqual([]);
    });

    it('loads @simplewebauthn on the first passkey ceremony, and only it', async () => {
      const root = await createFleetUser(database.db, secret, { username: 'lazyroot', role: 100 });
      expect((await api(server.instance, 'PUT', '/api/option/', { as: root, body: { key: 'passkey.enabled', value: 'true' } })).body.success).toBe(true);
      expect(server.loaded().has('@simplewebauthn/server')).toBe(false);
      const begin = await api(server.instance, 'POST', '/api/user/passkey/login/begin', { body: {} });
      expect(begin.body.success).toBe(true);
      const loaded = server.loaded();
      expect(loaded.has('@simplewebauthn/server')).toBe(true);
      expect(loadedOnFirstUse.filter((name) => loaded.has(name))).toEqual(['@simplewebauthn/server']);
    });

    it("never loads Node's own undici (an ES import of node:http would, through its WebSocket getters)", async () => {
      await server.instance.stop();
      const loaded = server.loaded();
      expect(loaded.has('undici')).toBe(true);
      expect(loaded.has('node:internal/deps/undici')).toBe(false);
    });
  });

  it('loads OpenTelemetry and prom-client at start when tracing and metrics are configured', async () => {
    // Nothing is traced while the server idles, so the endpoint is never called.
    const server = await startRecorded('lazy-observed', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', METRICS_ENABLED: 'true' });
    try {
      const loaded = server.loaded();
      expect(['@opentelemetry/sdk-trace', 'prom-client'].filter((name) => loaded.has(name))).toEqual(['@opentelemetry/sdk-trace', 'prom-client']);
      expect(['pg', 'mysql2', 'ioredis', 'nodemailer'].filter((name) => loaded.has(name))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
