/// <reference lib="dom" />
// Browser test of mail: forgot password on /reset → the mail reaches a real SMTP server → its link opens
// /user/reset, which shows the new password → signing in with it works; then binding an email from personal settings.
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { captureLooks, consoleDist, openBrowser, requireBuiltConsole, screenshotDir, signIn, waitForMotion, waitForToast, type BrowserSession } from './helpers/browser';

describe('password reset and email binding in Chromium', { timeout: 120_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let smtp: SmtpSink;
  let base: string;

  beforeAll(async () => {
    requireBuiltConsole();
    smtp = await startSmtpSink();
    server = await startTestServer({ CONSOLE_DIR: consoleDist, CRITICAL_RATE_LIMIT: '1000' });
    base = await server.listen();
    browser = await openBrowser();
    await server.call('POST', '/api/setup', { body: { username: 'admin', password: 'admin-password-1', confirmPassword: 'admin-password-1', SelfUseModeEnabled: false, DemoSiteEnabled: false } });
    const options = server.context.options;
    await options.set('SMTPServer', '127.0.0.1');
    await options.set('SMTPPort', smtp.port);
    await options.set('SMTPFrom', 'noreply@example.com');
    await options.set('ServerAddress', base);
    await server.createUser({ username: 'forgetful', email: 'forgetful@example.com', password: 'forgotten-pass1' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('shows the reset pages in every look', async () => {
    const { page } = browser;
    await page.goto(`${base}/login`);
    await captureLooks(page, `${base}/reset`, 'reset', (current) => current.getByTestId('reset-card').waitFor());
    await captureLooks(page, `${base}/user/reset?email=someone%40example.com&token=ABC`, 'reset-confirm', (current) => current.getByTestId('reset-confirm-submit').waitFor());
    await captureLooks(page, `${base}/user/reset`, 'reset-confirm-incomplete', (current) => current.getByTestId('reset-link-incomplete').waitFor());
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const { page } = browser;
    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/login`);
    await page.getByTestId('login-reset-link').click();
    await page.waitForURL((url) => url.pathname === '/reset');
    await page.locator('input[name="email"]').fill('forgetful@example.com');
    await page.getByTestId('reset-submit').click();
    await waitForToast(page, 'If an account uses this address, a reset link is on its way');
    // The 30-second countdown locks the button.
    await page.getByTestId('reset-submit').getByText(/^Retry \(\d+ s\)$/).waitFor();
    expect(await page.getByTestId('reset-submit').isDisabled()).toBe(true);

    const mail = await smtp.nextMailTo('forgetful@example.com');
    const href = /href="([^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const link = new URL(href);
    expect(link.origin).toBe(base);
    expect(link.pathname).toBe('/user/reset');

    await page.goto(link.toString());
    expect(await page.getByTestId('reset-email').inputValue()).toBe('forgetful@example.com');
    await page.getByTestId('reset-confirm-submit').click();
    const shown = page.getByTestId('reset-new-password');
    await shown.waitFor();
    const password = await shown.inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByTestId('reset-copy').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'reset-confirm-done-en-1280.png'), fullPage: true });

    await signIn(page, base, 'forgetful', password);
    expect(new URL(page.url()).pathname).toBe('/token');
  });

  it('binds an email address from personal settings with the mailed code', async () => {
    const { page } = browser;
    await page.goto(`${base}/personal`);
    await page.getByTestId('bindings-card').waitFor();
    await page.getByTestId('bind-email').click();
    const modal = page.getByTestId('email-bind-modal');
    await modal.locator('input[name="email"]').waitFor();
    await waitForMotion(page);
    await modal.locator('input[name="email"]').fill('second@example.com');
    await modal.getByTestId('email-bind-send-code').click();
    await waitForToast(page, 'Verification code sent');
    await modal.getByTestId('email-bind-send-code').getByText(/\(\d+ s\)/).waitFor();
    const mail = await smtp.nextMailTo('second@example.com');
    const code = /<strong>([A-Z0-9]{6})<\/strong>/.exec(mail.html)?.[1] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await modal.locator('input[name="email_verification_code"]').fill(code);
    await page.getByRole('button', { name: 'Bind' }).last().click();
    await waitForToast(page, 'Email bound');
    await page.getByTestId('binding-email').getByText('second@example.com').waitFor();
    const row = await server.context.db.selectFrom('users').select('email').where('username', '=', 'forgetful').executeTakeFirstOrThrow();
    expect(row.email).toBe('second@example.com');
  });
});
