// Two instances on one database: an OAuth state issued by one is taken once by the other, and refused after that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCodeGrantEmulation, type CodeGrantEmulation } from '@turnpike/testing/oauth';
import { oauthEndpointsFor } from '../src/oauth/oauth-ports';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('OAuth state across instances', () => {
  let first: TestServer;
  let second: TestServer;
  let github: CodeGrantEmulation;

  beforeAll(async () => {
    github = await startCodeGrantEmulation('github', { clientId: 'gh-client', clientSecret: 'gh-secret' });
    first = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    for (const [key, value] of [['GitHubClientId', 'gh-client'], ['GitHubClientSecret', 'gh-secret'], ['GitHubOAuthEnabled', true]] as const) {
      await first.context.options.set(key, value);
    }
    second = await startTestServer({ CRITICAL_RATE_LIMIT: '100000', SQLITE_PATH: `${first.dataDir}/turnpike.db` });
    for (const server of [first, second]) oauthEndpointsFor(server.context).github = { token: github.tokenUrl, user: github.userUrl };
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await github?.close();
  });

  it('a state issued by one instance is accepted once by another instance on the same database', async () => {
    const issued = await first.call('GET', '/api/oauth/state');
    const state = issued.json().data as string;
    const browser = String(issued.headers['set-cookie']).split(';')[0];
    expect(browser).toMatch(/^turnpike_oauth=/);
    const account = { id: 31337, login: 'roamer' };
    const elsewhere = await second.call('GET', `/api/oauth/github?code=${github.issueCode(account, '')}&state=${state}`, { headers: { cookie: browser } });
    expect(elsewhere.json()).toMatchObject({ success: true, data: { github_id: '31337', username: 'roamer' } });
    const back = await first.call('GET', `/api/oauth/github?code=${github.issueCode(account, '')}&state=${state}`, { headers: { cookie: browser } });
    expect(back.statusCode).toBe(403);
    expect(back.json().message).toBe('the state parameter is empty or does not match');
  });
});
