import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindExternalAccount, signInWithExternalAccount } from '../src/oauth/external-accounts';
import { issueOAuthState, consumeOAuthState } from '../src/oauth/oauth-state-store';
import { telegramSource } from '../src/oauth/telegram-source';
import { wechatSource } from '../src/oauth/wechat-source';
import { startTestServer, type TestServer } from './helpers/test-server';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

// Third-party sign-in's SQL on real PostgreSQL and MariaDB pools (true concurrency): one-use states, and the claims
// that let one of several concurrent sign-ups or binds of one external account through.
describe.each([
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('third-party sign-in on %s', (_engine, lease) => {
  let database: ServiceLease;
  let server: TestServer;

  beforeAll(async () => {
    database = await lease();
    server = await startTestServer({ SQL_DSN: database.url, CRITICAL_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  it('a state is taken once of ten concurrent tries, only by its browser', async () => {
    const state = await issueOAuthState(server.context.db, 'browser-secret', { affCode: 'AFF1', bindUserId: 7 });
    expect(await consumeOAuthState(server.context.db, state, 'other-browser')).toBeNull();
    const takes = await Promise.all(Array.from({ length: 10 }, () => consumeOAuthState(server.context.db, state, 'browser-secret')));
    expect(takes.filter((take) => take !== null)).toEqual([{ affCode: 'AFF1', bindUserId: 7 }]);
  });

  it('concurrent first sign-ins create one user, concurrent binds bind one user', async () => {
    const account = { id: 'openid-engine-race', username: '', displayName: 'Racer' };
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => signInWithExternalAccount(server.context, wechatSource, account, '')));
    const bound = await server.context.db.selectFrom('users').select('id').where('wechat_id', '=', account.id).execute();
    expect(bound).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').every((outcome) => outcome.value.id === bound[0].id)).toBe(true);

    const racers = await Promise.all(['racer-a', 'racer-b', 'racer-c', 'racer-d'].map((username) => server.createUser({ username })));
    const shared = { id: '4242', username: '', displayName: 'Shared' };
    const binds = await Promise.allSettled(racers.map((racer) => bindExternalAccount(server.context, racer.user, telegramSource, shared)));
    expect(binds.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await server.context.db.selectFrom('users').select('id').where('telegram_id', '=', '4242').execute()).toHaveLength(1);
  });
});
