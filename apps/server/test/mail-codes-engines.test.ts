import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseCodeStore, resetTokenRules, verificationCodeRules } from '../src/accounts/verification-code-store';
import { migrateToLatest } from '../src/db/migrate';
import { startTestServer, type TestServer } from './helpers/test-server';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

// The mailed one-time secrets live in the database, so every instance of a fleet honours them: the same rules on
// each engine (unique-key races, conditional deletes), with a clock the test moves.
describe.each([
  ['sqlite', null],
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('mail codes on %s', (_engine, lease) => {
  let database: ServiceLease | null = null;
  let server: TestServer;
  let now = 1_000_000;
  const clock = () => now;

  beforeAll(async () => {
    database = lease ? await lease() : null;
    server = await startTestServer(database ? { SQL_DSN: database.url } : {});
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  const store = () => new DatabaseCodeStore(server.context.db, verificationCodeRules, clock);

  it('issues 6-character codes, locks resending for 30 s, expires codes after 10 minutes and stores only a hash', async () => {
    const codes = store();
    const first = await codes.issue('k1');
    if (!first.issued) throw new Error('expected a code');
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const row = await server.context.db.selectFrom('mail_codes').selectAll().where('key', '=', 'k1').executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toContain(first.code);
    now += 10_000;
    expect(await codes.issue('k1')).toEqual({ issued: false, waitSeconds: 20 });
    expect(await codes.verify('k1', first.code.toLowerCase())).toBe(true);
    now += 20_000;
    const second = await codes.issue('k1');
    if (!second.issued) throw new Error('expected a second code after the lock');
    expect(await codes.verify('k1', first.code)).toBe(false);
    expect(await codes.verify('k1', second.code)).toBe(true);
    now += 600_000;
    expect(await codes.verify('k1', second.code)).toBe(false);
    expect(await codes.take('k1', second.code)).toBe(false);
  });

  it('lets exactly one of several simultaneous issues win', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => store().issue('race')));
    expect(results.filter((result) => result.issued)).toHaveLength(1);
    expect(results.filter((result) => !result.issued)).toEqual(Array.from({ length: 5 }, () => ({ issued: false, waitSeconds: 30 })));
  });

  it('take() spends a secret once, even when called concurrently', async () => {
    const tokens = new DatabaseCodeStore(server.context.db, resetTokenRules, clock);
    const issued = await tokens.issue('once');
    if (!issued.issued) throw new Error('expected a token');
    expect(issued.code).toHaveLength(32);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => tokens.take('once', issued.code)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await tokens.take('once', issued.code)).toBe(false);
  });

  it('drops a secret after five wrong guesses, and revoke() frees the lock', async () => {
    const codes = store();
    const issued = await codes.issue('guess');
    if (!issued.issued) throw new Error('expected a code');
    for (let attempt = 0; attempt < 4; attempt += 1) expect(await codes.take('guess', 'WRONG1')).toBe(false);
    expect(await codes.verify('guess', 'WRONG2')).toBe(false);
    expect(await codes.verify('guess', issued.code)).toBe(false);
    const again = await codes.issue('guess');
    if (!again.issued) throw new Error('a dropped code leaves no lock');
    await codes.revoke('guess');
    expect((await codes.issue('guess')).issued).toBe(true);
  });
});

describe('migration 006 on a database that already ran a later migration', () => {
  it('runs the missing earlier migration instead of refusing to start', async () => {
    const server = await startTestServer();
    try {
      const db = server.context.db;
      // As a database migrated by a build without 006 (but with 009) looks.
      await db.schema.dropTable('mail_codes').execute();
      await sql`DELETE FROM kysely_migration WHERE name = '006-accounts-mail'`.execute(db);
      await migrateToLatest(server.context.database);
      const names = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
      expect(names.rows.map((row) => row.name)).toContain('006-accounts-mail');
      expect(await db.selectFrom('mail_codes').select('key').execute()).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
