// Third-party sign-in end to end against real parts: oidc-provider, GitHub / Linux DO / WeChat server emulations and
// Telegram widget payloads signed with a bot token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthLoginProviders, oauthRedirectUri } from '@turnpike/contract';
import {
  signInThroughDevInteractions,
  signTelegramWidget,
  startCodeGrantEmulation,
  startOidcTestProvider,
  startWeChatServerEmulation,
  type CodeGrantEmulation,
  type OidcTestProvider,
  type WeChatServerEmulation,
} from '@turnpike/testing/oauth';
import { bindExternalAccount, signInWithExternalAccount } from '../src/oauth/external-accounts';
import { oauthEndpointsFor } from '../src/oauth/oauth-ports';
import { telegramSource } from '../src/oauth/telegram-source';
import { wechatSource } from '../src/oauth/wechat-source';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const serverAddress = 'http://turnpike.test';
const botToken = '123456:telegram-test-bot-token';

/** The `name=value` of a cookie set by a response. */
function cookieOf(setCookie: string | string[] | undefined, name: string): string {
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((entry) => entry.startsWith(`${name}=`)) ?? '';
  return line.split(';')[0];
}

describe('third-party sign-in', () => {
  let server: TestServer;
  let oidc: OidcTestProvider;
  let github: CodeGrantEmulation;
  let linuxdo: CodeGrantEmulation;
  let wechat: WeChatServerEmulation;
  let alice: Actor;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    oidc = await startOidcTestProvider({ clientId: 'turnpike-client', clientSecret: 'turnpike-secret', redirectUris: [oauthRedirectUri(serverAddress, 'oidc')] });
    github = await startCodeGrantEmulation('github', { clientId: 'gh-client', clientSecret: 'gh-secret' });
    linuxdo = await startCodeGrantEmulation('linuxdo', { clientId: 'ld-client', clientSecret: 'ld-secret' });
    wechat = await startWeChatServerEmulation('wechat-server-token');
    const endpoints = oauthEndpointsFor(server.context);
    endpoints.github = { token: github.tokenUrl, user: github.userUrl };
    endpoints.linuxdo = { token: linuxdo.tokenUrl, user: linuxdo.userUrl };
    const settings: Array<[string, string | boolean | number]> = [
      ['ServerAddress', serverAddress],
      ['oidc.client_id', 'turnpike-client'],
      ['oidc.client_secret', 'turnpike-secret'],
      ['oidc.well_known', oidc.wellKnownUrl],
      ['oidc.authorization_endpoint', `${oidc.issuer}/auth`],
      ['oidc.enabled', true],
      ['GitHubClientId', 'gh-client'],
      ['GitHubClientSecret', 'gh-secret'],
      ['GitHubOAuthEnabled', true],
      ['LinuxDOClientId', 'ld-client'],
      ['LinuxDOClientSecret', 'ld-secret'],
      ['LinuxDOOAuthEnabled', true],
      ['WeChatServerAddress', wechat.url],
      ['WeChatServerToken', 'wechat-server-token'],
      ['WeChatAuthEnabled', true],
      ['TelegramBotToken', botToken],
      ['TelegramBotName', 'turnpike_bot'],
      ['TelegramOAuthEnabled', true],
    ];
    for (const [key, value] of settings) await server.context.options.set(key, value);
    alice = await server.createUser({ username: 'alice' });
  });
  afterAll(async () => {
    await server.stop();
    await Promise.all([oidc.close(), github.close(), linuxdo.close(), wechat.close()]);
  });
  beforeEach(async () => {
    await server.context.options.set('RegisterEnabled', true);
    await server.context.options.set('LinuxDOMinimumTrustLevel', 0);
  });

  /** Asks for a state as a browser (optionally signed in); returns the state and the browser's binding cookie. */
  const startFlow = async (query = '', as?: Actor, browserCookie?: string) => {
    const headers: Record<string, string> = browserCookie ? { cookie: [as?.headers.cookie, browserCookie].filter(Boolean).join('; ') } : {};
    const response = await server.call('GET', `/api/oauth/state${query}`, { as, headers });
    expect(response.json()).toMatchObject({ success: true });
    const state = response.json().data as string;
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    return { state, browser: browserCookie ?? cookieOf(response.headers['set-cookie'], 'turnpike_oauth') };
  };
  const callback = (provider: string, params: Record<string, string>, browser: string, as?: Actor) =>
    server.call('GET', `/api/oauth/${provider}?${new URLSearchParams(params)}`, { as, headers: { cookie: [as?.headers.cookie, browser].filter(Boolean).join('; ') } });
  const userRow = (id: number) => server.context.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const userCount = async () => Number((await server.context.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('signs up through a real OpenID Connect provider: discovery, login page, code, ID token, userinfo', async () => {
    const { state, browser } = await startFlow();
    expect(browser).toMatch(/^turnpike_oauth=/);
    const status = (await server.call('GET', '/api/status')).json().data;
    const provider = oauthLoginProviders.find((entry) => entry.id === 'oidc')!;
    expect(provider.enabled(status)).toBe(true);
    const landed = await signInThroughDevInteractions(provider.authorizeUrl(status, state), 'oidc-carol', oauthRedirectUri(serverAddress, 'oidc'));
    expect(landed.searchParams.get('state')).toBe(state);
    const response = await callback('oidc', Object.fromEntries(landed.searchParams), browser);
    expect(response.json()).toMatchObject({ success: true, message: 'login successful', data: { username: 'oidc-carol', display_name: 'OIDC oidc-carol', oidc_id: 'oidc-carol', role: 1, status: 1 } });
    expect(cookieOf(response.headers['set-cookie'], 'turnpike_session')).not.toBe('');

    const replay = await callback('oidc', Object.fromEntries(landed.searchParams), browser);
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ success: false, message: 'the state parameter is empty or does not match' });
  });

  it('refuses a foreign state (another browser, no browser cookie, made up) without using it up', async () => {
    const mine = await startFlow();
    const theirs = await startFlow();
    const code = github.issueCode({ id: 9001, login: 'mallory', name: 'Mallory' }, '');
    for (const [state, browser] of [[mine.state, theirs.browser], [mine.state, ''], ['made-up-state', mine.browser], ['', mine.browser]]) {
      const response = await callback('github', { code, state }, browser);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('the state parameter is empty or does not match');
    }
    const own = await callback('github', { code, state: mine.state }, mine.browser);
    expect(own.json()).toMatchObject({ success: true, data: { username: 'mallory', github_id: '9001' } });
  });

  it('GitHub sign-up credits the inviter of ?aff=, a second sign-in finds the same user, a ban keeps them out', async () => {
    const inviter = await server.createUser({ username: 'inviter', aff_code: 'INVT' });
    await server.context.options.set('QuotaForNewUser', 1000);
    await server.context.options.set('QuotaForInvitee', 300);
    await server.context.options.set('QuotaForInviter', 500);
    const first = await startFlow('?aff=INVT');
    const account = { id: 583231, login: 'octocat', name: 'The Octocat' };
    const signUp = await callback('github', { code: github.issueCode(account, ''), state: first.state }, first.browser);
    expect(signUp.json()).toMatchObject({ success: true, data: { username: 'octocat', display_name: 'The Octocat', github_id: '583231', quota: 1300, inviter_id: inviter.user.id } });
    expect(await userRow(inviter.user.id)).toMatchObject({ aff_count: 1, aff_quota: 500, aff_history_quota: 500 });
    const created = signUp.json().data.id as number;
    expect((await userRow(created)).password).toBe('');
    expect((await server.call('POST', '/api/user/login', { body: { username: 'octocat', password: '' } })).statusCode).toBe(400);

    const again = await startFlow();
    const before = await userCount();
    const signIn = await callback('github', { code: github.issueCode(account, ''), state: again.state }, again.browser);
    expect(signIn.json()).toMatchObject({ success: true, data: { id: created } });
    expect(await userCount()).toBe(before);

    await server.context.db.updateTable('users').set({ status: 2 }).where('id', '=', created).execute();
    const banned = await startFlow();
    const refused = await callback('github', { code: github.issueCode(account, ''), state: banned.state }, banned.browser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: 'this user has been banned' });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('concurrent first sign-ins of one account create one user; concurrent binds of one account bind one user', async () => {
    // Called directly, so that every sign-up looks for a bound user before any creates one (no exchange in between),
    // with an account without a login name, so that distinct generated usernames cannot hide a second user.
    const account = { id: 'openid-race', username: '', displayName: 'Racer' };
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => signInWithExternalAccount(server.context, wechatSource, account, '')));
    const bound = await server.context.db.selectFrom('users').select('id').where('wechat_id', '=', 'openid-race').execute();
    expect(bound).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') expect(outcome.value.id).toBe(bound[0].id);
      else expect((outcome.reason as Error).message).toBe('this WeChat account is being signed up, please try again in a moment');
    }
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);

    const racers = await Promise.all(['racer-a', 'racer-b', 'racer-c'].map((username) => server.createUser({ username })));
    const shared = { id: '909090', username: 'shared_tg', displayName: 'Shared' };
    const binds = await Promise.allSettled(racers.map((racer) => bindExternalAccount(server.context, racer.user, telegramSource, shared)));
    expect(binds.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await server.context.db.selectFrom('users').select('id').where('telegram_id', '=', '909090').execute()).toHaveLength(1);
  });

  it('RegisterEnabled off refuses a new external account but still signs in a bound one', async () => {
    await server.context.options.set('RegisterEnabled', false);
    const before = await userCount();
    const flow = await startFlow();
    const response = await callback('github', { code: github.issueCode({ id: 777, login: 'newcomer' }, ''), state: flow.state }, flow.browser);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('the administrator has disabled new user registration');
    expect(await userCount()).toBe(before);

    const wechatResponse = await server.call('GET', `/api/oauth/wechat?code=${wechat.issueCode('openid-closed')}`);
    expect(wechatResponse.json().message).toBe('the administrator has disabled new user registration');
  });

  it('binds from a signed-in session, refuses an account bound to another user, and needs the same session back', async () => {
    const bind = await startFlow('', alice);
    const taken = await callback('github', { code: github.issueCode({ id: 9001, login: 'mallory' }, ''), state: bind.state }, bind.browser, alice);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, message: 'this GitHub account has already been bound to another user' });
    expect((await userRow(alice.user.id)).github_id).toBe('');

    const fresh = await startFlow('', alice);
    const bound = await callback('github', { code: github.issueCode({ id: 4040, login: 'alice-gh' }, ''), state: fresh.state }, fresh.browser, alice);
    expect(bound.json()).toEqual({ success: true, message: 'bind' });
    expect((await userRow(alice.user.id)).github_id).toBe('4040');

    const signedOut = await startFlow('', alice);
    const lost = await callback('github', { code: github.issueCode({ id: 4041, login: 'x' }, ''), state: signedOut.state }, signedOut.browser);
    expect(lost.statusCode).toBe(401);
    const bob = await server.createUser({ username: 'bob' });
    const other = await startFlow('', alice);
    const switched = await callback('github', { code: github.issueCode({ id: 4042, login: 'y' }, ''), state: other.state }, other.browser, bob);
    expect(switched.statusCode).toBe(403);
    expect((await userRow(bob.user.id)).github_id).toBe('');
  });

  it('reports a disabled provider, a provider error and wrong client credentials with the spec messages', async () => {
    await server.context.options.set('GitHubOAuthEnabled', false);
    const disabled = await startFlow();
    const off = await callback('github', { code: 'x', state: disabled.state }, disabled.browser);
    expect(off.json()).toMatchObject({ success: false, message: 'the administrator has not enabled login and registration with GitHub' });
    await server.context.options.set('GitHubOAuthEnabled', true);

    const denied = await startFlow();
    const errorAnswer = await callback('github', { error: 'access_denied', error_description: 'The user has denied your application access.', state: denied.state }, denied.browser);
    expect(errorAnswer.json().message).toBe('The user has denied your application access.');

    await server.context.options.set('GitHubClientSecret', 'wrong');
    const wrong = await startFlow();
    const refused = await callback('github', { code: github.issueCode({ id: 1, login: 'z' }, ''), state: wrong.state }, wrong.browser);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('failed to get a token from GitHub, please check the settings');
    expect(github.refusals).toContain('wrong client credentials');
    await server.context.options.set('GitHubClientSecret', 'gh-secret');

    const status = (await server.call('GET', '/api/status')).json().data;
    const oidcLogin = oauthLoginProviders.find((entry) => entry.id === 'oidc')!;
    await server.context.options.set('oidc.client_secret', 'wrong-secret');
    const badSecret = await startFlow();
    const landed = await signInThroughDevInteractions(oidcLogin.authorizeUrl(status, badSecret.state), 'oidc-eve', oauthRedirectUri(serverAddress, 'oidc'));
    const oidcRefused = await callback('oidc', Object.fromEntries(landed.searchParams), badSecret.browser);
    expect(oidcRefused.statusCode).toBe(400);
    expect(oidcRefused.json().message).toBe('failed to get a token from OIDC, please check the settings');
    await server.context.options.set('oidc.client_secret', 'turnpike-secret');

    await server.context.options.set('oidc.well_known', '');
    const noDiscovery = await startFlow();
    const missing = await callback('oidc', { code: 'x', state: noDiscovery.state }, noDiscovery.browser);
    expect(missing.json().message).toBe('OIDC sign-in needs the well-known (discovery) address, please check the settings');
    await server.context.options.set('oidc.well_known', oidc.wellKnownUrl);
  });

  it('Linux DO: Basic client credentials, the redirect_uri, and the minimum trust level', async () => {
    const redirectUri = oauthRedirectUri(serverAddress, 'linuxdo');
    await server.context.options.set('LinuxDOMinimumTrustLevel', 2);
    const low = await startFlow();
    const refused = await callback('linuxdo', { code: linuxdo.issueCode({ id: 11, username: 'newbie', name: 'New', trust_level: 1, active: true }, redirectUri), state: low.state }, low.browser);
    expect(refused.json()).toMatchObject({ success: false, message: 'the Linux DO trust level is below the minimum required by the administrator' });
    const high = await startFlow();
    const accepted = await callback('linuxdo', { code: linuxdo.issueCode({ id: 12, username: 'veteran', name: 'Vet', trust_level: 3, active: true }, redirectUri), state: high.state }, high.browser);
    expect(accepted.json()).toMatchObject({ success: true, data: { username: 'veteran', display_name: 'Vet', linux_do_id: '12' } });
    const mismatch = await startFlow();
    const wrongUri = await callback('linuxdo', { code: linuxdo.issueCode({ id: 13, username: 'u', trust_level: 3 }, 'http://elsewhere/cb'), state: mismatch.state }, mismatch.browser);
    expect(wrongUri.statusCode).toBe(400);
    expect(linuxdo.refusals).toContain('redirect_uri differs from the authorize request');
  });

  it('WeChat: a code signs up once, expires after three minutes, binds to one user only', async () => {
    const code = wechat.issueCode('openid-dave');
    const signUp = await server.call('GET', `/api/oauth/wechat?code=${code}`);
    expect(signUp.json()).toMatchObject({ success: true, message: 'login successful', data: { wechat_id: 'openid-dave', display_name: 'WeChat User' } });
    expect(signUp.json().data.username).toMatch(/^wechat_[a-z0-9]{8}$/);
    const reused = await server.call('GET', `/api/oauth/wechat?code=${code}`);
    expect(reused.json()).toMatchObject({ success: false, message: 'the verification code is wrong or has expired' });
    const old = wechat.issueCode('openid-erin');
    wechat.age(181);
    expect((await server.call('GET', `/api/oauth/wechat?code=${old}`)).json().success).toBe(false);
    expect((await server.call('GET', '/api/oauth/wechat?code=')).json().message).toBe('the verification code cannot be empty');

    const taken = await server.call('GET', `/api/oauth/wechat/bind?code=${wechat.issueCode('openid-dave')}`, { as: alice });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('this WeChat account has already been bound to another user');
    const bound = await server.call('GET', `/api/oauth/wechat/bind?code=${wechat.issueCode('openid-alice')}`, { as: alice });
    expect(bound.json()).toEqual({ success: true, message: 'bind' });
    expect((await userRow(alice.user.id)).wechat_id).toBe('openid-alice');
    const signIn = await server.call('GET', `/api/oauth/wechat?code=${wechat.issueCode('openid-alice')}`);
    expect(signIn.json().data.id).toBe(alice.user.id);
  });

  it('Telegram: the widget hash is checked with the bot token, auth_date is at most a day old', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = signTelegramWidget({ id: 700001, first_name: 'Frank', last_name: 'Tg', username: 'frank_tg', auth_date: now }, botToken);
    const login = await server.call('GET', `/api/oauth/telegram/login?${new URLSearchParams({ ...payload, lang: 'en' })}`);
    expect(login.json()).toMatchObject({ success: true, data: { username: 'frank_tg', display_name: 'Frank Tg', telegram_id: '700001' } });

    const tampered = { ...payload, id: '700002' };
    const forged = signTelegramWidget({ id: 700003, username: 'forged', auth_date: now }, '999:another-bot');
    const stale = signTelegramWidget({ id: 700004, username: 'stale', auth_date: now - 86_401 }, botToken);
    const cases: Array<[Record<string, string>, string]> = [
      [tampered, 'the Telegram login data is invalid'],
      [forged, 'the Telegram login data is invalid'],
      [{ ...payload, hash: '' }, 'the Telegram login data is invalid'],
      [stale, 'the Telegram login data has expired, please log in again'],
    ];
    for (const [query, message] of cases) {
      const response = await server.call('GET', `/api/oauth/telegram/login?${new URLSearchParams(query)}`);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }

    const taken = await server.call('POST', '/api/oauth/telegram/bind', { as: alice, body: payload });
    expect(taken.statusCode).toBe(409);
    const own = signTelegramWidget({ id: 700010, first_name: 'Alice', auth_date: now }, botToken);
    const bound = await server.call('POST', '/api/oauth/telegram/bind', { as: alice, body: own });
    expect(bound.json()).toEqual({ success: true, message: 'bind' });
    expect((await userRow(alice.user.id)).telegram_id).toBe('700010');
  });

  it('the bind routes refuse visitors and every sign-in route refuses when its provider is off', async () => {
    expect((await server.call('GET', '/api/oauth/wechat/bind?code=1')).statusCode).toBe(401);
    expect((await server.call('POST', '/api/oauth/telegram/bind', { body: {} })).statusCode).toBe(401);
    await server.context.options.set('WeChatAuthEnabled', false);
    await server.context.options.set('TelegramOAuthEnabled', false);
    const wechatOff = await server.call('GET', `/api/oauth/wechat?code=${wechat.issueCode('openid-x')}`);
    expect(wechatOff.json().message).toBe('the administrator has not enabled login and registration with WeChat');
    const telegramOff = await server.call('GET', `/api/oauth/telegram/login?${new URLSearchParams(signTelegramWidget({ id: 5, auth_date: Math.floor(Date.now() / 1000) }, botToken))}`);
    expect(telegramOff.json().message).toBe('the administrator has not enabled login and registration with Telegram');
    await server.context.options.set('WeChatAuthEnabled', true);
    await server.context.options.set('TelegramOAuthEnabled', true);
  });
});
