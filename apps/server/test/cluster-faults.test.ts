// Fault injection on two Turnpike processes (the production build) sharing PostgreSQL 15 and Redis, under steady
// traffic: PostgreSQL stopped (fast shutdown) and started again, PostgreSQL hung (accepts connections, answers
// nothing), and an instance SIGKILLed while the database is away and restarted on its disk. Every case asserts that no
// process exits on its own, that calls are answered 200 or a clean 503 with Retry-After while the database is away,
// that service resumes by itself, and that afterwards every call answered 200 is billed exactly once (by its
// request id) with the log rows adding up to the user's and the token's balance change and no reservation held.
// Then the upstream killed with streams open, and a SIGTERM with streams in flight. Redis outages and SIGKILL under
// traffic (with the database up) are in cluster-fleet.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startPostgres, startRedis, type RestartablePostgres, type RunningService, type TestDatabase } from '../../../scripts/services';
import { isRunning } from '../../../scripts/services/service-process';
import { openDatabase, targetFromDsn } from '../src/db/connect';
import type { Database } from '../src/db/schema';
import { api, createFleetKey, createFleetUser, millisecondsUntil, setOptions, type FleetActor } from './helpers/fleet-fixtures';
import { ensureServerBuild, startInstance, type FleetInstance } from './helpers/turnpike-fleet';

const secret = 'fault-session-secret-0123456789';
const initialQuota = 10_000_000;

/** Writes a measured figure to the test output. */
function report(line: string): void {
  process.stdout.write(`[faults] ${line}\n`);
}

/** One answered call of the traffic. */
interface Outcome {
  instance: string;
  status: number;
  retryAfter: string | null;
  requestId: string;
  ms: number;
}

describe('faults on two instances (PostgreSQL + Redis)', () => {
  let postgres: RestartablePostgres;
  let database: TestDatabase;
  let redis: RunningService;
  let upstream: MockUpstream;
  let fleet: FleetInstance[];
  let environment: Record<string, string>;
  let db: Kysely<Database>;
  let root: FleetActor;
  /** Working folders of restarted instances (a restart keeps its disk); removed at the end. */
  const keptDirs: string[] = [];

  beforeAll(async () => {
    ensureServerBuild();
    [postgres, redis, upstream] = await Promise.all([startPostgres(), startRedis(), startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 4, chunkDelayMs: 20 } })]);
    database = await createPostgresDatabase(postgres.url);
    // A hung database fails a query after 2 s; a run unseen for 2 s is reconciled by the survivors.
    environment = { SQL_DSN: database.url, REDIS_CONN_STRING: redis.url, SESSION_SECRET: secret, NODE_STALE_SECONDS: '2', DB_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'info', CHANNEL_TEST_FREQUENCY: '0' };
    fleet = await Promise.all(['fault-a', 'fault-b'].map((name) => startInstance(name, environment)));
    db = openDatabase(targetFromDsn(database.url, '')).db;
    root = await createFleetUser(db, secret, { username: 'root', role: 100 });
    await setOptions(fleet[0], fleet, root, { ModelRatio: '{"test-model":2}', CompletionRatio: '{"test-model":3}', PreConsumedQuota: '10' });
    const channel = await api(fleet[0], 'POST', '/api/channel/', { as: root, body: { mode: 'single', channel: { type: 1, name: 'mock', base_url: upstream.url, key: 'upstream-key', models: 'test-model', group: 'default' } } });
    expect(channel.body.success).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await Promise.all((fleet ?? []).map((instance) => instance.stop()));
    for (const dir of keptDirs) fs.rmSync(dir, { recursive: true, force: true });
    await db?.destroy();
    await upstream?.close();
    await redis?.stop();
    await database?.drop().catch(() => undefined);
    await postgres?.stop();
  }, 60_000);

  /** A user with a key (token quota as large as the balance), routed on every instance. */
  async function caller(username: string, group = 'default'): Promise<{ userId: number; tokenId: number; key: string }> {
    const user = await createFleetUser(db, secret, { username, quota: initialQuota, group });
    const { key, id } = await createFleetKey(fleet[0], user);
    await db.updateTable('tokens').set({ remain_quota: initialQuota, unlimited_quota: 0 }).where('id', '=', id).execute();
    expect(await millisecondsUntil(async () => (await Promise.all(fleet.map((instance) => api(instance, 'GET', '/v1/models', { key })))).every((answer) => answer.status === 200), 5000)).toBeLessThan(5000);
    return { userId: user.user.id, tokenId: id, key };
  }

  /** Calls every instance in a loop (two loops each: whole and streamed answers) until `stop` is called. */
  function traffic(key: string): { outcomes: Outcome[]; stop: () => Promise<void> } {
    const outcomes: Outcome[] = [];
    let running = true;
    const loops = fleet.flatMap((instance) =>
      [false, true].map(async (stream) => {
        while (running) {
          const startedAt = performance.now();
          try {
            const answer = await fetch(`${instance.url}/v1/chat/completions`, {
              method: 'POST',
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
              body: JSON.stringify({ model: 'test-model', stream, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
            });
            const text = await answer.text();
            // A 200 stream that broke off would not end with [DONE]; every 200 here must be whole.
            if (answer.status === 200 && stream) expect(text).toContain('data: [DONE]');
            outcomes.push({ instance: instance.name, status: answer.status, retryAfter: answer.headers.get('retry-after'), requestId: answer.headers.get('x-request-id') ?? '', ms: performance.now() - startedAt });
          } catch {
            // The instance itself went away (only in the SIGKILL case): nothing was answered.
            outcomes.push({ instance: instance.name, status: 0, retryAfter: null, requestId: '', ms: performance.now() - startedAt });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      }),
    );
    return {
      outcomes,
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  /** Waits until every instance serves calls again (a 200 from each); the probes answered 200 go into `served`. */
  async function servedAgain(key: string, served: string[]): Promise<number> {
    return millisecondsUntil(async () => {
      const statuses = await Promise.all(
        fleet.map(async (instance) => {
          try {
            const answer = await fetch(`${instance.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'test-model', max_tokens: 5, messages: [{ role: 'user', content: 'again' }] }) });
            await answer.text();
            if (answer.status === 200) served.push(answer.headers.get('x-request-id') ?? '');
            return answer.status;
          } catch {
            return 0;
          }
        }),
      );
      return statuses.every((status) => status === 200);
    }, 20_000);
  }

  /** Every call answered 200 is billed once, logs add up to both balance changes, nothing stays held. */
  async function expectMoneyExact(who: { userId: number; tokenId: number }, served: string[]): Promise<void> {
    expect(await millisecondsUntil(async () => (await db.selectFrom('reservations').select('id').where('user_id', '=', who.userId).where('released_at', '=', 0).execute()).length === 0, 20_000)).toBeLessThan(20_000);
    const rows = await db.selectFrom('logs').select(['request_id', 'quota']).where('user_id', '=', who.userId).where('type', '=', 2).execute();
    const logged = rows.map((row) => row.request_id);
    // Exactly once each: every served call has one row, and no row is there twice.
    expect(new Set(logged).size).toBe(logged.length);
    expect([...logged].sort()).toEqual([...served].sort());
    const billed = rows.reduce((sum, row) => sum + row.quota, 0);
    const user = await db.selectFrom('users').select('quota').where('id', '=', who.userId).executeTakeFirstOrThrow();
    const token = await db.selectFrom('tokens').select('remain_quota').where('id', '=', who.tokenId).executeTakeFirstOrThrow();
    expect(initialQuota - user.quota).toBe(billed);
    expect(initialQuota - token.remain_quota).toBe(billed);
    expect(user.quota).toBeGreaterThanOrEqual(0);
  }

  /** The calls answered while the database was away: 200 (in flight, or served before it was noticed) or a clean 503. */
  function expectCleanRefusals(outcomes: Outcome[]): Outcome[] {
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    expect(refused.filter((outcome) => outcome.status !== 503 || outcome.retryAfter !== '1')).toEqual([]);
    return refused;
  }

  /** Starts a streamed chat on `instance`; resolves with the answer once its headers arrived. */
  const openStream = (instance: FleetInstance, key: string) =>
    fetch(`${instance.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'stream' }] }) });

  const served = (outcomes: Outcome[]) => outcomes.filter((outcome) => outcome.status === 200);
  const p95 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.max(0, Math.ceil(values.length * 0.95) - 1)] ?? 0;

  it('PostgreSQL stopped for 3 s under load: no instance exits, calls are refused cleanly, service resumes, every bill is kept', async () => {
    const who = await caller('outage');
    const load = traffic(who.key);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await postgres.pause();
    const stoppedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await postgres.resume();
    const probes: string[] = [];
    const back = await servedAgain(who.key, probes);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await load.stop();
    for (const instance of fleet) expect(isRunning(instance.pid)).toBe(true);
    const refused = expectCleanRefusals(load.outcomes);
    expect(refused.length).toBeGreaterThan(0);
    const ok = served(load.outcomes);
    await expectMoneyExact(who, [...ok.map((outcome) => outcome.requestId), ...probes]);
    // The request id of a served call is in its instance's server log too.
    const sample = ok.at(-1);
    expect(fleet.find((instance) => instance.name === sample?.instance)?.logs.some((line) => line.reqId === sample?.requestId)).toBe(true);
    report(`fast stop 3 s: ${ok.length} served, ${refused.length} refused with 503 (p95 ${Math.round(p95(refused.map((outcome) => outcome.ms)))} ms), every instance serving again ${Math.round(back)} ms after the restart (${Math.round(performance.now() - stoppedAt)} ms after the stop)`);
  }, 90_000);

  it('PostgreSQL hung for 4 s (answers nothing): calls are refused after the 2 s timeout, nothing is held afterwards', async () => {
    const who = await caller('hung');
    const load = traffic(who.key);
    await new Promise((resolve) => setTimeout(resolve, 700));
    postgres.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    } finally {
      postgres.thaw();
    }
    const probes: string[] = [];
    const back = await servedAgain(who.key, probes);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await load.stop();
    for (const instance of fleet) expect(isRunning(instance.pid)).toBe(true);
    const refused = expectCleanRefusals(load.outcomes);
    expect(refused.length).toBeGreaterThan(0);
    const ok = served(load.outcomes);
    await expectMoneyExact(who, [...ok.map((outcome) => outcome.requestId), ...probes]);
    report(`hung 4 s: ${ok.length} served, ${refused.length} refused with 503 (p95 ${Math.round(p95(refused.map((outcome) => outcome.ms)))} ms with DB_TIMEOUT_SECONDS=2), serving again ${Math.round(back)} ms after the thaw`);
  }, 90_000);

  it('an instance SIGKILLed while PostgreSQL is away keeps its bills in the journal and writes them once at its restart', async () => {
    const who = await caller('journal');
    // Slow streams: several are in flight on the victim when the database goes away, and finish during the outage.
    upstream.setKeyBehaviour('upstream-key', { promptTokens: 10, chunkCount: 8, chunkDelayMs: 150 });
    const [victim] = fleet;
    const answers = await Promise.all(Array.from({ length: 4 }, () => openStream(victim, who.key)));
    for (const answer of answers) expect(answer.status).toBe(200);
    await postgres.pause();
    try {
      const texts = await Promise.all(answers.map((answer) => answer.text()));
      for (const text of texts) expect(text).toContain('data: [DONE]');
      // Once the four settlements are in the journal on the victim's disk, it dies.
      const journal = path.join(victim.workDir, 'data', 'settlement-journal-fault-a.jsonl');
      const journaled = () => (fs.existsSync(journal) ? fs.readFileSync(journal, 'utf8').split('\n').filter(Boolean).reduce((sum, line) => sum + (JSON.parse(line) as unknown[]).length, 0) : 0);
      expect(await millisecondsUntil(() => journaled() === 4, 10_000)).toBeLessThan(10_000);
      await victim.kill(true);
    } finally {
      upstream.setKeyBehaviour('upstream-key', undefined);
      await postgres.resume();
    }
    // Restarted on the same disk and NODE_NAME: the journal is replayed before anything else.
    fleet[0] = await startInstance(victim.name, environment, victim.workDir);
    keptDirs.push(victim.workDir);
    expect(await millisecondsUntil(() => fleet[0].logs.some((line) => line.msg === 'replaying the settlement journal of an earlier run'), 3000)).toBeLessThan(3000);
    const probes: string[] = [];
    await servedAgain(who.key, probes);
    expect(isRunning(fleet[1].pid)).toBe(true);
    const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
    await expectMoneyExact(who, [...ids, ...probes]);
    report(`SIGKILL during the outage: ${ids.length} streams served while the database was away, billed once from the journal at the restart`);
  }, 120_000);
  it('the upstream killed with streams open: each stream ends with an error event, billed once for what it received', async () => {
    const doomed = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 40, chunkDelayMs: 100 } });
    try {
      const channel = await api(fleet[0], 'POST', '/api/channel/', { as: root, body: { mode: 'single', channel: { type: 1, name: 'doomed', base_url: doomed.url, key: 'doomed-key', models: 'test-model', group: 'cut' } } });
      expect(channel.body.success).toBe(true);
      const who = await caller('cut-off', 'cut');
      const answers = await Promise.all(fleet.flatMap((instance) => [openStream(instance, who.key), openStream(instance, who.key)]));
      for (const answer of answers) expect(answer.status).toBe(200);
      const texts = answers.map((answer) => answer.text());
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The upstream process goes away with every stream open (its connections are cut).
      await doomed.close();
      for (const text of await Promise.all(texts)) {
        expect(text).toContain('"code":"upstream_stream_broken"');
        expect(text).toContain('"content":');
      }
      for (const instance of fleet) expect(isRunning(instance.pid)).toBe(true);
      await expectMoneyExact(who, answers.map((answer) => answer.headers.get('x-request-id') ?? ''));
      const rows = await db.selectFrom('logs').select(['completion_tokens', 'other']).where('user_id', '=', who.userId).where('type', '=', 2).execute();
      for (const row of rows) {
        expect(row.completion_tokens).toBeGreaterThan(0);
        expect(JSON.parse(row.other).warnings).toContain('the upstream stream broke off');
      }
      report(`upstream killed: ${answers.length} open streams on 2 instances each ended with an error event, billed ${rows.map((row) => row.completion_tokens).join(', ')} output tokens`);
    } finally {
      // Already closed unless the test failed before the kill.
      await doomed.close().catch(() => undefined);
    }
  }, 60_000);

  it('SIGTERM with streams in flight: they finish, the other instance keeps serving, every bill is kept', async () => {
    const who = await caller('drained');
    upstream.setKeyBehaviour('upstream-key', { promptTokens: 10, chunkCount: 8, chunkDelayMs: 150 });
    const [leaving, staying] = fleet;
    try {
      const answers = await Promise.all([openStream(leaving, who.key), openStream(leaving, who.key), openStream(leaving, who.key)]);
      for (const answer of answers) expect(answer.status).toBe(200);
      const texts = answers.map((answer) => answer.text());
      const stopped = leaving.stop();
      // While it drains, the other instance serves.
      const elsewhere = await openStream(staying, who.key);
      expect(elsewhere.status).toBe(200);
      const served = [...answers, elsewhere].map((answer) => answer.headers.get('x-request-id') ?? '');
      for (const text of [...(await Promise.all(texts)), await elsewhere.text()]) expect(text).toContain('data: [DONE]');
      await stopped;
      expect(isRunning(leaving.pid)).toBe(false);
      expect(isRunning(staying.pid)).toBe(true);
      await expectMoneyExact(who, served);
      report(`SIGTERM: ${answers.length} streams in flight finished before the exit; the other instance served meanwhile`);
    } finally {
      upstream.setKeyBehaviour('upstream-key', undefined);
    }
  }, 60_000);
});
