// Fresh, empty databases inside a running PostgreSQL or MariaDB, so test files can share one server.
import crypto from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';

/** A database created for one test file, and how to drop it. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function uniqueName(): string {
  return `t_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a new database on the PostgreSQL server at `serverUrl`. */
export async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = uniqueName();
  const run = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  return { url: withDatabase(serverUrl, name), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Creates a new database on the MariaDB/MySQL server at `serverUrl`. */
export async function createMariadbDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = uniqueName();
  const run = async (statement: string): Promise<void> => {
    const connection = await createConnection({ uri: serverUrl });
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
  };
  await run(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return { url: withDatabase(serverUrl, name), drop: () => run(`DROP DATABASE IF EXISTS ${name}`) };
}
