/// <reference lib="dom" />
// Browser test of two-factor sign-in: set up with the QR code's secret and backup codes, enable, sign in with the code
// step (English and Chinese), and the admin reset.
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, signIn, waitForToast, type BrowserSession } from './helpers/browser';

/** The code an authenticator shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps: number): string => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('two-factor sign-in in Chromium', { timeout: 240_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let base: string;
  let secret = '';
  let backupCode = '';

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist, CRITICAL_RATE_LIMIT: '100000' });
    base = await server.listen();
    await server.call('POST', '/api/setup', { body: { username: 'root', password: 'root-password-1', confirmPassword: 'root-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    await server.createUser({ username: 'alice', password: 'password123' });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signOut(): Promise<void> {
    await browser.context.clearCookies();
    await browser.page.evaluate(() => localStorage.removeItem('user'));
  }

  it('sets up 2FA from the QR code secret, shows backup codes and enables it', async () => {
    const page = browser.page;
    await signIn(page, base, 'alice', 'password123');
    await page.goto(`${base}/personal`);
    await page.getByTestId('two-factor-setup').click();
    await page.getByTestId('two-factor-qr').waitFor();
    secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    backupCode = (await page.getByTestId('two-factor-backup-codes').innerText()).match(/[A-Z0-9]{4}-[A-Z0-9]{4}/)?.[0] ?? '';
    expect(backupCode).not.toBe('');
    // Each step's code is accepted once: this one is now's, the sign-in below uses the next step's (a phone running early).
    await page.getByTestId('two-factor-code').fill(codeAt(secret, 0));
    await page.getByTestId('two-factor-enable').click();
    await waitForToast(page, 'Two-factor authentication enabled');
    await page.getByTestId('two-factor-card').getByText('Enabled', { exact: true }).waitFor();
  });

  it('asks for the code after the password and signs in with it', async () => {
    const page = browser.page;
    await signOut();
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill('alice');
    await page.locator('input[name="password"]').fill('password123');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-card').waitFor();
    await page.getByTestId('login-2fa-code').fill('000000');
    await page.getByTestId('login-2fa-submit').click();
    await waitForToast(page, 'the verification code or backup code is wrong, please try again');
    await page.getByTestId('login-2fa-code').fill(codeAt(secret, 1));
    await page.getByTestId('login-2fa-submit').click();
    await page.waitForURL((url) => url.pathname === '/token');
  });

  it('shows the code step in Chinese and signs in with a backup code', async () => {
    const page = browser.page;
    await signOut();
    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill('alice');
    await page.locator('input[name="password"]').fill('password123');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-card').getByText('请输入身份验证器应用中的验证码，或任一备用码。').waitFor();
    await page.getByTestId('login-2fa-code').fill(backupCode);
    await page.getByTestId('login-2fa-submit').click();
    await page.waitForURL((url) => url.pathname === '/token');
  });

  it('an admin resets the user 2FA from the user list', async () => {
    const page = browser.page;
    await signOut();
    await signIn(page, base, 'root', 'root-password-1');
    const alice = await server.context.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    await page.goto(`${base}/user`);
    await page.getByTestId(`user-reset-2fa-${alice.id}`).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await waitForToast(page, "The user's two-factor authentication has been turned off");
    const login = await server.call('POST', '/api/user/login', { body: { username: 'alice', password: 'password123' } });
    expect(login.json().data.token_type).toBe('Bearer');
  });
});
