/// <reference lib="dom" />
// Browser test of passkeys with Chromium's virtual WebAuthn authenticator (DevTools WebAuthn domain): register a
// passkey in personal settings, sign out, sign in with it, and reveal a channel key through the secure-verification
// modal, in English and Chinese; screenshots of the passkey card, the login page and the modal.
import path from 'node:path';
import { generateSync } from 'otplib';
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, screenshotDir, signIn, waitForMotion, waitForToast, type BrowserSession } from './helpers/browser';

describe('passkeys in Chromium', { timeout: 300_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let base: string;
  let cdp: CDPSession;
  let authenticatorId = '';
  let channelId = 0;

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist, CRITICAL_RATE_LIMIT: '100000' });
    // WebAuthn refuses an IP address as relying party id: the console is opened on localhost (the RP id derived from it).
    base = (await server.listen()).replace('127.0.0.1', 'localhost');
    await server.call('POST', '/api/setup', { body: { username: 'root', password: 'root-password-1', confirmPassword: 'root-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    const operator = await server.createUser({ username: 'operator', role: 100 });
    expect((await server.call('PUT', '/api/option/', { as: operator, body: { key: 'passkey.enabled', value: true } })).statusCode).toBe(200);
    await server.createUser({ username: 'alice', password: 'password123' });
    await server.createUser({ username: 'bob', password: 'password123' });
    await server.call('POST', '/api/channel/', { as: operator, body: { mode: 'single', channel: { name: 'upstream', type: 1, key: 'sk-revealed-by-passkey', models: 'gpt-4o', group: 'default', base_url: 'http://127.0.0.1:9' } } });
    channelId = (await server.context.db.selectFrom('channels').select('id').where('name', '=', 'upstream').executeTakeFirstOrThrow()).id;
    browser = await openBrowser();
    cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('WebAuthn.enable');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh virtual platform authenticator (one per user, so a discoverable sign-in finds one credential). */
  async function newAuthenticator(): Promise<void> {
    if (authenticatorId) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    const added = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    authenticatorId = added.authenticatorId;
  }
  async function signOut(): Promise<void> {
    await browser.context.clearCookies();
    await browser.page.goto(`${base}/login`);
    await browser.page.evaluate(() => localStorage.removeItem('user'));
  }
  async function useLanguage(language: 'en' | 'zh'): Promise<void> {
    await browser.page.evaluate((value) => localStorage.setItem('i18nextLng', value), language);
  }

  for (const [language, username, text] of [
    ['en', 'alice', { registered: 'Passkey registered', state: 'Registered', lastUsed: 'Last used:' }],
    ['zh', 'bob', { registered: 'Passkey 注册成功', state: '已注册', lastUsed: '上次使用：' }],
  ] as const) {
    it(`registers a passkey in personal settings, signs out and signs in with it (${language})`, async () => {
      const page = browser.page;
      await newAuthenticator();
      await signOut();
      await signIn(page, base, username, 'password123');
      await useLanguage(language);
      await page.goto(`${base}/personal`);
      await page.getByTestId('passkey-register').click();
      await waitForToast(page, text.registered);
      await page.getByTestId('passkey-state').getByText(text.state, { exact: true }).waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);

      await signOut();
      await page.goto(`${base}/login`);
      await page.getByTestId('login-passkey').click();
      await page.waitForURL((url) => url.pathname === '/token');
      const user = await server.context.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      const session = await server.context.db.selectFrom('user_sessions').select(['login_method']).where('user_id', '=', user.id).where('status', '=', 'active').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(session.login_method).toBe('passkey');
      await page.goto(`${base}/personal`);
      await page.getByTestId('passkey-last-used').getByText(text.lastUsed).waitFor();
    });
  }

  for (const [language, texts] of [
    ['en', { title: 'Security verification', button: 'Verify with passkey' }],
    ['zh', { title: '安全验证', button: '使用 Passkey 验证' }],
  ] as const) {
    it(`root reveals a channel key through the verification modal with the passkey (${language})`, async () => {
      const page = browser.page;
      await signOut();
      await signIn(page, base, 'root', 'root-password-1');
      if (language === 'en') {
        await newAuthenticator();
        await page.goto(`${base}/personal`);
        await page.getByTestId('passkey-register').click();
        await waitForToast(page, 'Passkey registered');
      }
      await useLanguage(language);
      await page.goto(`${base}/channel`);
      await page.getByTestId(`channel-edit-${channelId}`).click();
      await page.getByTestId('channel-reveal-key').click();
      await page.getByTestId('secure-verification-modal').getByText(texts.title).waitFor();
      await waitForMotion(page);
      if (language === 'en') await page.screenshot({ path: path.join(screenshotDir, 'passkey-verify-modal-light-en-1280.png') });
      await page.getByTestId('secure-verification-passkey').getByText(texts.button).click();
      await page.getByTestId('channel-key-revealed').getByText('sk-revealed-by-passkey').waitFor();
      await waitForMotion(page);
      if (language === 'zh') await page.screenshot({ path: path.join(screenshotDir, 'passkey-key-revealed-light-zh-1280.png') });
      const audit = await server.context.db.selectFrom('logs').select('other').where('type', '=', 3).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(JSON.parse(audit.other)).toMatchObject({ action: 'channel.key_view', channel_id: channelId });
    });
  }

  it('root turns 2FA on and reveals the key with an authenticator code chosen in the modal (en)', async () => {
    const page = browser.page;
    await useLanguage('en');
    // 2FA is set up through the browser's own session (its cookie rotates with the change, as in personal settings).
    const secret = await page.evaluate(async () => {
      const headers = { 'New-Api-User': String((JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id), 'Content-Type': 'application/json' };
      const setup = (await (await fetch('/api/user/2fa/setup', { method: 'POST', headers, body: '{}' })).json()) as { data: { secret: string } };
      return setup.data.secret;
    });
    const now = Math.floor(Date.now() / 1000);
    const enabled = await page.evaluate(async (code) => {
      const headers = { 'New-Api-User': String((JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id), 'Content-Type': 'application/json' };
      return ((await (await fetch('/api/user/2fa/enable', { method: 'POST', headers, body: JSON.stringify({ code }) })).json()) as { success: boolean }).success;
    }, generateSync({ secret, epoch: now }));
    expect(enabled).toBe(true);
    await page.goto(`${base}/channel`);
    await page.getByTestId(`channel-edit-${channelId}`).click();
    await page.getByTestId('channel-reveal-key').click();
    await page.getByTestId('secure-verification-method').getByText('Authenticator code').click();
    await page.getByTestId('secure-verification-code').fill('000000');
    await page.getByTestId('secure-verification-submit').click();
    await waitForToast(page, 'Verification failed, please check the code');
    // The next step's code (the enable used this step's).
    await page.getByTestId('secure-verification-code').fill(generateSync({ secret, epoch: now + 30 }));
    await page.getByTestId('secure-verification-submit').click();
    await page.getByTestId('channel-key-revealed').getByText('sk-revealed-by-passkey').waitFor();
  });

  it('an admin resets a user passkey from the user list; the passkey settings card is on the system tab', async () => {
    const page = browser.page;
    await useLanguage('en');
    const alice = await server.context.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    await page.goto(`${base}/user`);
    await page.getByTestId(`user-reset-passkey-${alice.id}`).click();
    await waitForMotion(page);
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await waitForToast(page, "The user's passkey has been reset");
    expect(await server.context.db.selectFrom('passkey_credentials').selectAll().where('user_id', '=', alice.id).executeTakeFirst()).toBeUndefined();
    await page.goto(`${base}/setting?tab=system`);
    const card = page.getByTestId('settings-card-passkey');
    await card.getByText('Allow passkey sign-in').waitFor();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(screenshotDir, 'passkey-settings-light-en-1280.png') });
  });

  it('captures the passkey card and the login page in every look', async () => {
    const page = browser.page;
    const cards = await captureLooks(page, `${base}/personal`, 'passkey-card', (ready) => ready.getByTestId('passkey-last-used').waitFor());
    expect(cards).toHaveLength(6);
    await signOut();
    const logins = await captureLooks(page, `${base}/login`, 'passkey-login', (ready) => ready.getByTestId('login-passkey').waitFor());
    expect(logins).toHaveLength(6);
  });
});
