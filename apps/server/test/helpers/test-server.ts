// Test harness: a real server on a temporary SQLite file (or a given DSN), with helpers to act as a user.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildServer, type Server } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { NewUser, UserRow } from '../../src/db/schema';
import { createSessionValue, sessionCookieName } from '../../src/http/session-cookie';
import { exactCounter } from '../../src/relay/token-counter';
import { userRow } from './user-rows';

/** A user the tests act as: the row plus the headers a signed-in console sends. */
export interface Actor {
  user: UserRow;
  headers: Record<string, string>;
}

/** A running test server and shortcuts to call it. */
export interface TestServer extends Server {
  dataDir: string;
  /** Sends a request through Fastify's inject, optionally as a user. */
  call(method: InjectOptions['method'], url: string, options?: { body?: unknown; as?: Actor; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Inserts a user directly (bcrypt-hashed password) and returns an actor signed in as them. */
  createUser(fields: Partial<NewUser> & { username: string; password?: string }): Promise<Actor>;
  /** The headers of a signed-in session for an existing user. */
  actorFor(user: UserRow): Actor;
  /** Listens on 127.0.0.1 (an ephemeral port) for real HTTP clients such as the SDKs; returns the base URL. */
  listen(): Promise<string>;
  /** Writes every queued settlement and log row (waiting for the bills of answers already sent), so balances can be asserted. */
  settle(): Promise<void>;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/** Starts a server on a fresh SQLite database unless `environment.SQL_DSN` names another. */
export async function startTestServer(environment: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-test-'));
  const config: Config = loadConfig({
    SQLITE_PATH: path.join(dataDir, 'turnpike.db'),
    SESSION_SECRET: 'test-session-secret-0123456789',
    LOG_LEVEL: 'silent',
    // Tests call from one address far more often than new-api's global limits allow; the limit's own test turns them on.
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    ...environment,
  });
  // The exact tokenizer loads before the server starts (a server loads it on first need), so no test waits for
  // its one-time load mid-call and every count is exact from the first call.
  await exactCounter();
  const server = await buildServer(config);
  const actorFor = (user: UserRow): Actor => ({
    user,
    headers: { cookie: `${sessionCookieName}=${createSessionValue(user.id, config.sessionSecret)}`, 'new-api-user': String(user.id) },
  });
  let affSequence = 0;
  return {
    ...server,
    dataDir,
    actorFor,
    call(method, url, options = {}) {
      const headers = { ...(options.as?.headers ?? {}), ...(options.headers ?? {}) };
      return server.app.inject({ method, url, headers, payload: options.body === undefined ? undefined : (options.body as InjectOptions['payload']) });
    },
    async createUser(fields) {
      const { password = 'password123', ...rest } = fields;
      affSequence += 1;
      const row = userRow({
        display_name: fields.username,
        aff_code: `t${Date.now().toString(36)}${affSequence}`,
        created_at: Math.floor(Date.now() / 1000),
        ...rest,
        password: bcrypt.hashSync(password, 4),
      });
      const inserted = await server.context.db.insertInto('users').values(row).executeTakeFirstOrThrow();
      const id = Number(inserted.insertId ?? 0) || (await server.context.db.selectFrom('users').select('id').where('username', '=', fields.username).executeTakeFirstOrThrow()).id;
      const user = await server.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return actorFor(user);
    },
    async listen() {
      return server.app.listen({ port: 0, host: '127.0.0.1' });
    },
    async settle() {
      await server.context.relay.ledger.flushAnswered();
    },
    async stop() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
