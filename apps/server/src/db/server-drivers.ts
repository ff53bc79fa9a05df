// The PostgreSQL and MySQL drivers, loaded on first use: a SQLite deployment (the default) never loads either, and a
// PostgreSQL one never loads MySQL's. Both are CommonJS packages, so a synchronous `require` keeps opening synchronous.
import type * as Mysql2 from 'mysql2';
import type pg from 'pg';
import { requireOnFirstUse } from '../load-on-first-use';

/** Loads each server engine's driver (the same module on every call). */
export interface ServerDrivers {
  pg(): typeof pg;
  mysql2(): typeof Mysql2;
}

/** The installed drivers, required the first time their engine is opened. */
export const serverDrivers: ServerDrivers = {
  pg: requireOnFirstUse<typeof pg>('pg'),
  mysql2: requireOnFirstUse<typeof Mysql2>('mysql2'),
};
