import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, targetFromDsn } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';

describe('migrations that land out of number order', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-migrate-'));
  const handle = openDatabase(targetFromDsn('', path.join(dir, 'turnpike.db')));
  afterAll(async () => {
    await handle.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs an earlier-numbered migration a database lacks although later ones ran', async () => {
    await migrateToLatest(handle);
    // A database that ran every later migration before this number was merged.
    await sql`DELETE FROM kysely_migration WHERE name = '005-topups'`.execute(handle.db);
    await sql`DROP TABLE topups`.execute(handle.db);
    await migrateToLatest(handle);
    const names = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db)).rows.map((row) => row.name);
    expect(names).toContain('005-topups');
    expect(await handle.db.selectFrom('topups').select('id').execute()).toEqual([]);
  });
});
