/// <reference lib="dom" />
// Browser test of passkeys with Chromium's virtual WebAuthn authenticator (DevTools WebAuthn domain): register a
// passkey in personal settings, sign out, sign in with it, and reveal a channel key through the secure-verification
// modal, in English and Chinese; screenshots of the passkey card, the login page and the modal.
import path from 'node:path';
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

  it('captures the passkey card and the login page in every look', async () => {
    const page = browser.page;
    const cards = await captureLooks(page, `${base}/personal`, 'passkey-card', (ready) => ready.getByTestId('passkey-last-used').waitFor());
    expect(cards).toHaveLength(6);
    await signOut();
    const logins = await captureLooks(page, `${base}/login`, 'passkey-login', (ready) => ready.getByTestId('login-passkey').waitFor());
    expect(logins).toHaveLength(6);
  });
});
