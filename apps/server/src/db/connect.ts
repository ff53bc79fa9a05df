// Opens the database named by the configuration: SQLite (WAL) by default, PostgreSQL or MySQL/MariaDB by DSN.
// The PostgreSQL and MySQL drivers load only when their engine is configured (see server-drivers).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';
import { serverDrivers, type ServerDrivers } from './server-drivers';
import { countTableWrites, type TableWriteCount } from './sqlite-table-writes';

/** The database engines Turnpike runs on. */
export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql';

/** Where the database lives. */
export interface DatabaseTarget {
  kind: DatabaseKind;
  /** The DSN for PostgreSQL or MySQL. */
  dsn?: string;
  /** The file for SQLite (':memory:' allowed). */
  sqlitePath?: string;
  /**
   * PostgreSQL and MySQL: milliseconds to open a connection or wait for a query's answer before the call fails as
   * "database unavailable" (a server that accepts connections but answers nothing must not hang every request).
   */
  timeoutMs?: number;
}

/** The default of `timeoutMs` (DB_TIMEOUT_SECONDS). */
export const defaultDatabaseTimeoutMs = 15_000;

/** An open database: the query builder and its engine. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The SQLite connection under `db` (SQLite only), for the ledger's prepared-statement fast path. */
  sqlite?: SQLite.Database;
  /** SQLite only: moves whenever a statement may have changed a balance (users, tokens), for the ledger's balance cache. */
  balanceWrites?: TableWriteCount;
}

/** The driver's type parsers, with int8 and numeric read as numbers. */
function pgTypesOf(driver: typeof pg) {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // int8 and numeric arrive as text; quota values stay far below 2^53, so numbers are exact.
      if (oid === 20) return (value: string) => Number.parseInt(value, 10);
      if (oid === 1700) return (value: string) => Number.parseFloat(value);
      return driver.types.getTypeParser(oid, format);
    },
  };
}

/** Reads `SQL_DSN`: empty → SQLite, `postgres://`/`postgresql://` → PostgreSQL, anything else → MySQL. */
export function targetFromDsn(dsn: string, sqlitePath: string, timeoutMs?: number): DatabaseTarget {
  if (!dsn) return { kind: 'sqlite', sqlitePath };
  if (/^postgres(ql)?:\/\//.test(dsn)) return { kind: 'postgres', dsn, timeoutMs };
  return { kind: 'mysql', dsn: mysqlUri(dsn), timeoutMs };
}

/** Accepts both `mysql://user:pass@host:port/db` and Go's `user:pass@tcp(host:port)/db` form that new-api operators use. */
function mysqlUri(dsn: string): string {
  if (dsn.startsWith('mysql://')) return dsn;
  // The password runs up to the last `@tcp(`, so it may itself contain `@` or `:` (as Go's driver allows).
  const match = /^([^:@]*)(?::(.*))?@tcp\(([^)]+)\)\/([^?]*)/.exec(dsn);
  if (!match) throw new Error(`SQL_DSN is neither a postgres:// URL nor a MySQL DSN: ${dsn.replace(/^([^:@]*):.*@/, '$1:***@')}`);
  const [, user, password, hostPort, database] = match;
  const credentials = password === undefined ? encodeURIComponent(user) : `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return `mysql://${credentials}@${hostPort}/${database}`;
}

const statementCacheSize = 500;

/**
 * Keeps prepared statements by SQL text: Kysely prepares every query it runs, and SQLite's prepare costs more than
 * most of the queries themselves. Statements are only run to completion (`all`/`run`/`get`), never left iterating.
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as SQLite.Database['prepare'];
}

/**
 * A query that timed out was already sent: the server may still run it when it wakes up, and a ROLLBACK queued
 * behind it is dropped by the same timeout, so the connection could go back to the pool inside an open transaction
 * that the next user would commit. Such a connection is ended instead (the server rolls back what it never saw
 * committed) and the pool, finding it closed, discards it.
 */
function endOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') client.end().catch(() => undefined);
      });
    }
    return result;
  };
  client.query = guarded as typeof client.query;
}

function createServerDialect(target: DatabaseTarget, drivers: ServerDrivers): Dialect {
  if (target.kind === 'postgres') {
    const timeoutMs = target.timeoutMs ?? defaultDatabaseTimeoutMs;
    const driver = drivers.pg();
    const pool = new driver.Pool({ connectionString: target.dsn, max: 20, types: pgTypesOf(driver), connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, keepAlive: true });
    // An idle client whose server went away (restart, failover) is dropped by the pool; without a listener
    // its 'error' event would crash the process. The next query opens a fresh connection.
    pool.on('error', () => undefined);
    // The pool listens only to idle clients: a client checked out (a query or transaction running) when the server
    // goes away would emit an unhandled 'error' and end the process. Its query fails on its own; the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      endOnQueryTimeout(client);
    });
    return new PostgresDialect({ pool });
  }
  const connectTimeout = target.timeoutMs ?? defaultDatabaseTimeoutMs;
  return new MysqlDialect({ pool: drivers.mysql2().createPool({ uri: target.dsn, connectionLimit: 20, decimalNumbers: true, supportBigNumbers: true, bigNumberStrings: false, connectTimeout, enableKeepAlive: true }) });
}

function openSqlite(target: DatabaseTarget): SQLite.Database {
  const file = target.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoint every 16 MB of WAL instead of SQLite's 4 MB: the log indexes' hot pages are copied back once per
  // checkpoint, so fewer checkpoints write far fewer pages (the batch writer goes from about 15,000 to 22,000 rows/s).
  sqlite.pragma('wal_autocheckpoint = 4000');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  cachePreparedStatements(sqlite);
  return sqlite;
}

/** Opens a connection pool for the target; `drivers` loads the PostgreSQL or MySQL driver when the target needs one. */
export function openDatabase(target: DatabaseTarget, drivers: ServerDrivers = serverDrivers): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const sqlite = openSqlite(target);
    const balanceWrites = countTableWrites(sqlite, ['users', 'tokens']);
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite', sqlite, balanceWrites };
  }
  return { db: new Kysely<Database>({ dialect: createServerDialect(target, drivers) }), kind: target.kind };
}
