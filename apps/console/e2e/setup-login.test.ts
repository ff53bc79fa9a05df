/// <reference lib="dom" />
// Browser test: signing in right after first-run setup lands on the console, not on the home page (a status stored
// before setup still said "setup needed"; the router sent the visitor to /setup, which then sent them home).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server';
import { consoleDist, openBrowser, requireBuiltConsole, type BrowserSession } from './helpers/browser';

describe('login right after setup in Chromium', { timeout: 120_000 }, () => {
  let server: TestServer;
  let browser: BrowserSession;
  let base: string;

  beforeAll(async () => {
    requireBuiltConsole();
    server = await startTestServer({ CONSOLE_DIR: consoleDist });
    base = await server.listen();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs the new admin in without a detour through /setup', async () => {
    const { page } = browser;
    await page.goto(`${base}/setup`);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${base}/setup`);
    await page.getByTestId('setup-card').waitFor();
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin-password-1');
    await page.locator('input[name="confirmPassword"]').fill('admin-password-1');
    await page.getByTestId('setup-submit').click();
    await expect.poll(async () => (await server.call('GET', '/api/setup')).json().data.status, { timeout: 15_000 }).toBe(true);
    // Straight to the login page, as an operator does after setup (before the setup page reloads itself).
    await page.goto(`${base}/login`);
    await page.getByTestId('login-card').waitFor();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin-password-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/token', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/token');
    expect(visited).not.toContain('/setup');
  });
});
