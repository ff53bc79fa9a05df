// Upstream usage is untrusted input (issue 21): an upstream reporting 1e12 or 1e308 tokens, negative counts or
// non-numbers moves no balance beyond the call's reservation, leaves only whole numbers in every quota column, and
// leaves a system row with the raw figures. On SQLite and PostgreSQL; plus the migration that repairs old values.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { sendJson, startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, targetFromDsn } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { up as repairQuotas } from '../src/db/migrations/012-integer-quotas';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';
import { leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

// gpt-4o-mini in the catalog: 128,000 tokens of context, 16,384 of output.
const model = 'gpt-4o-mini';

const hostileUsages: ReadonlyArray<[string, Record<string, unknown>, boolean]> = [
  ['1e12 completion tokens', { prompt_tokens: 10, completion_tokens: 1e12, total_tokens: 1e12 + 10 }, true],
  ['1e308 prompt tokens', { prompt_tokens: 1e308, completion_tokens: 5, total_tokens: 1e308 }, true],
  ['1e308 completion and cached tokens', { prompt_tokens: 10, completion_tokens: 1e308, prompt_tokens_details: { cached_tokens: 1e308 } }, true],
  ['negative counts', { prompt_tokens: -1e12, completion_tokens: -50, total_tokens: -1 }, false],
  ['NaN-ish strings', { prompt_tokens: 'NaN', completion_tokens: 'Infinity', total_tokens: '1e999' }, false],
];

describe.each([
  ['sqlite', null],
  ['postgres', leasePostgresDatabase],
] as const)('untrusted upstream usage on %s', (_engine, lease) => {
  let database: ServiceLease | null = null;
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;
  let reported: Record<string, unknown> = {};

  beforeAll(async () => {
    database = lease ? await lease() : null;
    upstream = await startMockUpstream();
    server = await startTestServer(database ? { SQL_DSN: database.url } : {});
    await server.context.options.set('ModelRatio', { [model]: 1 });
    await server.context.options.set('CompletionRatio', { [model]: 1 });
    base = await server.listen();
    user = await server.createUser({ username: 'victim', quota: 1_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: model, type: 1 });
    key = (await addApiKey(server, user)).key;
    upstream.answer((_request, response) => {
      sendJson(response, { id: 'chatcmpl-hostile', object: 'chat.completion', created: 1764000000, model, choices: [{ index: 0, message: { role: 'assistant', content: 'Four words of answer.' }, finish_reason: 'stop' }], usage: reported });
    });
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  const balance = async (): Promise<unknown> => (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;

  for (const [label, usage, outOfRange] of hostileUsages) {
    it(`${label}: billed at most the reservation, in whole numbers${outOfRange ? ', with a system row of the raw figures' : ''}`, async () => {
      reported = usage;
      await server.settle();
      const before = await balance();
      const answer = await fetch(`${base}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, max_tokens: 100, messages: [{ role: 'user', content: 'Say four words.' }] }),
      });
      expect(answer.status).toBe(200);
      await server.settle();
      const after = await balance();
      expect(Number.isSafeInteger(before) && Number.isSafeInteger(after)).toBe(true);
      // The reservation: the prompt at the pre-consumed 500 tokens at least, and 100 output tokens, at ratio 1.
      const spent = (before as number) - (after as number);
      expect(spent).toBeGreaterThan(0);
      expect(spent).toBeLessThanOrEqual(600);
      if (outOfRange) expect(spent).toBe(600);
      const consume = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(consume.quota).toBe(spent);
      expect(Number.isSafeInteger(consume.prompt_tokens) && consume.prompt_tokens <= 128_000).toBe(true);
      expect(Number.isSafeInteger(consume.completion_tokens) && consume.completion_tokens <= 16_384).toBe(true);
      const system = await server.context.db.selectFrom('logs').selectAll().where('type', '=', 4).where('content', 'like', `%${consume.request_id}%`).execute();
      if (!outOfRange) {
        expect(system).toEqual([]);
        return;
      }
      expect(system).toHaveLength(1);
      expect(system[0].quota).toBe(0);
      const other = JSON.parse(system[0].other) as { reported_usage: Record<string, number>; billed_usage: Record<string, number>; violations: string[] };
      const raw = (usage.completion_tokens as number) > 16_384 ? { completionTokens: usage.completion_tokens } : { promptTokens: usage.prompt_tokens };
      expect(other.reported_usage).toMatchObject(raw);
      expect(other.violations.length).toBeGreaterThan(0);
      const self = (await server.call('GET', '/api/user/self', { as: user })).json() as { data: { quota: unknown } };
      expect(self.data.quota).toBe(after);
    });
  }

  it('bills usage that breaks the canonical contract (output below reasoning) as output + reasoning, with a warning in the log entry', async () => {
    reported = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, completion_tokens_details: { reasoning_tokens: 30 } };
    const answer = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, max_tokens: 100, messages: [{ role: 'user', content: 'Think first.' }] }),
    });
    expect(answer.status).toBe(200);
    await server.settle();
    const consume = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(consume).toMatchObject({ prompt_tokens: 10, completion_tokens: 32 });
    expect((JSON.parse(consume.other) as { warnings: string[] }).warnings).toContain('reported usage broke its contract: output 2 < reasoning 30; billed output 32 (reasoning read as beside the output)');
  });

  it('repairs non-finite and fractional quota values left by older versions (SQLite keeps any value it is given)', async () => {
    if (!lease) {
      await sql`UPDATE users SET quota = -1e999, used_quota = 12.6 WHERE id = ${user.user.id}`.execute(server.context.db);
      await sql`UPDATE logs SET prompt_tokens = 1e308 WHERE user_id = ${user.user.id}`.execute(server.context.db);
    }
    await repairQuotas(server.context.db as never, lease ? 'postgres' : 'sqlite');
    const row = await server.context.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(Number.isSafeInteger(row.quota) && Number.isSafeInteger(row.used_quota)).toBe(true);
    if (!lease) expect(row).toEqual({ quota: 0, used_quota: 13 });
    const tokens = await server.context.db.selectFrom('logs').select('prompt_tokens').where('user_id', '=', user.user.id).execute();
    for (const log of tokens) expect(Number.isSafeInteger(log.prompt_tokens)).toBe(true);
    // An admin can edit the repaired user again (a REAL -Infinity made this answer 500 before).
    const admin = await server.createUser({ username: `root-${lease ? 'pg' : 'lite'}`, role: 100 });
    const updated = await server.call('PUT', '/api/user/', { as: admin, body: { id: user.user.id, username: 'victim', display_name: 'victim', group: 'default', quota: 5000 } });
    expect(updated.json()).toMatchObject({ success: true });
  });
});

describe('the quota repair migration on a fresh SQLite database', () => {
  it('runs with the others and leaves integers in place', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-quota-repair-'));
    const handle = openDatabase(targetFromDsn('', path.join(dir, 'turnpike.db')));
    try {
      await migrateToLatest(handle);
      const names = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(handle.db);
      expect(names.rows.map((row) => row.name)).toContain('012-integer-quotas');
    } finally {
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
