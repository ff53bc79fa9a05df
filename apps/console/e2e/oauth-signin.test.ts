/// <reference lib="dom" />
// Browser test of third-party sign-in with a real OpenID Connect provider (oidc-provider): the admin fills the OIDC
// card through discovery, a visitor sees the OIDC button on the login page, signs in on the provider's page, comes
// back through /oauth/oidc and lands signed in on /token; screenshots of the login page and the bindings in every look.
import { startOidcTestProvider, startWeChatServerEmulation, type OidcTestProvider, type WeChatServerEmulation } from '@turnpike/testing/oauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, signIn, waitForToast, type BrowserSession } from './helpers/browser';

describe('third-party sign-in in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let provider: OidcTestProvider;
  let wechat: WeChatServerEmulation;
  let browser: BrowserSession;
  let base: string;

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist, CRITICAL_RATE_LIMIT: '100000' });
    base = await server.listen();
    provider = await startOidcTestProvider({ clientId: 'console-client', clientSecret: 'console-secret', redirectUris: [`${base}/oauth/oidc`] });
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    // Other providers shown beside OIDC on the login page (their own flows are covered by the server tests).
    await server.context.options.set('GitHubClientId', 'gh-client');
    await server.context.options.set('GitHubOAuthEnabled', true);
    wechat = await startWeChatServerEmulation('wechat-token');
    await server.context.options.set('WeChatServerAddress', wechat.url);
    await server.context.options.set('WeChatServerToken', 'wechat-token');
    await server.context.options.set('WeChatAuthEnabled', true);
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
    await wechat?.close();
  });

  it('settings discovery → login button → provider login → callback → signed in on /token', async () => {
    const { page } = browser;
    await signIn(page, base, 'admin', 'admin-password-1');
    await page.goto(`${base}/setting?tab=system`);
    const card = page.getByTestId('settings-card-oidc');
    await card.locator('input[name="oidc.client_id"]').fill('console-client');
    await card.locator('input[name="oidc.client_secret"]').fill('console-secret');
    await card.locator('input[name="oidc.well_known"]').fill(provider.wellKnownUrl);
    await page.getByTestId('oidc-discover').click();
    await expect.poll(() => card.locator('input[name="oidc.authorization_endpoint"]').inputValue()).toBe(`${provider.issuer}/auth`);
    expect(await card.locator('input[name="oidc.user_info_endpoint"]').inputValue()).toBe(`${provider.issuer}/me`);
    await page.getByTestId('option-oidc.enabled').click();
    await page.getByTestId('settings-save-oidc').click();
    await expect.poll(() => server.context.options.bool('oidc.enabled')).toBe(true);
    expect(server.context.options.string('oidc.token_endpoint')).toBe(`${provider.issuer}/token`);
    expect(server.context.options.string('oidc.client_secret')).toBe('console-secret');

    // Signed out: a visitor with an invitation link.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.goto(`${base}/login?aff=${(await server.context.db.selectFrom('users').select('aff_code').where('username', '=', 'admin').executeTakeFirstOrThrow()).aff_code}`);
    const button = page.getByTestId('oauth-oidc');
    await button.waitFor();
    expect(await button.innerText()).toContain('OIDC');
    await button.click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('oidc-dana');
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    // The development consent page.
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin === base && url.pathname === '/token', { timeout: 30_000 });
    await waitForToast(page, 'Logged in');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { username?: string; oidc_id?: string });
    expect(stored).toMatchObject({ username: 'oidc-dana', oidc_id: 'oidc-dana' });
    const created = await server.context.db.selectFrom('users').selectAll().where('username', '=', 'oidc-dana').executeTakeFirstOrThrow();
    const admin = await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(created.inviter_id).toBe(admin.id);
    expect(created.display_name).toBe(provider.displayNameOf('oidc-dana'));

    // The signed-in user's bindings: OIDC bound, GitHub bindable, Linux DO and Telegram not enabled.
    await page.goto(`${base}/personal`);
    await page.getByTestId('binding-oidc_id').getByText('oidc-dana').waitFor();
    expect(await page.getByTestId('bind-github_id').innerText()).toBe('Bind');
    expect(await page.getByTestId('bind-linux_do_id').isDisabled()).toBe(true);
    await captureLooks(page, `${base}/personal`, 'oauth-bindings', (current) => current.getByTestId('binding-oidc_id').getByText('oidc-dana').waitFor());
  });

  it('shows the third-party buttons on the login page in every look', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.removeItem('user'));
    await captureLooks(page, `${base}/login`, 'oauth-login', (current) => current.getByTestId('oauth-oidc').waitFor());
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/login`);
    await page.getByTestId('oauth-wechat').click();
    const dialog = page.getByTestId('wechat-login-modal');
    await dialog.locator('input[name="wechat_login_code"]').fill(wechat.issueCode('openid-wechat-user'));
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/token');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { wechat_id?: string });
    expect(stored.wechat_id).toBe('openid-wechat-user');
  });

  it('binds an OIDC account from personal settings and comes back to them', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await signIn(page, base, 'admin', 'admin-password-1');
    await page.goto(`${base}/personal`);
    await page.getByTestId('bind-oidc_id').click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('admin-at-idp');
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin === base && url.pathname === '/personal', { timeout: 30_000 });
    await waitForToast(page, 'Bound successfully');
    await page.getByTestId('binding-oidc_id').getByText('admin-at-idp').waitFor();
    const admin = await server.context.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.oidc_id).toBe('admin-at-idp');
  });
});
